import { dropSchemas, serviceTestEnv, TEST_MAIL_SECRET_KEYS, testInfra, testKeys } from '@mfd/testing';
import pino from 'pino';
import { assertTypedAnswer, typedAnswerRoutes } from '@mfd/service-kit';
import { createQueueConnection } from '@mfd/queue';
import { buildApp } from '../src/app';
import { inquiryConfig, type InquiryConfig } from '../src/config';
import { closeDeps, createDeps, migrate } from '../src/deps';
import { startMailStatusConsumer } from '../src/jobs/mail-status';

/** The inquiry app on its own fresh schema and Redis prefix, built as server.ts builds it. */
export async function startInquiry(env: Partial<Record<keyof InquiryConfig, string>> = {}) {
  const infra = testInfra();
  // The mailer of the tests holds the same keys, so a sealed offer link opens there.
  const { schema, env: base } = serviceTestEnv('inquiry', infra, {
    MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS,
    ...env,
  });
  const config = inquiryConfig.parse(base);
  const deps = createDeps(config, testKeys().publicKey);
  await migrate(deps);
  const app = await buildApp(deps);
  // Answers written as built (typedAnswerSerializer): every one the tests see must be what zod writes.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url}`;
    if (reply.statusCode === 200 && typedAnswerRoutes.has(route))
      assertTypedAnswer(
        (request.routeOptions.schema?.response as Record<number, unknown>)[200],
        route,
        payload,
      );
    return payload;
  });
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeDeps(deps);
      await dropSchemas(infra.pgUrl, [schema]);
    },
  };
}

/**
 * The inquiry app reading a real directory app listening on a free port, both on the same Redis
 * prefix, so look-ups and events go where they go in production.
 */
export async function startWithDirectory(
  env: Partial<Record<keyof InquiryConfig, string>> = {},
  directoryEnv: Record<string, string> = {},
) {
  const { startDirectory } = await import('../../directory/test/harness');
  const directory = await startDirectory(directoryEnv);
  await directory.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (directory.app.server.address() as { port: number }).port;
  const inquiry = await startInquiry({
    DIRECTORY_URL: `http://127.0.0.1:${port}`,
    REDIS_PREFIX: directory.deps.config.REDIS_PREFIX,
    ...env,
  });
  return {
    directory,
    inquiry,
    async close() {
      await inquiry.close();
      await directory.close();
    },
  };
}

/**
 * The RFQ stack: a real identity (the sender's profile) and directory (suppliers) listening on free
 * ports and the inquiry app reading both. A mailer started with `REDIS_PREFIX: stack.prefix` takes
 * the inquiry's mail jobs. `env` is the inquiry's; a REDIS_URL in it (a fault test's own Redis)
 * is all three services' Redis.
 */
export async function startRfq(env: Partial<Record<keyof InquiryConfig, string>> = {}) {
  const { startIdentity } = await import('../../identity/test/harness');
  const redis: Record<string, string> = env.REDIS_URL ? { REDIS_URL: env.REDIS_URL } : {};
  const identity = await startIdentity(redis);
  await identity.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (identity.app.server.address() as { port: number }).port;
  const identityUrl = `http://127.0.0.1:${port}`;
  const stack = await startWithDirectory(
    { IDENTITY_URL: identityUrl, ...env },
    { ...redis, IDENTITY_URL: identityUrl },
  );
  return {
    ...stack,
    identity,
    prefix: stack.inquiry.deps.config.REDIS_PREFIX,
    async close() {
      await stack.close();
      await identity.close();
    },
  };
}

/**
 * The RFQ stack with a mailer on its Redis prefix, both relays running: supplier mails go the
 * whole way to the mailer's SMTP sink (`mailer.sink`). `close` stops both.
 */
export async function startRfqWithMailer(
  env: Partial<Record<keyof InquiryConfig, string>> = {},
  mailerEnv: Record<string, string> = {},
  /**
   * Also run the mailer's reports back (deliveries, outcomes in the trail, replies), as in
   * production. Off by default: a delivered mail's job is scrubbed then, and tests that read a
   * sealed link from the job would race it.
   */
  { mailEvents = false }: { mailEvents?: boolean } = {},
) {
  const { startMailer } = await import('../../mailer/test/harness');
  const stack = await startRfq({ OUTBOX_POLL_MS: '100', ...env });
  const mailer = await startMailer({ REDIS_PREFIX: stack.prefix, OUTBOX_POLL_MS: '100', ...mailerEnv });
  mailer.deps.relay.start();
  stack.inquiry.deps.relay.start();
  const connection = mailEvents ? createQueueConnection(stack.inquiry.deps.config.REDIS_URL) : null;
  const consumer =
    connection &&
    startMailStatusConsumer({
      db: stack.inquiry.deps.database.db,
      connection,
      redisPrefix: stack.prefix,
      logger: pino({ level: 'silent' }),
    });
  return {
    ...stack,
    mailer,
    async close() {
      await consumer?.close();
      connection?.disconnect();
      await mailer.close();
      await stack.close();
    },
  };
}
