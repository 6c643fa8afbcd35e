import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra, uniqueRedisPrefix } from '@mfd/testing';
import { startMailer, type MailerHarness } from '../../mailer/test/harness';
import { startMailStatusConsumer } from '../src/jobs/mail-status';
import { startIdentity, type IdentityHarness } from './harness';

/** Every value Redis holds under a prefix, whatever the key's type, as text. */
async function redisText(redis: Redis, prefix: string): Promise<string> {
  const parts: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'string') parts.push((await redis.get(key)) ?? '');
      else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === 'list') parts.push(...(await redis.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(...(await redis.smembers(key)));
      else if (type === 'zset') parts.push(...(await redis.zrange(key, 0, -1)));
      else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
    }
  } while (cursor !== '0');
  return parts.join('\n');
}

/** Identity and a mailer on one Redis prefix: a reset mail goes the whole way to the SMTP sink and back. */
describe('secrets at rest', () => {
  const redisPrefix = uniqueRedisPrefix();
  let id: IdentityHarness;
  let mailer: MailerHarness;
  let stopStatus: () => Promise<void>;
  beforeAll(async () => {
    mailer = await startMailer({ REDIS_PREFIX: redisPrefix });
    id = await startIdentity({ REDIS_PREFIX: redisPrefix, OUTBOX_POLL_MS: '50' });
    id.deps.relay.start();
    mailer.deps.relay.start();
    const status = startMailStatusConsumer({
      db: id.deps.database.db,
      connection: id.deps.workerConnection,
      redisPrefix,
      logger: id.app.log,
    });
    stopStatus = () => status.close();
  });
  afterAll(async () => {
    await stopStatus();
    await id.close();
    await mailer.close();
  });

  it(
    'when a reset mail has gone out, then neither the identity schema nor Redis holds a working link, while the mail does',
    { timeout: 60_000 },
    async () => {
      const user = await id.signUp();
      await id.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const mail = await mailer.sink.waitFor(
        (m) => m.to.includes(user.email) && m.text.includes('/reset-password?token='),
      );
      const token = decodeURIComponent(/\/reset-password\?token=([\w-]+)/.exec(mail.text)![1]!);

      // The mailer's confirmation reaches identity, which scrubs the row.
      const deadline = Date.now() + 15_000;
      const unconfirmed = () =>
        id.deps.database.db
          .selectFrom('outbox')
          .select('id')
          .where('queue', '=', 'mail.send')
          .where('confirmed_at', 'is', null)
          .execute();
      while ((await unconfirmed()).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await unconfirmed()).toEqual([]);

      const schema = id.deps.config.DB_SCHEMA;
      const tables = await sql<{
        table_name: string;
      }>`select table_name from information_schema.tables where table_schema = ${schema}`.execute(
        id.deps.database.db,
      );
      const rows: string[] = [];
      for (const { table_name } of tables.rows) {
        const dump = await sql<{
          row: unknown;
        }>`select row_to_json(t) as row from ${sql.table(`${schema}.${table_name}`)} t`.execute(
          id.deps.database.db,
        );
        rows.push(...dump.rows.map((r) => JSON.stringify(r.row)));
      }
      expect(rows.join('\n')).toContain('reset'); // the dump did read the schema, outbox and reset tokens included
      const redis = new Redis(testInfra().redisUrl);
      const stored = `${rows.join('\n')}\n${await redisText(redis, redisPrefix)}`;
      redis.disconnect();
      expect(stored).toContain(`"to":"${user.email}"`); // the dump did read the queued job
      expect(stored).not.toContain(token);

      // Whatever in there looks like a token, tried as one: none works.
      const candidates = [...new Set(stored.match(/[A-Za-z0-9_-]{20,128}/g) ?? [])];
      expect(candidates.length).toBeGreaterThan(0);
      for (const candidate of candidates) {
        const res = await id.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: candidate, new_password: 'dump-reader-password-1' },
        });
        expect(res.statusCode, candidate).toBe(400);
      }

      const used = await id.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, new_password: 'mailbox-owner-password-1' },
      });
      expect(used.statusCode, used.body).toBe(200);
    },
  );
});
