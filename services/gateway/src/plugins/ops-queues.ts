import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { ControllerHandlerReturnType } from '@bull-board/api/typings/app';
import { FastifyAdapter } from '@bull-board/fastify';
import cookie from '@fastify/cookie';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessTokenClaims, OUTBOX_SERVICES, outboxAckQueue, QUEUES, sealedSecret } from '@mfd/contracts';
import { createProducerConnection, queuePrefix } from '@mfd/queue';
import {
  authPlugin,
  conflict,
  forbidden,
  reportRedisOutages,
  unauthorized,
  type TokenRevocations,
} from '@mfd/service-kit';
import type { GatewayDeps } from '../deps';
import { boardCookieKey, boardSessionOf, newBoardSession, OPS_COOKIE } from './ops-queues-session';

export const OPS_QUEUES_PATH = '/ops/queues';

const COOKIE_OPTIONS = { path: OPS_QUEUES_PATH, httpOnly: true, secure: true, sameSite: 'strict' } as const;

/** Every queue of the stack: the mail, each service's events, and each outbox's confirmations. */
const QUEUE_NAMES = [...Object.values(QUEUES), ...OUTBOX_SERVICES.map(outboxAckQueue)];

const RETRY_JOB = `${OPS_QUEUES_PATH}/api/queues/:queueName/:jobId/retry`;
const RETRY_ALL = `${OPS_QUEUES_PATH}/api/queues/:queueName/retry/:queueStatus`;

/**
 * The board's writes an operator may make: retry failed jobs (what the board is for), promote,
 * pause and resume. Adding or editing jobs (a mail to any address), emptying, cleaning or
 * obliterating a queue are refused: mail would be sent or lost that no service asked for.
 */
const ALLOWED_WRITES = new Set([
  RETRY_JOB,
  RETRY_ALL,
  ...[
    '/api/queues/:queueName/:jobId/promote',
    '/api/queues/:queueName/promote',
    '/api/queues/:queueName/pause',
    '/api/queues/:queueName/resume',
    '/api/queues/pause',
    '/api/queues/resume',
  ].map((route) => `${OPS_QUEUES_PATH}${route}`),
]);

/**
 * Only failed jobs run again: a completed one has done its work (its mail was sent, its event
 * handled), and running it again would do it twice. 403 for a bulk retry of any other status, 409
 * for a job in any other state; an unknown queue or job is left to the board, which answers 404.
 */
async function refuseRerun(request: FastifyRequest, queues: ReadonlyMap<string, Queue>): Promise<void> {
  const url = request.routeOptions.url;
  const { queueName = '', jobId = '', queueStatus } = request.params as Partial<Record<string, string>>;
  if (url === RETRY_ALL && queueStatus !== 'failed')
    throw forbidden('Only failed jobs can be retried: a completed job has done its work.');
  if (url !== RETRY_JOB) return;
  const state = await queues.get(queueName)?.getJobState(jobId);
  if (state !== undefined && state !== 'unknown' && state !== 'failed')
    throw conflict(`Only a failed job can be retried; this one is ${state}.`);
}

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

const SESSION_ENDED = 'Your session has expired or is no longer valid. Please sign in again.';

/**
 * Who asks the board: an API client by its bearer token, checked as on every API route, or the
 * browser by the board's cookie (only operators are given one). Either way the token must not be
 * revoked: a logout, a password reset or an operator's grant taken back locks the board at once.
 */
async function boardCaller(
  request: FastifyRequest,
  revocations: TokenRevocations,
): Promise<{ operator: boolean; byCookie: boolean }> {
  if (!request.headers.authorization) {
    const session = boardSessionOf(request);
    if (!session || (await revocations.isRevoked(session))) throw unauthorized(SESSION_ENDED);
    return { operator: true, byCookie: true };
  }
  const claims = await request.jwtVerify().then(
    (payload) => accessTokenClaims.parse(payload),
    () => undefined,
  );
  if (!claims || (await revocations.isRevoked(claims))) throw unauthorized(SESSION_ENDED);
  return { operator: claims.operator, byCookie: false };
}

