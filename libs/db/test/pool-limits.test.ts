import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@mfd/db';
import { testInfra, uniqueSchema } from '@mfd/testing';

describe('database pool limits', () => {
  const database = createDatabase({
    url: testInfra().pgUrl,
    schema: uniqueSchema('dbpool'),
    poolMax: 1,
    connectTimeoutMs: 300,
    idleInTransactionTimeoutMs: 400,
    statementTimeoutMs: 500,
  });
  afterAll(() => database.close());

  it('when every connection is taken, then a query fails after the wait limit instead of queueing without end', async () => {
    const held = await database.pool.connect();
    try {
      const started = Date.now();
      await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      held.release();
    }
  });

  it('when a transaction sits idle, then PostgreSQL ends it and the connection comes back to the pool', async () => {
    const client = await database.pool.connect();
    client.on('error', () => undefined);
    await client.query('begin');
    await new Promise((r) => setTimeout(r, 800));
    await expect(client.query('select 1')).rejects.toThrow();
    client.release(true);
    expect((await sql<{ n: number }>`select 1 as n`.execute(database.db)).rows[0]?.n).toBe(1);
  });

  it('when a statement runs too long, then it is cancelled', async () => {
    await expect(sql`select pg_sleep(2)`.execute(database.db)).rejects.toThrow(/statement timeout/);
  });
});
