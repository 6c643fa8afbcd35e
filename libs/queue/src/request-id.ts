import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod';

/**
 * The request a piece of work was caused by. A service runs each HTTP request in it, and a
 * consumer each job; every outbox row written meanwhile records it, the relay puts it into the
 * row's job, and so one id follows a call from the gateway to the mailer's log line. Implicit
 * (like @fastify/request-context) so the domain functions that write outbox rows need no HTTP.
 */
const current = new AsyncLocalStorage<string | null>();

export function withRequestId<T>(requestId: string | null, work: () => T): T {
  return current.run(requestId, work);
}

export function currentRequestId(): string | null {
  return current.getStore() ?? null;
}

/**
 * A Fastify preHandler (the body is read by then, whose stream events would lose the context):
 * the handler and everything it awaits run under the request's id.
 */
export function requestIdHook(request: { id: string }, _reply: unknown, done: () => void): void {
  current.run(request.id, done);
}

/** What the relay adds to a job's data beside its payload; consumers' schemas ignore it. */
const jobTrace = z.object({ request_id: z.string().min(1).max(200) });

export function jobRequestId(job: { data: unknown }): string | null {
  const parsed = jobTrace.safeParse(job.data);
  return parsed.success ? parsed.data.request_id : null;
}
