import pino from 'pino';
import { expect } from 'vitest';
import { createQueueConnection } from '@mfd/queue';
import { startOwnRedis, type SmtpSink } from '@mfd/testing';
import { messageIdFor } from '../../mailer/src/domain/smtp-message';
import { tableRow, tally, type Tally } from '../../mailer/test/fault-harness';
import { startMailer } from '../../mailer/test/harness';
import { startMailStatusConsumer } from '../src/jobs/mail-status';
import {
  createSupplier,
  distribute,
  mailJobs,
  recipientRows,
  type TestSupplier,
} from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, signUpTrader } from './offer-fixtures';

/**
 * The RFQ stack for fault tests on a Redis of the test's own (so it can be stopped or emptied):
 * identity, directory and inquiry on it, the inquiry relaying its outbox and hearing `mail.status`.
 * `shared` is the Redis setting a mailer on the same path needs.
 */
export async function startDistributionStack(env: Record<string, string> = {}) {
  const redis = await startOwnRedis();
  const s = await startRfq({ REDIS_URL: redis.url, OUTBOX_POLL_MS: '100', ...env });
  s.inquiry.deps.relay.start();
  // Identity's queue connections stay idle here (its relay is not started), so nothing else listens
  // for their errors: without these, each reconnect attempt during an outage prints an unhandled error.
  for (const idle of [s.identity.deps.queueConnection, s.identity.deps.workerConnection])
    idle.on('error', () => undefined);
  const connection = createQueueConnection(redis.url);
  connection.on('error', () => undefined);
  const status = startMailStatusConsumer({
    db: s.inquiry.deps.database.db,
    connection,
    redisPrefix: s.prefix,
    logger: pino({ level: 'silent' }),
  });
  return {
    redis,
    s,
    shared: { REDIS_URL: redis.url, REDIS_PREFIX: s.prefix, OUTBOX_POLL_MS: '100' },
    /** Stops the services; the Redis stays up until `redis.stop()`, so a mailer can still close cleanly. */
    async close() {
      await status.close();
      connection.disconnect();
      await s.close();
    },
  };
}

export type DistributionStack = Awaited<ReturnType<typeof startDistributionStack>>;

/** The stack above and an in-process mailer on its Redis, relaying its own outbox; `close` stops all. */
export async function startStackWithMailer(
  stackEnv: Record<string, string>,
  mailerEnv: Record<string, string>,
) {
  const stack = await startDistributionStack(stackEnv);
  const mailer = await startMailer({ ...stack.shared, ...mailerEnv });
  mailer.deps.relay.start();
  return {
    stack,
    mailer,
    async close() {
      await stack.close();
      await mailer.close();
      await stack.redis.stop();
    },
  };
}
type Stack = DistributionStack['s'];

/** A name part from an index (the fixtures make e-mail addresses of the letters only). */
const letters = (n: number) => String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26));

/** A trader, an inquiry of theirs and `count` active suppliers, with `send`: the distribute call to all of them. */
export async function prepareDistribution(s: Stack, count: number) {
  const trader = await signUpTrader(s.identity);
  const inquiry = await createInquiry(s, trader);
  const suppliers: TestSupplier[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) =>
      createSupplier(s, trader, `Fault Bunkers ${letters(i + j)}`),
    );
    suppliers.push(...(await Promise.all(batch)));
  }
  const emails = suppliers.map((x) => x.email);
  expect(new Set(emails).size).toBe(count);
  return {
    trader,
    inquiry,
    emails,
    send: () =>
      distribute(s, trader, inquiry.id, {
        recipients: suppliers.map((x) => ({ supplier_id: x.id, contact_id: null })),
      }),
  };
}

/** The inquiry's invitations in its outbox that no final `mail.status` has confirmed yet. */
export async function unconfirmedInvitations(s: Stack, tenantId: string) {
  const jobs = await mailJobs(s, 'rfq-invitation');
  return jobs.filter((j) => j.job.tenant_id === tenantId && j.confirmedAt === null);
}

/**
 * Waits (bounded) until every address has a mail at the sink, every recipient row is final and
 * every invitation of the tenant is confirmed in the inquiry's outbox.
 */
export async function waitForDistribution(
  sink: SmtpSink,
  s: Stack,
  inquiry: { id: string; tenantId: string },
  emails: string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pause = () => new Promise((r) => setTimeout(r, 200));
  const arrived = () => new Set(sink.messages.flatMap((m) => m.to));
  while (emails.some((to) => !arrived().has(to)) && Date.now() < deadline) await pause();
  const final = async () =>
    (await recipientRows(s, inquiry.id)).every((r) => r.mail_status === 'sent' || r.mail_status === 'failed');
  while (!(await final()) && Date.now() < deadline) await pause();
  while ((await unconfirmedInvitations(s, inquiry.tenantId)).length > 0 && Date.now() < deadline)
    await pause();
}

/**
 * The fault table's row for one distribution, after checking what every fault must leave: a
 * mail at each address, every copy under the Message-ID of that address's own job (so a second
 * copy is the same mail to the receiver), each recipient row `sent` and the outbox confirmed.
 * `doubles` says whether a second copy may arrive at all (only when a sender died mid-send).
 */
export async function expectDeliveredOnce(
  sink: SmtpSink,
  s: Stack,
  rfq: { inquiry: { id: string }; trader: { tenantId: string }; emails: string[] },
  fault: string,
  opts: { mailFrom: string; doubles?: boolean },
): Promise<Tally> {
  const figures = tally(sink, rfq.emails);
  const note = opts.doubles
    ? `(addresses whose copies differ in Message-ID: ${figures.mixedMessageIds})`
    : '';
  console.warn(tableRow(fault, figures, note));
  expect(figures).toMatchObject({ lost: 0, mixedMessageIds: 0, ...(opts.doubles ? {} : { doubled: 0 }) });
  const jobs = (await mailJobs(s, 'rfq-invitation')).filter((j) => j.job.tenant_id === rfq.trader.tenantId);
  expect(jobs).toHaveLength(rfq.emails.length);
  for (const { id, job } of jobs) {
    const copies = sink.messages.filter((m) => m.to.includes(job.to));
    expect(new Set(copies.map((c) => c.messageId)), job.to).toEqual(
      new Set([messageIdFor(id, opts.mailFrom)]),
    );
  }
  const rows = await recipientRows(s, rfq.inquiry.id);
  expect(rows.map((r) => r.mail_status)).toEqual(rfq.emails.map(() => 'sent'));
  expect(await unconfirmedInvitations(s, rfq.trader.tenantId)).toEqual([]);
  return figures;
}
