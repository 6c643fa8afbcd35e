import { QUEUES } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import { startOwnRedis, uniqueRedisPrefix, type SmtpSink } from '@mfd/testing';
import { startMailStatusConsumer } from '../../identity/src/jobs/mail-status';
import { startIdentity, type IdentityHarness } from '../../identity/test/harness';

/**
 * The producer side of the mail path for fault tests: a Redis of the test's own (so it can be
 * stopped or emptied), and identity relaying its outbox and confirming rows from `mail.status`.
 * `shared` is the Redis setting a mailer on the same path needs.
 */
export async function startMailProducer(env: Record<string, string> = {}) {
  const redis = await startOwnRedis();
  const shared = { REDIS_URL: redis.url, REDIS_PREFIX: uniqueRedisPrefix(), OUTBOX_POLL_MS: '100' };
  const id = await startIdentity({ ...shared, ...env });
  id.deps.relay.start();
  const status = startMailStatusConsumer({
    db: id.deps.database.db,
    connection: id.deps.workerConnection,
    redisPrefix: shared.REDIS_PREFIX,
    logger: id.app.log,
  });
  return {
    redis,
    shared,
    id,
    /** Stops identity; the Redis stays up until `redis.stop()`, so a mailer can still close cleanly. */
    async close() {
      await status.close();
      await id.close();
    },
  };
}

export type MailProducer = Awaited<ReturnType<typeof startMailProducer>>;

/** One password-reset mail per recipient, written to identity's outbox in one transaction, as requests would. */
export async function queueResetMails(id: IdentityHarness, recipients: string[]): Promise<void> {
  await id.deps.database.db.transaction().execute(async (trx) => {
    for (const to of recipients) {
      await writeOutbox(trx, QUEUES.mailSend, {
        type: 'mail.send',
        to,
        source: 'identity',
        mail: {
          template: 'password-reset',
          data: {
            first_name: 'Maria',
            token: id.deps.mailSecrets.seal(`token-${to}`, to),
            expires_in_minutes: 60,
          },
        },
      });
    }
  });
  id.deps.relay.kick();
}

export function unconfirmedRows(id: IdentityHarness) {
  return id.deps.database.db.selectFrom('outbox').select('id').where('confirmed_at', 'is', null).execute();
}

/** Waits until each of these recipients has a mail and identity's outbox is all confirmed. */
export async function waitForDelivery(
  sink: SmtpSink,
  id: IdentityHarness,
  recipients: string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const arrived = () => new Set(sink.messages.flatMap((m) => m.to));
  while (recipients.some((to) => !arrived().has(to)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  while ((await unconfirmedRows(id)).length > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
}

/** The fault table's figures for these recipients, and those that saw two different Message-IDs. */
export function tally(sink: SmtpSink, recipients: string[]) {
  const copies = recipients.map((to) => sink.messages.filter((m) => m.to.includes(to)));
  return {
    sent: recipients.length,
    received: copies.reduce((n, c) => n + c.length, 0),
    lost: copies.filter((c) => c.length === 0).length,
    doubled: copies.filter((c) => c.length > 1).length,
    mixedMessageIds: copies.filter((c) => new Set(c.map((m) => m.messageId)).size > 1).length,
  };
}

export type Tally = ReturnType<typeof tally>;

export function tableRow(fault: string, t: Tally, note = ''): string {
  return `fault table, ${fault}: sent ${t.sent}, received ${t.received}, lost ${t.lost}, doubled ${t.doubled}${note ? ` ${note}` : ''}`;
}
