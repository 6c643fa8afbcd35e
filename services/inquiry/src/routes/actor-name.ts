import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lastRecordedName } from '../data/audit.repository';
import { userName } from '../data/identity.client';
import type { InquiryDeps } from '../deps';
import { onBehalfOf } from './route-context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller's name, as the audit trail records it; read before a change's handler runs. */
    actorName: string;
  }
}

/** A user's name is read from identity again after this long, so a renamed user shows soon. */
const NAME_TTL_MS = 5 * 60_000;
/** Names kept per process; past it, the oldest is forgotten first. */
const NAMES_CACHED = 1000;
/** What the trail says of a user whose name neither identity nor the trail itself can give. */
export const UNKNOWN_USER = 'Unknown user';

/**
 * Reads the caller's name before every change (a route that is not public and not a read), so
 * the use cases record it in the audit trail without a call to identity while a lock is held.
 * Names are kept a few minutes per process. While identity cannot say, the name the trail last
 * recorded for the user stands in: a change is never refused for want of a name.
 */
export function registerActorNames(app: FastifyInstance, deps: InquiryDeps): void {
  const names = new Map<string, { name: string; until: number }>();
  const remember = (userId: string, name: string) => {
    if (names.size >= NAMES_CACHED) names.delete(names.keys().next().value!);
    names.set(userId, { name, until: Date.now() + NAME_TTL_MS });
  };
  const nameOf = async (request: FastifyRequest): Promise<string> => {
    const { userId, tenantId } = request.auth;
    const known = names.get(userId);
    if (known && known.until > Date.now()) return known.name;
    const fresh = await userName(deps.identity, onBehalfOf(request)).catch((err: unknown) => {
      request.log.warn({ err: (err as Error).message }, 'user name unreadable: the trail keeps the last one');
      return null;
    });
    if (fresh) {
      remember(userId, fresh);
      return fresh;
    }
    return (await lastRecordedName(deps.database.db, tenantId, userId)) ?? UNKNOWN_USER;
  };
  app.decorateRequest('actorName', UNKNOWN_USER);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.public || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    request.actorName = await nameOf(request);
  });
}
