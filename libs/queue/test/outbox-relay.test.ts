import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type InquiryCreatedEvent } from '@mfd/contracts';
import { createDatabase, migrateToLatest } from '@mfd/db';
import { createOutboxTable, createProducerConnection, OutboxRelay, queuePrefix, writeOutbox, type WithOutbox } from '@mfd/queue';
import { dropSchemas, testInfra, uniqueRedisPrefix, uniqueSchema } from '@mfd/testing';

const event = (): InquiryCreatedEvent => ({
  type: 'inquiry.created',
  tenant_id: randomUUID(),
  inquiry_id: randomUUID(),
  customer_id: randomUUID(),
  at: new Date().toISOString(),
});

describe('outbox relay', () => {
  const schema = uniqueSchema('queuekit');
  const prefix = queuePrefix(uniqueRedisPrefix());
  const database = createDatabase<WithOutbox>({ url: testInfra().pgUrl, schema });
  const connection = createProducerConnection(testInfra().redisUrl);
  const queue = new Queue(QUEUES.directoryEvents, { connection, prefix });
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    await migrateToLatest(database.db as Kysely<unknown>, database.pool, schema, { '0001-outbox': { up: createOutboxTable } });
  });
  afterAll(async () => {
    await queue.close();
    connection.disconnect();
    await database.close();
    await dropSchemas(testInfra().pgUrl, [schema]);
  });

  it('when a change commits with its job, then the relay puts it on the queue with jobId = outbox id and marks it sent', async () => {
    const payload = event();
    const id = await database.db.transaction().execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, payload));
    const relay = new OutboxRelay({ db: database.db, connection, prefix, logger });
    expect(await relay.flush()).toBe(1);
    await relay.stop();

    const job = await queue.getJob(id);
    expect(job?.name).toBe('inquiry.created');
    expect(job?.data).toEqual(payload);
    const row = await database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  it('when the change rolls back, then its job never reaches the queue', async () => {
    const payload = event();
    let id = '';
    await expect(
      database.db.transaction().execute(async (trx) => {
        id = await writeOutbox(trx, QUEUES.directoryEvents, payload);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const relay = new OutboxRelay({ db: database.db, connection, prefix, logger });
    await relay.flush();
    await relay.stop();
    expect(await queue.getJob(id)).toBeUndefined();
  });

  it('when two relays run side by side, then each job is queued once', async () => {
    const ids = await database.db.transaction().execute(async (trx) => {
      const written: string[] = [];
      for (let i = 0; i < 40; i++) written.push(await writeOutbox(trx, QUEUES.directoryEvents, event()));
      return written;
    });
    const before = await queue.count();
    const relays = [1, 2].map(() => new OutboxRelay({ db: database.db, connection, prefix, logger, batchSize: 7 }));
    const moved = await Promise.all(relays.map((r) => r.flush()));
    await Promise.all(relays.map((r) => r.stop()));
    expect(moved[0]! + moved[1]!).toBe(40);
    expect((await queue.count()) - before).toBe(40);
    for (const id of ids) expect(await queue.getJob(id)).toBeDefined();
  });

  it('when Redis refuses the job, then the row stays unsent for the next pass', async () => {
    const id = await database.db.transaction().execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, event()));
    const broken = createProducerConnection('redis://127.0.0.1:1');
    broken.on('error', () => undefined);
    const relay = new OutboxRelay({ db: database.db, connection: broken, prefix, logger, addTimeoutMs: 500 });
    await expect(relay.flush()).rejects.toThrow();
    await relay.stop().catch(() => undefined);
    broken.disconnect();
    const row = await database.db.selectFrom('outbox').select('sent_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();

    const healthy = new OutboxRelay({ db: database.db, connection, prefix, logger });
    expect(await healthy.flush()).toBeGreaterThanOrEqual(1);
    await healthy.stop();
    expect(await queue.getJob(id)).toBeDefined();
  });
});
