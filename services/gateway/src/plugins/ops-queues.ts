import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { ControllerHandlerReturnType } from '@bull-board/api/typings/app';
import { FastifyAdapter } from '@bull-board/fastify';
import cookie from '@fastify/cookie';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OUTBOX_SERVICES, outboxAckQueue, QUEUES, sealedSecret } from '@mfd/contracts';
import { createProducerConnection, queuePrefix } from '@mfd/queue';
import { authPlugin, forbidden, reportRedisOutages } from '@mfd/service-kit';
import type { GatewayDeps } from '../deps';

export const OPS_QUEUES_PATH = '/ops/queues';
/** Holds the operator's access token for the board's page, its assets and its API calls. */
export const OPS_COOKIE = 'mfd_ops';

/** Every queue of the stack: the mail, each service's events, and each outbox's confirmations. */
const QUEUE_NAMES = [...Object.values(QUEUES), ...OUTBOX_SERVICES.map(outboxAckQueue)];

/**
 * The board's writes an operator may make: retry (what the board is for), promote, pause and
 * resume. Adding or editing jobs (a mail to any address), emptying, cleaning or obliterating a
 * queue are refused: mail would be sent or lost that no service asked for.
 */
const ALLOWED_WRITES = new Set(
  [
    '/api/queues/:queueName/:jobId/retry',
    '/api/queues/:queueName/retry/:queueStatus',
    '/api/queues/:queueName/:jobId/promote',
    '/api/queues/:queueName/promote',
    '/api/queues/:queueName/pause',
    '/api/queues/:queueName/resume',
    '/api/queues/pause',
    '/api/queues/resume',
  ].map((route) => `${OPS_QUEUES_PATH}${route}`),
);

/** Job data as the board shows it: a sealed link is shown as such, never its ciphertext. */
function hideSealed(value: unknown): unknown {
  if (typeof value === 'string') return sealedSecret.safeParse(value).success ? '[sealed]' : value;
  if (Array.isArray(value)) return value.map(hideSealed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, hideSealed(v)]));
  return value;
}

/** A write the browser made from this origin (SameSite=Strict already keeps other sites' cookies away). */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  return typeof origin === 'string' && URL.canParse(origin) && new URL(origin).host === request.host;
}

const READS = new Set(['GET', 'HEAD']);

/**
 * bull-board at /ops/queues for platform operators: every queue, failed jobs retryable. A browser
 * sends no bearer header, so the web app trades the operator's token for an HttpOnly,
 * SameSite=Strict cookie on this path (POST /ops/queues/session with the bearer header); the
 * cookie stands in for the header and is checked like it (signature, expiry, revocations), and a
 * write it authenticates must come from this origin. 401 without a token, 403 for anyone but an
 * operator.
 */
export async function opsQueues(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  const connection = createProducerConnection(deps.config.REDIS_URL);
  reportRedisOutages(connection, app.log, 'the queue board cannot show the queues until it is back');
  const prefix = queuePrefix(deps.config.REDIS_PREFIX);
  const queues = QUEUE_NAMES.map((name) => {
    const queue = new Queue(name, { connection, prefix });
    // The connection's outage is reported once above; without a listener it would crash the gateway.
    queue.on('error', () => undefined);
    return queue;
  });
  app.addHook('onClose', async () => {
    await Promise.all(queues.map((q) => q.close()));
    connection.disconnect();
  });

  await app.register(cookie);
  const byCookie = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[OPS_COOKIE];
    if (request.headers.authorization || !token) return;
    request.headers.authorization = `Bearer ${token}`;
    byCookie.add(request);
  });
  await app.register(authPlugin, { publicKey: deps.publicKey, revocations: deps.revocations });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return;
    if (!request.auth.operator) throw forbidden('Only platform operators may see the queues.');
    if (READS.has(request.method) || request.routeOptions.url === `${OPS_QUEUES_PATH}/session`) return;
    if (byCookie.has(request) && !sameOrigin(request))
      throw forbidden('This request did not come from this site.');
    if (!ALLOWED_WRITES.has(request.routeOptions.url))
      throw forbidden('The queue board may retry, promote, pause and resume jobs, nothing else.');
  });

  app.post('/session', { schema: { hide: true } }, async (request, reply) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /i, '');
    reply.setCookie(OPS_COOKIE, token, {
      path: OPS_QUEUES_PATH,
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      maxAge: Math.max(0, request.auth.expiresAt - Math.floor(Date.now() / 1000)),
    });
    return reply.code(204).send();
  });

  const board = new FastifyAdapter();
  board.setBasePath(OPS_QUEUES_PATH);
  createBullBoard({
    queues: queues.map((queue) => {
      const adapter = new BullMQAdapter(queue, { allowRetries: true });
      adapter.setFormatter('data', hideSealed);
      adapter.setFormatter('returnValue', hideSealed);
      return adapter;
    }),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Marine Fuel queues', hideDocsLink: true } },
  });
  // The board's own handler would answer its own shape (and a stack trace in development).
  board.setErrorHandler((error: Error & { statusCode?: number }) => {
    const status = error.statusCode ?? 500;
    // bull-board's type lists fewer statuses than it passes on (401 among them).
    const code = status as ControllerHandlerReturnType['status'];
    if (status < 500) return { status: code, body: { success: false, detail: error.message } };
    app.log.error({ err: error }, 'queue board request failed');
    return {
      status: code,
      body: { success: false, detail: 'Something went wrong on our side. Please try again.' },
    };
  });
  await app.register(board.registerPlugin());
}
