import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorHandler } from './error-handler';
import { loggerOptions } from './logger';

/** A route as registered, so tests can walk every route of a service (auth, tenancy). */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  role: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface ServiceAppOptions {
  name: string;
  version?: string;
  logLevel?: string;
  bodyLimit?: number;
  /** The gateway serves the web app and answers unknown paths itself. */
  notFound?: boolean;
  /** Where log lines go (stdout when absent); tests read them to check nothing secret is logged. */
  logStream?: { write(line: string): void };
  /** Services sit behind the gateway and trust its forwarding headers; the edge decides for itself. */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
}

/**
 * The Fastify instance every service starts from: zod validation and serialization, the
 * error shape, request ids taken from (or given to) x-request-id, redacted logs, and the
 * OpenAPI document of its routes at /openapi.json.
 */
export function createServiceApp(opts: ServiceAppOptions) {
  const logger: FastifyServerOptions['logger'] =
    opts.logLevel === 'silent'
      ? false
      : { ...loggerOptions(opts.name, opts.logLevel ?? 'info'), ...(opts.logStream ? { stream: opts.logStream } : {}) };
  const app = Fastify({
    logger,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    trustProxy: opts.trustProxy ?? true,
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, public: route.config?.public === true, role: route.config?.role });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.register(errorHandler, { notFound: opts.notFound ?? true });
  app.register(swagger, {
    openapi: {
      info: { title: `Marine Fuel Distribution: ${opts.name}`, version: opts.version ?? '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
  return app;
}
