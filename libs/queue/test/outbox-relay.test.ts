import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobPayload,
  OUTBOX_BATCH_JOB,
  QUEUES,
  type MailerAddressBouncedEvent,
  type JobPayload,
  type MailSendJob,
  type MailStatusEvent,
  type OutboxBatch,
} from '@mfd/contracts';
import { createDatabase, migrateToLatest } from '@mfd/db';
import {
  addOutboxConfirmation,
  addOutboxRequestId,
  confirmOutbox,
  createOutboxTable,
  createProducerConnection,
  createQueueConnection,
  jobRequestId,
  MailSecrets,
  OutboxRelay,
  queuePrefix,
  startConsumer,
  withRequestId,
  type ConsumerOptions,
  writeOutbox,
  type RelayOptions,
  type WithOutbox,
} from '@mfd/queue';
import { dropSchemas, testInfra, uniqueRedisPrefix, uniqueSchema } from '@mfd/testing';

/** An event that travels as a job of its own (not one of BATCHED_PAYLOAD_TYPES). */
const event = (): MailerAddressBouncedEvent => ({
  type: 'mailer.address-bounced',
  tenant_id: randomUUID(),
  email: 'ops@nordic-tankers.example',
  status: '5.1.1',
  diagnostic: null,
  at: new Date().toISOString(),
});

