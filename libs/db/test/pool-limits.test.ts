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

  /** The pool's only connection; a loaded machine may take longer than the 300 ms under test to open it. */
  async function takeTheConnection() {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await database.pool.connect();
      } catch (err) {
        if (attempt === 20) throw err;
      }
    }
  }

  it('when every connection is taken, then a query fails after the wait limit instead of queueing without end', async () => {
    const held = await takeTheConnection();
    try {
      const started = Date.now();
      await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      held.release();
    }
  });

  it('when a transaction sits idle, then PostgreSQL ends it and the connection comes back to the pool', async () => {
    const client = await takeTheConnection();
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
