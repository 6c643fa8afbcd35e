import { createRequire } from 'node:module';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../deps';
import { apiDocument } from '../domain/openapi-merge';
import { upstreamUrls, type UpstreamName } from '../upstreams';

const swaggerUiDir = (
  createRequire(import.meta.url)('swagger-ui-dist') as { getAbsoluteFSPath(): string }
).getAbsoluteFSPath();

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Marine Fuel Distribution API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

// A file of its own, so the page needs no inline script under the CSP.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** /api/docs: Swagger UI over one OpenAPI document merged from every service's zod schemas. */
export async function docsRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  const config = { public: true };
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
  });

  app.get('/api/docs', { config, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html').send(PAGE),
  );
  app.get('/api/docs/init.js', { config, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript').send(INIT),
  );
  app.get('/api/docs/openapi.json', { config, schema: { hide: true } }, async () => {
    const urls = upstreamUrls(deps.config);
    const services: UpstreamName[] = ['identity', 'directory', 'inquiry'];
    const docs = await Promise.all(
      services.map(async (name) => {
        try {
          const res = await fetch(new URL('/openapi.json', urls[name]), {
            signal: AbortSignal.timeout(deps.config.UPSTREAM_TIMEOUT_MS),
          });
          return [name, res.ok ? await res.json() : {}] as const;
        } catch {
          // A service that is down is left out; the rest of the API is still documented.
          return [name, {}] as const;
        }
      }),
    );
    return apiDocument(Object.fromEntries(docs));
  });
}
