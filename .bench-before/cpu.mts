import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createDatabase, migrateToLatest } from '@mfd/db';
import { migrations } from '../services/directory/src/migrations';
import { importPorts } from '../services/directory/src/domain/ports/import-ports';
const schema = `bench_${randomBytes(4).toString('hex')}_cpu`;
const database = createDatabase<any>({ url: 'postgres://postgres@127.0.0.1:5432/test', schema });
await migrateToLatest(database.db as Kysely<unknown>, database.pool, schema, migrations);
const actor = { userId: '00000000-0000-4000-8000-000000000001', tenantId: '00000000-0000-4000-8000-000000000002' };
for (let i = 0; i < 2; i++) {
  await sql`truncate ports cascade`.execute(database.db);
  const c = process.cpuUsage(); const t = performance.now();
  const r = await importPorts(database.db, '/tmp/pi/110k.csv', actor);
  const u = process.cpuUsage(c);
  console.log('wall', ((performance.now() - t)/1000).toFixed(2), 'cpu', ((u.user+u.system)/1e6).toFixed(2), r.inserted);
}
await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
await database.close();
