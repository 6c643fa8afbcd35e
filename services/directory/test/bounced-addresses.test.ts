import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type MailerAddressBouncedEvent, type Supplier } from '@mfd/contracts';
import { createProducerConnection, createQueueConnection, queuePrefix } from '@mfd/queue';
import { bearer, makeUser, testInfra, type TestUser } from '@mfd/testing';
import { startInquiryEvents } from '../src/jobs/inquiry-events';
import { startDirectory } from './harness';

describe("a hard-bounced address is flagged on the company's suppliers and contacts", () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  const connection = createQueueConnection(testInfra().redisUrl);
  const producer = createProducerConnection(testInfra().redisUrl);
  let worker: ReturnType<typeof startInquiryEvents>;
  let queue: Queue;
  beforeAll(async () => {
    d = await startDirectory();
    worker = startInquiryEvents({
      db: d.deps.database.db,
      connection,
      redisPrefix: d.deps.config.REDIS_PREFIX,
      logger: pino({ level: 'silent' }),
    });
    queue = new Queue(QUEUES.directoryEvents, {
      connection: producer,
      prefix: queuePrefix(d.deps.config.REDIS_PREFIX),
    });
  });
  afterAll(async () => {
    await worker.close();
    await queue.close();
    connection.disconnect();
    producer.disconnect();
    await d.close();
  });

  async function addSupplier(user: TestUser, defaultEmail: string, contactEmail: string): Promise<string> {
    const res = await d.app.inject({
      method: 'POST',
      url: '/api/suppliers',
      headers: bearer(user),
      payload: {
        trading_name: 'Straits Marine Fuels',
        default_email: defaultEmail,
        contacts: [{ name: 'Ops Desk', email: contactEmail }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const view = async (user: TestUser, id: string) =>
    (
      await d.app.inject({ method: 'GET', url: `/api/suppliers/${id}`, headers: bearer(user) })
    ).json() as Supplier;
  const bounce = (user: TestUser, email: string, at: string): MailerAddressBouncedEvent => ({
    type: 'mailer.address-bounced',
    tenant_id: user.tenantId,
    email,
    status: '5.1.1',
    diagnostic: '550 5.1.1 user unknown',
    at,
  });

  it('when a bounce event names an address, then the default address and every contact with it show bounced, in any case, and only for that company', async () => {
    const user = makeUser();
    const other = makeUser();
    const id = await addSupplier(user, 'Ops@Straits.example', 'ops@straits.example');
    const otherId = await addSupplier(other, 'ops@straits.example', 'desk@straits.example');
    const before = await view(user, id);
    expect(before).toMatchObject({ email_status: 'ok', email_bounced_at: null });

    await queue.add(
      'mailer.address-bounced',
      bounce(user, 'ops@straits.example', '2026-03-03T10:00:00.000Z'),
      {
        jobId: randomUUID(),
      },
    );
    await expect.poll(async () => (await view(user, id)).email_status, { timeout: 5000 }).toBe('bounced');
    const after = await view(user, id);
    expect(after.email_bounced_at).toBe('2026-03-03T10:00:00.000Z');
    expect(after.contacts[0]).toMatchObject({
      email_status: 'bounced',
      email_bounced_at: '2026-03-03T10:00:00.000Z',
    });
    expect(await view(other, otherId)).toMatchObject({ email_status: 'ok' });
  });

  it('when an older bounce arrives after a newer one, then the newer stays', async () => {
    const user = makeUser();
    const id = await addSupplier(user, 'late@straits.example', 'desk@straits.example');
    await queue.add('b', bounce(user, 'late@straits.example', '2026-03-05T10:00:00.000Z'), {
      jobId: randomUUID(),
    });
    await expect.poll(async () => (await view(user, id)).email_status, { timeout: 5000 }).toBe('bounced');
    await queue.add('b', bounce(user, 'late@straits.example', '2026-03-01T10:00:00.000Z'), {
      jobId: randomUUID(),
    });
    await new Promise((r) => setTimeout(r, 500));
    expect((await view(user, id)).email_bounced_at).toBe('2026-03-05T10:00:00.000Z');
  });

  it('when the trader changes the bounced address, then the supplier shows ok again', async () => {
    const user = makeUser();
    const id = await addSupplier(user, 'old@straits.example', 'desk@straits.example');
    await queue.add('b', bounce(user, 'old@straits.example', new Date().toISOString()), {
      jobId: randomUUID(),
    });
    await expect.poll(async () => (await view(user, id)).email_status, { timeout: 5000 }).toBe('bounced');
    const res = await d.app.inject({
      method: 'PATCH',
      url: `/api/suppliers/${id}`,
      headers: bearer(user),
      payload: { default_email: 'new@straits.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await view(user, id)).toMatchObject({ email_status: 'ok', email_bounced_at: null });
  });
});
