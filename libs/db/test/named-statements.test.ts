import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, executeNamed } from '@mfd/db';
import { testInfra, uniqueSchema } from '@mfd/testing';

interface Table {
  items: { id: number; name: string };
}

describe('named statements', () => {
  const schema = uniqueSchema('dbnamed');
  const plain = createDatabase<Table>({ url: testInfra().pgUrl, schema, poolMax: 1 });
  const custom = createDatabase<Table>({ url: testInfra().pgUrl, schema, poolMax: 1, customPlans: true });
  beforeAll(async () => {
    await sql`create schema ${sql.id(schema)}`.execute(plain.db);
    await sql`create table items (id int primary key, name text not null)`.execute(plain.db);
    await sql`insert into items values (1, 'one'), (2, 'two')`.execute(plain.db);
  });
  afterAll(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(plain.db);
    await Promise.all([plain.close(), custom.close()]);
  });

  const byId = (db: typeof plain.db, id: number) =>
    db.selectFrom('items').select(['id', 'name']).where('id', '=', id).compile();
  /** The named statements the pool's one connection holds, and how often each was planned. */
  const prepared = async (db: typeof plain.db) =>
    (
      await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`.execute(db)
    ).rows;

  it('when a query runs named, then it answers as Kysely does and its connection keeps it parsed', async () => {
    for (const id of [1, 2, 1, 2, 1, 2, 1, 2])
      expect(await executeNamed(plain.db, 'test_items_by_id', byId(plain.db, id))).toEqual(
        await plain.db.selectFrom('items').select(['id', 'name']).where('id', '=', id).execute(),
      );
    const [kept, ...others] = await prepared(plain.db);
    expect(others).toEqual([]);
    expect(kept!.statement).toBe(byId(plain.db, 1).sql);
    // PostgreSQL settles on one plan for any id after its first five.
    expect(kept!.generic_plans).toBeGreaterThan(0);
  });

  it('when its pool asks for custom plans, then each run is planned for its values', async () => {
    for (const id of [1, 2, 1, 2, 1, 2, 1, 2])
      await executeNamed(custom.db, 'test_items_by_id', byId(custom.db, id));
    const [kept] = await prepared(custom.db);
    expect(kept).toMatchObject({ generic_plans: 0, custom_plans: 8 });
  });

  it('when it runs in a transaction, then it reads the transaction’s own writes', async () => {
    const rolledBack = plain.db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 3, name: 'three' }).execute();
      expect(await executeNamed(trx, 'test_items_by_id', byId(plain.db, 3))).toEqual([
        { id: 3, name: 'three' },
      ]);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await executeNamed(plain.db, 'test_items_by_id', byId(plain.db, 3))).toEqual([]);
  });
});
