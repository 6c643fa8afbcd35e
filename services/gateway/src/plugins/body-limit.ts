import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { payloadTooLarge } from '@mfd/service-kit';

/** The routes that take large uploads: the UN/LOCODE code list, a stem's delivery document (10 MB, checked by the inquiry service). */
const UPLOAD_ROUTES = new Set(['POST /api/ports/bulk-import']);
const UPLOAD_PATTERNS = [/^POST \/api\/stems\/[^/]+\/documents$/];
const isUpload = (route: string) => UPLOAD_ROUTES.has(route) || UPLOAD_PATTERNS.some((p) => p.test(route));

/**
 * Proxied bodies are streamed, so Fastify's own bodyLimit never sees them: the declared
 * Content-Length is checked here, before a byte is forwarded. A chunked body without a length
 * is bounded by the upstream service's own limit.
 */
export const bodyLimit = fp(
  async (app: FastifyInstance, opts: { limit: number; uploadLimit: number }) => {
    // A callback hook: most requests carry no body, and an async one cost each a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (!length) return done();
      const path = request.url.split('?')[0];
      const limit = isUpload(`${request.method} ${path}`) ? opts.uploadLimit : opts.limit;
      if (length > limit)
        return done(payloadTooLarge(`The request is too large (limit ${Math.round(limit / 1024)} KB)`));
      done();
    });
  },
  { name: 'body-limit' },
);
