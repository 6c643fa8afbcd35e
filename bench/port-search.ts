import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { createDatabase, migrateToLatest } from '@mfd/db';
import type { DirectoryDB } from '../services/directory/src/data/db';
import { searchPorts } from '../services/directory/src/data/ports.repository';
import { migrations } from '../services/directory/src/migrations';
import { saveResults } from './results';

/**
 * Port typeahead on a UN/LOCODE-sized table (110k+ ports), through the service's own search
 * query, with the trigram and pattern indexes and again without them. Prints p50/p95 per query
 * and the ratio of the two runs. Other companies hold ports of their own (not approved, named
 * like the shared ones), which the searching company must never be offered: the bench fails if
 * one is. `npm run bench` (PG_URL or the local default).
 */
const ROWS = 110_000;
const OTHER_COMPANIES = 20;
const OWN_PORTS_EACH = 50;
/** The company searching: it holds no port of its own, so its answers are the shared ports'. */
const SEARCHER = randomUUID();
const RUNS = 40;
const QUERIES = ['sgsin', 'singapore', 'SG sin', 'rotterd', 'hamb', 'new yo', 'kal', 'port', 'zzqx'];
const INDEXES = [
  'ports_name_trgm_idx',
  'ports_unlocode_pattern_idx',
  'ports_name_prefix_idx',
  'ports_country_name_prefix_idx',
];

const url = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomBytes(4).toString('hex')}`;
const database = createDatabase<DirectoryDB>({ url, schema, poolMax: 4 });
const db = database.db;

async function fill(): Promise<void> {
  // Names built from syllables so trigram statistics look like real place names; codes are unique.
  await sql`
    with syllables(s) as (select unnest(array['sa','to','ri','ka','ma','no','ha','be','lu','po','ver','dam','burg','ton','ville','port','mar','sin','ga','ro'])),
    numbered as (select row_number() over () as n, s from syllables),
    countries(c) as (select unnest(array['US','CN','JP','DE','GB','FR','IT','ES','NL','BR','IN','RU','AU','CA','MX','NO','SE','GR','TR','KR'])),
    cn as (select row_number() over () as n, c from countries)
    insert into ports (id, unlocode, name, name_ascii, country, timezone, source)
    select gen_random_uuid(),
           cn.c || chr(65 + (i / 676) % 26) || chr(65 + (i / 26) % 26) || chr(65 + i % 26),
           initcap(a.s || b.s || c.s) || ' ' || i,
           initcap(a.s || b.s || c.s) || ' ' || i,
           cn.c, 'UTC', 'unlocode'
    from generate_series(1, ${ROWS}) as i
    join numbered a on a.n = 1 + (i * 7) % 20
    join numbered b on b.n = 1 + (i * 13) % 20
    join numbered c on c.n = 1 + (i * 3) % 20
    join cn on cn.n = 1 + (i / 17576) % 20
    on conflict (unlocode) where tenant_id is null do nothing`.execute(db);
  // Other companies' own ports: shared codes and names that every query finds.
  const companies = Array.from({ length: OTHER_COMPANIES }, () => randomUUID());
  await sql`
    insert into ports (id, tenant_id, unlocode, name, name_ascii, country, timezone, source)
    select gen_random_uuid(), (${companies}::uuid[])[1 + c % ${OTHER_COMPANIES}],
           'SG' || chr(65 + (i / 676) % 26) || chr(65 + (i / 26) % 26) || chr(65 + i % 26),
           n.name || ' ' || i, n.name || ' ' || i, 'SG', 'UTC', 'manual'
    from generate_series(0, ${OTHER_COMPANIES - 1}) as c
    cross join generate_series(1, ${OWN_PORTS_EACH}) as i
    cross join lateral (select (array['Singapore Anchorage', 'Port Kalama', 'Rotterdam Buoy', 'Hamburg Pier', 'New York Berth'])[1 + i % 5] as name) n
    on conflict do nothing`.execute(db);
  await sql`analyze ports`.execute(db);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(): Promise<Map<string, { p50: number; p95: number }>> {
  const results = new Map<string, { p50: number; p95: number }>();
  for (const q of QUERIES) {
    const offered = await searchPorts(db, SEARCHER, q, 10); // warms the cache
    if (offered.some((p) => p.pending)) throw new Error(`"${q}" offered another company's own port`);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await searchPorts(db, SEARCHER, q, 10);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.set(q, { p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return results;
}

try {
  await migrateToLatest(db as Kysely<unknown>, database.pool, schema, migrations);
  await fill();
  const total = await db
    .selectFrom('ports')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  console.log(`ports: ${total.n.toLocaleString()} rows, ${RUNS} runs per query\n`);

  const indexed = await measure();
  for (const index of INDEXES) await sql`drop index ${sql.id(schema, index)}`.execute(db);
  await sql`analyze ports`.execute(db);
  const bare = await measure();

  console.log('query       indexed p50/p95 (ms)   no index p50/p95 (ms)   p95 ratio');
  const ratios: number[] = [];
  for (const q of QUERIES) {
    const a = indexed.get(q)!;
    const b = bare.get(q)!;
    const ratio = b.p95 / a.p95;
    ratios.push(ratio);
    console.log(
      `${q.padEnd(10)}  ${a.p50.toFixed(2).padStart(7)} / ${a.p95.toFixed(2).padStart(7)}      ${b.p50.toFixed(2).padStart(7)} / ${b.p95.toFixed(2).padStart(7)}     ${ratio.toFixed(1)}x`,
    );
  }
  const all = (m: Map<string, { p95: number }>) => [...m.values()].map((v) => v.p95).sort((x, y) => x - y);
  const speedUp = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(
    `\noverall p95: indexed ${percentile(all(indexed), 95).toFixed(2)} ms, no index ${percentile(all(bare), 95).toFixed(2)} ms`,
  );
  console.log(`geometric mean of the p95 ratios: ${speedUp.toFixed(1)}x faster with the indexes`);
  saveResults('port-search', [
    {
      metric: `typeahead p95 over ${QUERIES.length} queries, indexed (ms)`,
      value: Number(percentile(all(indexed), 95).toFixed(2)),
      target: null,
      pass: null,
    },
    {
      metric: 'p95 without / with the indexes (geometric mean)',
      value: `${speedUp.toFixed(1)}x`,
      target: null,
      pass: null,
    },
  ]);
} finally {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await database.close();
}
