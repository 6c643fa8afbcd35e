import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the build puts its hashed files: a path under it is a file or nothing, never a page. */
const ASSETS = '/assets/';

/**
 * The built web app, compressed ahead (web/precompress.ts) where the browser accepts it: hashed
 * assets cached for a year, index.html never cached, and every
 * other GET for a page answered with index.html so the client router can take it. Source maps
 * stay in the build output for the team's debugging and are never served: they would hand out
 * the app's source.
 */
export async function webAppRoutes(app: FastifyInstance, { webDist }: { webDist: string }): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Routes for the files that exist (the build is immutable): any other path is the app's.
      wildcard: false,
      // The build's .br and .gz copies (web/precompress.ts) go out as the file they compress, to
      // browsers that accept them; they are not addresses of their own.
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      preCompressed: true,
      index: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes(ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith(ASSETS) &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.code(404).send({ success: false, detail: 'Not found' });
    if (!built)
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });
}
