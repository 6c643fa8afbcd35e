import { Queue } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_BATCH_JOB, QUEUES } from '@mfd/contracts';
import { createQueueConnection, queuePrefix } from '@mfd/queue';
import { bearer, makeUser } from '@mfd/testing';
import { startInquiryEvents } from '../../directory/src/jobs/inquiry-events';
import { startWithDirectory } from './harness';
import { createCustomer, MSC_IMO, newInquiry, portId } from './inquiry-fixtures';

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('inquiry events reach the directory', () => {
  let s: Awaited<ReturnType<typeof startWithDirectory>>;
  let stopConsumer: () => Promise<void>;
  beforeAll(async () => {
    s = await startWithDirectory();
    s.inquiry.deps.relay.start();
    const connection = createQueueConnection(s.directory.deps.config.REDIS_URL);
    const worker = startInquiryEvents({
      db: s.directory.deps.database.db,
      connection,
      redisPrefix: s.directory.deps.config.REDIS_PREFIX,
      logger: pino({ level: 'silent' }),
    });
    stopConsumer = async () => {
      await worker.close();
      connection.disconnect();
    };
  });
  afterAll(async () => {
    await stopConsumer();
    await s.close();
  });

  it('when an inquiry is created, then its customer counts one more inquiry and a new IMO joins the company’s own vessels', async () => {
    const user = makeUser();
    const customerId = await createCustomer(s, user);
    const sgsin = await portId(s, user);
    const readCount = async () =>
      (
        await s.directory.app.inject({
          method: 'GET',
          url: `/api/customers/${customerId}`,
          headers: bearer(user),
        })
      ).json().inquiry_count;
    expect(await readCount()).toBe(0);

    for (const vessel of [
      { vessel_name: 'MSC Oscar', imo: MSC_IMO },
      { vessel_name: 'MSC Oscar', imo: MSC_IMO },
    ]) {
      const res = await s.inquiry.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        headers: bearer(user),
        payload: newInquiry(customerId, sgsin, vessel),
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    expect(await eventually(readCount, (n) => n === 2)).toBe(2);
    const search = (as = user) =>
      s.directory.app
        .inject({
          method: 'GET',
          url: `/api/vessels/search-enhanced?q=${MSC_IMO}`,
          headers: bearer(as),
        })
        .then((r) => r.json() as { imo: string; name: string; pending: boolean }[]);
    const found = await eventually(search, (rows) => rows.length > 0);
    expect(found.map((v) => [v.imo, v.name, v.pending])).toEqual([[MSC_IMO, 'MSC OSCAR', true]]);
    // Until a platform operator confirms it, no other company finds it.
    expect(await search(makeUser())).toEqual([]);
    // The directory confirmed each event, so none waits to be sent again.
    const unconfirmed = () =>
      s.inquiry.deps.database.db
        .selectFrom('outbox')
        .select('id')
        .where('confirmed_at', 'is', null)
        .execute();
    expect(await eventually(unconfirmed, (rows) => rows.length === 0)).toEqual([]);
    // An inquiry's count and vessel events travel in its relay pass's one job, neither alone.
    const queue = new Queue(QUEUES.directoryEvents, {
      connection: s.inquiry.deps.queueConnection,
      prefix: queuePrefix(s.inquiry.deps.config.REDIS_PREFIX),
    });
    const jobs = await queue.getJobs(['completed']);
    await queue.close();
    expect(new Set(jobs.map((job) => job.name))).toEqual(new Set([OUTBOX_BATCH_JOB]));
  });
});
