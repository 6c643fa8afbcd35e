import type { Worker } from 'bullmq';
import { mailSendJob, QUEUES } from '@mfd/contracts';
import { queuePrefix, startConsumer } from '@mfd/queue';
import type { MailerDeps } from './deps';
import { sendMail, type SendMailContext } from './jobs/send-mail';

/** The mail.send consumer; N replicas of the mailer each run one with MAIL_CONCURRENCY slots. */
export function startMailWorker(deps: MailerDeps): Worker {
  const ctx: SendMailContext = {
    db: deps.database.db,
    transport: deps.transport,
    config: deps.config,
    metrics: deps.metrics,
    outboxWritten: () => deps.relay.kick(),
  };
  return startConsumer({
    queue: QUEUES.mailSend,
    connection: deps.workerConnection,
    prefix: queuePrefix(deps.config.REDIS_PREFIX),
    schema: mailSendJob,
    logger: deps.logger,
    concurrency: deps.config.MAIL_CONCURRENCY,
    handle: (payload, job) => sendMail(ctx, job, payload),
  });
}