/**
 * bull-board at /ops/queues for platform operators: every queue, failed jobs retryable. A browser
 * sends no bearer header, so the web app trades the operator's token (POST /ops/queues/session
 * with the bearer header) for a board session: an HttpOnly, SameSite=Strict cookie on this path,
 * signed by the gateway, naming the token's user and id, never the token itself. It lasts an hour
 * at most, is checked against the revocations like the token, opens nothing but the board, and a
 * write it authenticates must come from this origin; the web app's sign-out ends it
 * (DELETE /ops/queues/session). 401 without a credential, 403 for anyone but an operator.
 */
export async function opsQueues(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  // No browser or proxy keeps any answer from here (the board's pages and assets, its job data,
  // the session cookie's answers, the refusals): they show mail addresses and errors to operators
  // only. Added first, so every route and the not-found answer below carry it.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  // A path under the board that is none of its routes: not the web app's page either.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, detail: 'Not found' }));
  const connection = createProducerConnection(deps.config.REDIS_URL);
  reportRedisOutages(connection, app.log, 'the queue board cannot show the queues until it is back');
  const prefix = queuePrefix(deps.config.REDIS_PREFIX);
  const queues = new Map(
    QUEUE_NAMES.map((name) => {
      const queue = new Queue(name, { connection, prefix });
      // The connection's outage is reported once above, through the app's logger: without a
      // listener BullMQ would print every one of its errors to the console as a raw line.
      queue.on('error', () => undefined);
      return [name, queue] as const;
    }),
  );
  app.addHook('onClose', async () => {
    await Promise.all([...queues.values()].map((q) => q.close()));
    connection.disconnect();
  });

  await app.register(cookie, { secret: boardCookieKey(deps.gatewaySecret) });
  const auth = { publicKey: deps.publicKey, revocations: deps.revocations };

  await app.register(async (trading) => {
    await trading.register(authPlugin, auth);
    trading.post('/session', { schema: { hide: true } }, async (request, reply) => {
      if (!request.auth.operator) throw forbidden('Only platform operators may see the queues.');
      // The claims the auth check verified (@fastify/jwt keeps them on the request).
      const { value, maxAge } = newBoardSession(accessTokenClaims.parse(request.user));
      reply.setCookie(OPS_COOKIE, value, { ...COOKIE_OPTIONS, signed: true, maxAge });
      return reply.code(204).send();
    });
  });

  // Called at sign-out, when the token may be revoked already: clearing the cookie needs none.
  app.delete('/session', { schema: { hide: true } }, async (_request, reply) =>
    reply.clearCookie(OPS_COOKIE, COOKIE_OPTIONS).code(204).send(),
  );

  await app.register(async (boardScope) => {
    // The board's routes take the bearer header or the cookie (boardCaller); the auth plugin's own
    // check knows the header only, so it is switched off here and lends its token check alone.
    boardScope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await boardScope.register(authPlugin, auth);
    boardScope.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      if (url === undefined) return;
      const caller = await boardCaller(request, deps.revocations);
      if (!caller.operator) throw forbidden('Only platform operators may see the queues.');
      if (READS.has(request.method)) return;
      if (caller.byCookie && !sameOrigin(request))
        throw forbidden('This request did not come from this site.');
      if (!ALLOWED_WRITES.has(url))
        throw forbidden('The queue board may retry, promote, pause and resume jobs, nothing else.');
      await refuseRerun(request, queues);
    });

    const board = new FastifyAdapter();
    board.setBasePath(OPS_QUEUES_PATH);
    // The board offers no retry of completed jobs either (refuseRerun refuses one anyway); bull-board
    // reads allowCompletedRetries but leaves it out of its options' type.
    const adapterOptions = { allowRetries: true, allowCompletedRetries: false };
    createBullBoard({
      queues: [...queues.values()].map((queue) => {
        const adapter = new BullMQAdapter(queue, adapterOptions);
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
    await boardScope.register(board.registerPlugin());
  });
}
