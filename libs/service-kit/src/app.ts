import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BaseConfig } from './config';
import { errorHandler } from './error-handler';
import { installJsonParser } from './json-body';
import { loadGatewaySecret } from './keys';
import { logDestination, loggerOptions, RequestLog } from './logger';
import { openApiOptions } from './openapi';
import { installHttpMetrics } from './metrics';

/** A route as registered, so tests can walk every route of a service (auth, tenancy). */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  role: string | undefined;
  /** Only platform operators may call it. */
  operator: boolean;
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
  /** Only the edge sets this (for its ingress); services leave it out and use gatewaySecret. */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
  /**
   * Services behind the gateway: X-Forwarded-* are believed only on a request carrying this
   * secret in GATEWAY_AUTH_HEADER. Without it, and for every other caller, the socket address counts.
   */
  gatewaySecret?: string;
  timeouts?: { requestMs: number; connectionMs: number; keepAliveMs: number };
  /** The gateway's HTTP server, which serves some requests before Fastify sees them. */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

/** The header the gateway proves itself with; services drop it before anything else sees the request. */
export const GATEWAY_AUTH_HEADER = 'x-gateway-auth';
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'];

/** A caller's request id is kept only when it looks like one; anything else (long, odd characters) gets a new id. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Log level and timeouts of a service from its configuration. */
export function serverSettings(c: BaseConfig): Pick<ServiceAppOptions, 'logLevel' | 'timeouts'> {
  return {
    logLevel: c.LOG_LEVEL,
    timeouts: {
      requestMs: c.REQUEST_TIMEOUT_MS,
      connectionMs: c.CONNECTION_TIMEOUT_MS,
      keepAliveMs: c.KEEP_ALIVE_TIMEOUT_MS,
    },
  };
}

/** serverSettings plus the gateway's secret, for a service that takes requests from the gateway. */
export function behindGateway(
  c: BaseConfig,
): Pick<ServiceAppOptions, 'logLevel' | 'timeouts' | 'gatewaySecret'> {
  return { ...serverSettings(c), gatewaySecret: loadGatewaySecret(c) };
}

function sameSecret(given: string | string[] | undefined, secret: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const bytes = Buffer.from(given);
  return bytes.length === secret.length && timingSafeEqual(bytes, secret);
}

/** Runs before routing and logging, so neither the log nor request.ip ever sees a forged address. */
function dropUnprovenForwarding(secret: Buffer | null) {
  return (req: IncomingMessage): string => {
    const proven = secret !== null && sameSecret(req.headers[GATEWAY_AUTH_HEADER], secret);
    delete req.headers[GATEWAY_AUTH_HEADER];
    if (!proven) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    return req.url ?? '/';
  };
}

export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** What every answer of a service carries beside its own headers, whichever path answers it. */
export function serviceAnswerHeaders(id: string, url: string): Record<string, string> {
  // API answers carry tokens and personal data: no browser or proxy cache may keep them.
  return url.startsWith('/api/')
    ? { 'x-request-id': id, 'cache-control': 'no-store' }
    : { 'x-request-id': id };
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
      : {
          ...loggerOptions(opts.name, opts.logLevel ?? 'info'),
          stream: opts.logStream ?? logDestination(),
        };
  const edge = opts.trustProxy !== undefined;
  const app = Fastify({
    logger,
    logController: new RequestLog(),
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    trustProxy: edge ? opts.trustProxy : true,
    ...(edge
      ? {}
      : { rewriteUrl: dropUnprovenForwarding(opts.gatewaySecret ? Buffer.from(opts.gatewaySecret) : null) }),
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
    ...(opts.timeouts
      ? {
          requestTimeout: opts.timeouts.requestMs,
          connectionTimeout: opts.timeouts.connectionMs,
          keepAliveTimeout: opts.timeouts.keepAliveMs,
        }
      : {}),
  }).withTypeProvider<ZodTypeProvider>();

  installHttpMetrics(app, opts.name);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const config = route.config;
      routeTable.push({
        method,
        url: route.url,
        public: config?.public === true,
        role: config?.role,
        operator: config?.operator === true,
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The edge streams proxied bodies untouched (its JSON routes install the parser themselves).
  if (!edge) installJsonParser(app);
  app.addHook('onSend', async (request, reply) => {
    reply.headers(serviceAnswerHeaders(request.id, request.url));
  });
  app.register(errorHandler, { notFound: opts.notFound ?? true });
  app.register(swagger, openApiOptions(opts.name, opts.version ?? '0.1.0'));
  app.get('/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
  return app;
}
