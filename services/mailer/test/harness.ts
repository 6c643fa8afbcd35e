import { Queue, type JobsOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { MailSendJob } from '@mfd/contracts';
import { isFinalMailStatus, QUEUES } from '@mfd/contracts';
import { createProducerConnection, queuePrefix } from '@mfd/queue';
import { dropSchemas, serviceTestEnv, SmtpSink, TEST_MAIL_SECRET_KEYS, testInfra } from '@mfd/testing';
import pino from 'pino';
import { buildApp } from '../src/app';
import { mailerConfig, type MailerConfig } from '../src/config';
import { closeDeps, createDeps, migrate, type MailerDeps } from '../src/deps';
import { startInboundSmtp } from '../src/inbound-smtp';
import { startMailWorker } from '../src/worker';

/** A mailer with its worker on a fresh schema and Redis prefix, sending to a real SMTP sink. */
export async function startMailer(
  env: Partial<Record<keyof MailerConfig, string>> = {},
  /** Where the mailer logs (nowhere unless a test reads the lines). */
  logger: FastifyBaseLogger = pino({ level: 'silent' }),
  /** Parts of the deps a test replaces (the SPF check's DNS). */
  overrides: Partial<Pick<MailerDeps, 'spfResolver'>> = {},
) {
  const infra = testInfra();
  const sink = await new SmtpSink().start();
  const { schema, env: base } = serviceTestEnv('mailer', infra, {
    SMTP_URL: sink.url,
    APP_PUBLIC_URL: 'https://app.marinefuel.example',
    MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS,
    ...env,
  });
  const config = mailerConfig.parse(base);
  const deps = { ...createDeps(config, logger), ...overrides };
  await migrate(deps);
  const app = await buildApp(deps);
  await app.ready();
  const worker = startMailWorker(deps);
  // With INBOUND_SMTP_PORT ('0': a free port) the mailer listens for bounces and replies too.
  const inbound = config.INBOUND_SMTP_PORT === undefined ? null : await startInboundSmtp(deps, logger);
  const producer = createProducerConnection(config.REDIS_URL);
  const queue = new Queue(QUEUES.mailSend, {
    connection: producer,
    prefix: queuePrefix(config.REDIS_PREFIX),
  });

  /** Adds a job as a producer would (its link sealed); retries are fast so tests stay short. */
  async function send(job: Partial<MailSendJob> = {}, opts: JobsOptions = {}) {
    const to = job.to ?? `supplier-${randomUUID()}@example.com`;
    const payload: MailSendJob = {
      type: 'mail.send',
      to,
      source: 'identity',
      mail: {
        template: 'password-reset',
        data: { first_name: 'Maria', token: deps.secrets.seal('tok-123', to), expires_in_minutes: 60 },
      },
      ...job,
    };
    const added = await queue.add('mail.send', payload, {
      jobId: randomUUID(),
      attempts: 3,
      backoff: { type: 'fixed', delay: 50 },
      ...opts,
    });
    return { jobId: String(added.id), payload };
  }

  /** The message row once its job has settled (a final status). */
  async function settled(jobId: string, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const row = await deps.database.db
        .selectFrom('messages')
        .selectAll()
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      if (row && isFinalMailStatus(row.status)) return row;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${jobId} did not settle`);
  }

  return {
    app,
    deps,
    sink,
    queue,
    worker,
    inbound,
    send,
    settled,
    async close() {
      await inbound?.close();
      await worker.close();
      await queue.close();
      producer.disconnect();
      await app.close();
      await closeDeps(deps);
      await sink.stop();
      await dropSchemas(infra.pgUrl, [schema]);
    },
  };
}

export type MailerHarness = Awaited<ReturnType<typeof startMailer>>;
