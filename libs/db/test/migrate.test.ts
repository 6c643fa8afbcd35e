import { sql, type Kysely, type Migration } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '@mfd/db';
import { dropSchemas, testInfra, uniqueSchema } from '@mfd/testing';

const migrations: Record<string, Migration> = {
  '0001-things': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('things')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .execute();
      // Slow enough that replicas starting together would overlap without the lock.
      await sql`select pg_sleep(0.2)`.execute(db);
    },
  },
  '0002-more': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('things').addColumn('name', 'text').execute();
    },
  },
};

describe('migrations at start', () => {
  const schema = uniqueSchema('dbkit');
  const laterSchema = uniqueSchema('dbkit');
  afterAll(() => dropSchemas(testInfra().pgUrl, [schema, laterSchema]));

  it('when a lower-numbered migration lands after a higher one ran, then the next start runs it', async () => {
    const { db, pool, close } = createDatabase({ url: testInfra().pgUrl, schema: laterSchema });
    try {
      const { '0002-more': _more, ...first } = migrations;
      const third = {
        '0003-tags': {
          async up(k: Kysely<unknown>) {
            await k.schema.createTable('tags').addColumn('id', 'integer').execute();
          },
        },
      };
      expect(await migrateToLatest(db as Kysely<unknown>, pool, laterSchema, { ...first, ...third })).toEqual(
        ['0001-things', '0003-tags'],
      );
      expect(
        await migrateToLatest(db as Kysely<unknown>, pool, laterSchema, { ...migrations, ...third }),
      ).toEqual(['0002-more']);
    } finally {
      await close();
    }
  });

  it('when three replicas start at once, then the migrations run exactly once, in the service schema', async () => {
    const replicas = [1, 2, 3].map(() => createDatabase({ url: testInfra().pgUrl, schema }));
    try {
      const applied = await Promise.all(
        replicas.map((r) => migrateToLatest(r.db as Kysely<unknown>, r.pool, schema, migrations)),
      );
      expect(applied.flat().sort()).toEqual(['0001-things', '0002-more']);

      const db = replicas[0]!.db as Kysely<{ things: { id: number; name: string | null } }>;
      await db.insertInto('things').values({ id: 1, name: 'x' }).execute();
      const where = await sql<{
        table_schema: string;
      }>`select table_schema from information_schema.tables where table_name = 'things' and table_schema = ${schema}`.execute(
        db,
      );
      expect(where.rows).toHaveLength(1);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });
});