describe('outbox relay', () => {
  const schema = uniqueSchema('queuekit');
  const prefix = queuePrefix(uniqueRedisPrefix());
  const database = createDatabase<WithOutbox>({ url: testInfra().pgUrl, schema });
  const connection = createProducerConnection(testInfra().redisUrl);
  const workerConnection = createQueueConnection(testInfra().redisUrl);
  const queue = new Queue(QUEUES.directoryEvents, { connection, prefix });
  const logger = pino({ level: 'silent' });
  const relayOf = (options: Partial<RelayOptions> = {}) =>
    new OutboxRelay({
      db: database.db,
      // The producer of event()'s type, whose relay its consumers confirm to.
      service: 'mailer',
      connection,
      workerConnection,
      prefix,
      logger,
      ...options,
    });
  const outboxRow = (id: string) =>
    database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    await migrateToLatest(database.db as Kysely<unknown>, database.pool, schema, {
      '0001-outbox': { up: createOutboxTable },
      '0002-outbox-confirmation': { up: addOutboxConfirmation },
      '0003-outbox-request-id': { up: addOutboxRequestId },
    });
  });
  afterAll(async () => {
    await queue.close();
    connection.disconnect();
    workerConnection.disconnect();
    await database.close();
    await dropSchemas(testInfra().pgUrl, [schema]);
  });

  it('when a change commits with its job, then the relay puts it on the queue with jobId = outbox id and waits for its confirmation', async () => {
    const payload = event();
    const id = await database.db
      .transaction()
      .execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, payload));
    const relay = relayOf();
    expect(await relay.flush()).toBe(1);
    await relay.stop();

    const job = await queue.getJob(id);
    expect(job?.name).toBe('mailer.address-bounced');
    expect(job?.data).toEqual(payload);
    const row = await database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.confirmed_at).toBeNull();
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
    const relay = relayOf();
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
    const relays = [1, 2].map(() => relayOf({ batchSize: 7 }));
    const moved = await Promise.all(relays.map((r) => r.flush()));
    await Promise.all(relays.map((r) => r.stop()));
    expect(moved[0]! + moved[1]!).toBe(40);
    expect((await queue.count()) - before).toBe(40);
    for (const id of ids) expect(await queue.getJob(id)).toBeDefined();
  });

  it('when Redis refuses the job, then the row stays unsent for the next pass', async () => {
    const id = await database.db
      .transaction()
      .execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, event()));
    const broken = createProducerConnection('redis://127.0.0.1:1');
    broken.on('error', () => undefined);
    const relay = relayOf({ connection: broken, addTimeoutMs: 500 });
    await expect(relay.flush()).rejects.toThrow();
    await relay.stop().catch(() => undefined);
    broken.disconnect();
    const row = await database.db
      .selectFrom('outbox')
      .select('sent_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();

    const healthy = relayOf();
    expect(await healthy.flush()).toBeGreaterThanOrEqual(1);
    await healthy.stop();
    expect(await queue.getJob(id)).toBeDefined();
  });

  it('when Redis loses a job that was handed over, then the unconfirmed row is handed over again once resendAfterMs has passed', async () => {
    const id = await database.db
      .transaction()
      .execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, event()));
    const relay = relayOf({ resendAfterMs: 2000 });
    await relay.flush();
    await (await queue.getJob(id))!.remove();

    await relay.flush();
    expect(await queue.getJob(id)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 2200));
    await relay.flush();
    await relay.stop();
    expect((await queue.getJob(id))?.data).toMatchObject({ type: 'mailer.address-bounced' });
    expect((await outboxRow(id)).attempts).toBeGreaterThanOrEqual(2);
  });

  it('when the consumer handles the job, then it confirms it to the producer and the row is never handed over again', async () => {
    const id = await database.db
      .transaction()
      .execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, event()));
    const handled: string[] = [];
    const consumer = startConsumer({
      queue: QUEUES.directoryEvents,
      connection: workerConnection,
      prefix,
      schema: jobPayload,
      logger,
      acknowledge: true,
      handle: async (_event, job) => handled.push(String(job.id)),
    });
    const relay = relayOf({ resendAfterMs: 300 });
    relay.start();
    const deadline = Date.now() + 10_000;
    while ((await outboxRow(id)).confirmed_at === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const confirmed = await outboxRow(id);
    expect(confirmed.confirmed_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 700));
    await relay.stop();
    await consumer.close();
    // Handed over again only while unconfirmed (a no-op add of the same job id), never after.
    expect(handled.filter((h) => h === id)).toHaveLength(1);
    expect((await outboxRow(id)).attempts).toBe(confirmed.attempts);
  });

  it('when rows wait for confirmation, then the backlog counts them with the oldest age', async () => {
    const relay = relayOf();
    const before = await relay.backlog();
    await database.db.transaction().execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, event()));
    await relay.flush();
    const after = await relay.backlog();
    await relay.stop();
    expect(after.awaiting).toBe(before.awaiting + 1);
    expect(after.oldestSeconds).toBeGreaterThanOrEqual(0);
  });

  it('when a row is written under a request id, then its job carries the id, and rows its consumer writes carry it on', async () => {
    const id = await withRequestId('req-trace-1', () =>
      database.db.transaction().execute((trx) => writeOutbox(trx, QUEUES.directoryEvents, event())),
    );
    expect((await outboxRow(id)).request_id).toBe('req-trace-1');
    const relay = relayOf();
    await relay.flush();
    await relay.stop();
    const job = (await queue.getJob(id))!;
    expect(jobRequestId(job)).toBe('req-trace-1');
    expect(jobPayload.parse(job.data)).not.toHaveProperty('request_id');

    // A consumer of its own prefix, so the jobs of the other tests stay where they are.
    const consumerPrefix = queuePrefix(uniqueRedisPrefix());
    const inbox = new Queue(QUEUES.directoryEvents, { connection, prefix: consumerPrefix });
    const written: string[] = [];
    const consumer = startConsumer({
      queue: QUEUES.directoryEvents,
      connection: workerConnection,
      prefix: consumerPrefix,
      schema: jobPayload,
      logger,
      handle: () =>
        database.db
          .transaction()
          .execute(async (trx) => written.push(await writeOutbox(trx, QUEUES.directoryEvents, event()))),
    });
    await inbox.add(job.name, job.data, { jobId: id });
    const deadline = Date.now() + 10_000;
    while (written.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await consumer.close();
    await inbox.close();
    expect(written).toHaveLength(1);
    expect((await outboxRow(written[0]!)).request_id).toBe('req-trace-1');
  });

  describe('batched events', () => {
    const status = (jobId: string): MailStatusEvent => ({
      type: 'mail.status',
      job_id: jobId,
      to: 'sales@supplier.example',
      template: 'rfq-invitation',
      status: 'sent',
      attempts: 1,
      at: new Date().toISOString(),
    });
    // A prefix of their own: the other tests' jobs stay where they are.
    const batchPrefix = queuePrefix(uniqueRedisPrefix());
    const events = new Queue(QUEUES.inquiryEvents, { connection, prefix: batchPrefix });
    afterAll(() => events.close());
    /** A consumer of `events` that confirms what it handles. */
    const consumerOf = (handlers: Pick<ConsumerOptions<typeof jobPayload>, 'handle' | 'handleBatch'>) =>
      startConsumer({
        queue: QUEUES.inquiryEvents,
        connection: workerConnection,
        prefix: batchPrefix,
        schema: jobPayload,
        logger,
        acknowledge: true,
        ...handlers,
      });
    const writeEvent = (payload: JobPayload) =>
      database.db.transaction().execute((trx) => writeOutbox(trx, QUEUES.inquiryEvents, payload));
    const nameOf = (p: JobPayload) => (p.type === 'mail.status' ? p.job_id : p.type);

    it('when a pass holds several status events and another event, then the statuses travel in one job, are handled together and each row is confirmed', async () => {
      const statusIds = [
        await writeEvent(status('a')),
        await writeEvent(status('b')),
        await writeEvent(status('c')),
      ];
      const createdId = await writeEvent(event());
      // The mailer's relay: consumers confirm status events to outbox.ack.mailer.
      const relay = relayOf({ service: 'mailer', prefix: batchPrefix });
      expect(await relay.flush()).toBeGreaterThanOrEqual(4);

      const jobs = await events.getJobs(['waiting']);
      const batches = jobs.filter((j) => j.name === OUTBOX_BATCH_JOB);
      expect(batches).toHaveLength(1);
      const items = (batches[0]!.data as OutboxBatch).items;
      expect(items.map((item) => item.id)).toEqual(statusIds);
      expect(items.map((item) => (item.payload as MailStatusEvent).job_id)).toEqual(['a', 'b', 'c']);
      expect((await events.getJob(createdId))?.data).toMatchObject({ type: 'mailer.address-bounced' });

      const batchesHandled: string[][] = [];
      const singles: string[] = [];
      const consumer = consumerOf({
        handle: async (payload) => singles.push(payload.type),
        handleBatch: async (payloads) => batchesHandled.push(payloads.map(nameOf)),
      });
      relay.start();
      const deadline = Date.now() + 10_000;
      // The statuses are confirmed to the mailer (this relay); the other event to its own producer.
      const unconfirmed = async () =>
        (await Promise.all(statusIds.map(outboxRow))).filter((r) => r.confirmed_at === null);
      while ((await unconfirmed()).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      await relay.stop();
      await consumer.close();
      expect(await unconfirmed()).toEqual([]);
      expect(batchesHandled).toEqual([['a', 'b', 'c']]);
      expect(singles).toEqual(['mailer.address-bounced']);
    });

    it('when unconfirmed statuses are handed over again, then they travel in a new job (an old one may be kept failed by a consumer that could not read it)', async () => {
      const prefixOfItsOwn = queuePrefix(uniqueRedisPrefix());
      const inbox = new Queue(QUEUES.inquiryEvents, { connection, prefix: prefixOfItsOwn });
      const ids = [await writeEvent(status('x')), await writeEvent(status('y'))];
      const relay = relayOf({ service: 'mailer', prefix: prefixOfItsOwn, resendAfterMs: 200 });
      await relay.flush();
      await new Promise((r) => setTimeout(r, 400));
      await relay.flush();
      await relay.stop();
      const batches = (await inbox.getJobs(['waiting'])).filter((j) => j.name === OUTBOX_BATCH_JOB);
      await inbox.close();
      const carrying = batches.filter((j) =>
        (j.data as OutboxBatch).items.some((item) => ids.includes(item.id)),
      );
      expect(new Set(carrying.map((j) => j.id)).size).toBe(2);
      for (const job of carrying)
        expect((job.data as OutboxBatch).items.map((item) => item.id)).toEqual(expect.arrayContaining(ids));
    });

    it('when a batch holds a payload its consumer cannot read, then the others are handled and confirmed and that one is left unconfirmed', async () => {
      // Rows already handed over: the relay below only takes confirmations.
      const [good, bad] = [randomUUID(), randomUUID()];
      await database.db
        .insertInto('outbox')
        .values(
          [good, bad].map((id) => ({
            id,
            queue: QUEUES.inquiryEvents,
            payload: status(id),
            sent_at: new Date(),
          })),
        )
        .execute();
      const handled: string[] = [];
      const consumer = consumerOf({
        handle: async () => undefined,
        handleBatch: async (payloads) => handled.push(...payloads.map(nameOf)),
      });
      const acks = relayOf({ service: 'mailer', prefix: batchPrefix, pollMs: 60_000 });
      acks.start();
      const data: OutboxBatch = {
        items: [
          { id: good, payload: status(good) },
          { id: bad, payload: { ...status(bad), status: 'lost-in-the-post' } },
        ],
      };
      await events.add(OUTBOX_BATCH_JOB, data, { jobId: `batch-test-${good}` });
      const deadline = Date.now() + 10_000;
      while ((await outboxRow(good)).confirmed_at === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      await acks.stop();
      await consumer.close();
      expect(handled).toEqual([good]);
      expect((await outboxRow(good)).confirmed_at).not.toBeNull();
      expect((await outboxRow(bad)).confirmed_at).toBeNull();
    });
  });

  describe('mail jobs', () => {
    const secrets = new MailSecrets(`k1:${Buffer.alloc(32, 7).toString('base64')}`);
    const mail = (token: string): MailSendJob => ({
      type: 'mail.send',
      to: 'maria@example.com',
      source: 'identity',
      mail: { template: 'password-reset', data: { first_name: 'Maria', token, expires_in_minutes: 60 } },
    });

    it('when a mail job carries its link in clear, then the outbox refuses it', async () => {
      await expect(
        database.db.transaction().execute((trx) => writeOutbox(trx, QUEUES.mailSend, mail('plain-token'))),
      ).rejects.toThrow(/sealed secret/);
    });

    it('when a mail job is confirmed, then its row keeps no template data', async () => {
      const sealed = secrets.seal('reset-token-1', 'maria@example.com');
      const id = await database.db
        .transaction()
        .execute((trx) => writeOutbox(trx, QUEUES.mailSend, mail(sealed)));
      expect(JSON.stringify((await outboxRow(id)).payload)).toContain(sealed);
      expect(await confirmOutbox(database.db, [id])).toEqual([id]);
      const row = await outboxRow(id);
      expect(row.confirmed_at).not.toBeNull();
      // Confirmed once: a confirmation that comes again confirms nothing new.
      expect(await confirmOutbox(database.db, [id])).toEqual([]);
      expect(row.payload).toMatchObject({
        type: 'mail.send',
        mail: { template: 'password-reset', data: {} },
      });
      expect(JSON.stringify(row.payload)).not.toContain(sealed);
    });
  });
});
