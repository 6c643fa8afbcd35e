import type { Worker } from 'bullmq';
import { mailSendJob, QUEUES } from '@mfd/contracts';
import { queuePrefix, startConsumer } from '@mfd/queue';
import { mailConcurrency } from './config';
import { messageWriter } from './data/messages.repository';
import type { MailerDeps } from './deps';
import { sendMail, type SendMailContext } from './jobs/send-mail';

/** The mail.send consumer; N replicas of the mailer each run one with MAIL_CONCURRENCY slots. */
export function startMailWorker(deps: MailerDeps): Worker {
  const ctx: SendMailContext = {
    db: deps.database.db,
    messages: messageWriter(deps.database.pool),
    transport: deps.transport,
    config: deps.config,
    metrics: deps.metrics,
    secrets: deps.secrets,
    refs: deps.refs,
    outboxWritten: () => deps.relay.kick(),
    logger: deps.logger,
  };
  return startConsumer({
    queue: QUEUES.mailSend,
    connection: deps.workerConnection,
    prefix: queuePrefix(deps.config.REDIS_PREFIX),
    schema: mailSendJob,
    logger: deps.logger,
    concurrency: mailConcurrency(deps.config),
    // The job's lock runs as long as the message's lease: a dead sender's job comes back when its lease is out.
    lockDuration: deps.config.SEND_LEASE_SECONDS * 1000,
    maxStalledCount: 5,
    handle: (payload, job) => sendMail(ctx, job, payload),
  });
}
