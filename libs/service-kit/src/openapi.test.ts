import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from './app';
import { errorResponses } from './openapi';

type App = ReturnType<typeof createServiceApp>;

interface Operation {
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** The document of one route and that route's operation in it. */
async function documented(path: string, method: string, route: (app: App) => void) {
  const app = createServiceApp({ name: 'test', logLevel: 'silent' });
  // As the services do: routes in a plugin, so the swagger plugin registered before them sees them.
  await app.register(async (scope) => route(scope as App));
  await app.ready();
  const doc = app.swagger() as unknown as Document;
  await app.close();
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method} ${path} is not in the document`);
  return { doc, op, statuses: Object.keys(op.responses) };
}

const ok = z.object({ ok: z.boolean() });
const errorRef = { $ref: '#/components/schemas/ErrorResponse' };
const schemaOf = (op: Operation, status: string) =>
  op.responses[status]?.content?.['application/json']?.schema;

describe('the standard error answers in a service’s OpenAPI document', () => {
  it('when a route takes a body behind a role, then 400, 401, 403 and 5XX are documented in the error shape', async () => {
    const { doc, op, statuses } = await documented('/api/things', 'post', (app) =>
      app.post(
        '/api/things',
        {
          config: { role: 'admin' },
          schema: { body: z.object({ name: z.string() }), response: { 201: ok } },
        },
        async () => ({ ok: true }),
      ),
    );
    expect(statuses).toEqual(['201', '400', '401', '403', '5XX']);
    for (const status of ['400', '401', '403', '5XX']) {
      expect(schemaOf(op, status)).toEqual(errorRef);
      expect(op.responses[status]?.description).not.toBe('Default Response');
    }
    expect(op.security).toBeUndefined();
    expect(Object.keys(doc.components.schemas)).toEqual(['ErrorResponse']);
  });

  it('when a public route declares its own errors, then it needs no token, has no 401 and lists what it declared', async () => {
    const { op, statuses } = await documented('/api/public/things/{token}', 'get', (app) =>
      app.get(
        '/api/public/things/:token',
        {
          config: { public: true },
          schema: {
            params: z.object({ token: z.string() }),
            response: { 200: ok, ...errorResponses(404, 429) },
          },
        },
        async () => ({ ok: true }),
      ),
    );
    // Any text is a valid token: nothing here fails validation, so no 400 is promised.
    expect(statuses).toEqual(['200', '404', '429', '5XX']);
    expect(op.security).toEqual([]);
    expect(schemaOf(op, '404')).toEqual(errorRef);
    expect(op.responses['429']).toMatchObject({
      headers: { 'retry-after': { schema: { type: 'integer' } } },
    });
  });

  it('when an id in the path must be a uuid, then a malformed one is documented as a 400', async () => {
    const { statuses } = await documented('/api/things/{id}', 'delete', (app) =>
      app.delete(
        '/api/things/:id',
        { config: { operator: true }, schema: { params: z.object({ id: z.uuid() }), response: { 200: ok } } },
        async () => ({ ok: true }),
      ),
    );
    expect(statuses).toEqual(['200', '400', '401', '403', '5XX']);
  });

  it('when a route declares an error answer, then its errors are still sent in the error shape', async () => {
    const app = createServiceApp({ name: 'test', logLevel: 'silent' });
    app.get(
      '/api/missing',
      { config: { public: true }, schema: { response: { 200: ok, ...errorResponses(404) } } },
      async (_request, reply) => reply.code(404).send({ success: false, detail: 'Thing not found' }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/missing' });
    await app.close();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, detail: 'Thing not found' });
  });
});
