import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Histogram } from 'prom-client';
import { Pool } from 'undici';
import {
  errorAnswer,
  logRequestCompleted,
  requestId,
  serviceAnswerHeaders,
  type TokenRevocations,
  type TokenStanding,
  type VerifiedTokens,
} from '@mfd/service-kit';
import { AnswerRelay } from './answer-relay';
import { clientAddressOf } from './client-address';
import type { GatewayConfig } from './config';
import { forwardHeaders } from './forward';
import { SECURITY_HEADERS } from './plugins/security-headers';
import { ROUTES, upstreamUrls } from './upstreams';

/** A path the direct path forwards as it came: no dot segments, no encoded slash, dot or backslash. */
const PLAIN_PATH =
  /^(?:\/(?!\.\.?(?:\/|$))(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%(?![2][eEfF]|[5][cC])[0-9A-Fa-f]{2})+)+\/?$/;
/** Request headers undici refuses or the Fastify path treats apart: such requests take that path. */
const SPECIAL_HEADERS = ['transfer-encoding', 'upgrade', 'expect', 'keep-alive'];

interface Upstream {
  prefix: string;
  pool: Pool;
  host: string;
}

/** The options Fastify hands a server factory that its own HTTP/1 server would take. */
interface ServerSettings {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

interface Attached {
  log: FastifyBaseLogger;
  duration: Histogram<'method' | 'route' | 'status_code'>;
}

export interface DirectProxyDeps {
  config: GatewayConfig;
  revocations: TokenRevocations;
  verified: VerifiedTokens;
  gatewaySecret: string;
}

const ignore = () => {};

/**
 * The hot path of the gateway: a GET without a body to a protected /api prefix, carrying a token
 * the Fastify path has already verified (its cache), is forwarded here before Fastify sees it,
 * with the same checks (token unexpired, revocation in Redis; no body, so no body limit; the
 * proxied prefixes ask no role), the same forwarded headers, security headers, request id,
 * cache-control, log line and metrics. Fastify's routing, request and reply objects, hooks and
 * @fastify/reply-from cost about as much CPU per request as the whole hop (bench/README.md).
 * Anything else, or any check that does not pass, goes to Fastify, which answers it as before
 * (a refusal with its own error).
 */
export class DirectProxy {
  private readonly upstreams: Upstream[];
  private readonly addressOf;
  private readonly forward;
  private attached: Attached | undefined;

  constructor(private readonly deps: DirectProxyDeps) {
    const urls = upstreamUrls(deps.config);
    const pools = new Map<string, Pool>();
    this.upstreams = ROUTES.filter((r) => !r.public).map((r) => {
      const url = urls[r.upstream];
      let pool = pools.get(url);
      // What @fastify/reply-from's undici agent keeps per origin.
      if (!pool) pools.set(url, (pool = new Pool(new URL(url).origin, { connections: 128, pipelining: 1 })));
      return { prefix: r.prefix, pool, host: new URL(url).host };
    });
    this.addressOf = clientAddressOf(deps.config.TRUST_PROXY);
    this.forward = forwardHeaders(deps.gatewaySecret);
  }

  /** Fastify's HTTP/1 server (its settings as Fastify applies them), the direct path in front. */
  readonly serverFactory = (handler: RequestListener, opts: ServerSettings) => {
    const server = createServer(opts.http ?? {}, (req, res) => this.handle(req, res, handler));
    if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
    if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout ?? 0);
    if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };

  /** Once the app is built: its logger and request-duration histogram. */
  attach(log: FastifyBaseLogger, duration: Attached['duration']): void {
    this.attached = { log, duration };
  }

  async close(): Promise<void> {
    await Promise.all([...new Set(this.upstreams.map((u) => u.pool))].map((p) => p.close()));
  }

  private handle(req: IncomingMessage, res: ServerResponse, fastify: RequestListener): void {
    const upstream = this.attached ? this.takes(req) : undefined;
    const known = upstream && this.deps.verified.get(req.headers.authorization);
    if (!upstream || !known) return fastify(req, res);
    const go = (standing: TokenStanding) =>
      standing.revoked ? fastify(req, res) : this.send(req, res, upstream);
    // Most requests are answered from the local copy: no promise and no turn of the microtask queue.
    const now = this.deps.revocations.standingNow(known.claims);
    if (now) return go(now);
    this.deps.revocations.standing(known.claims).then(go, () => fastify(req, res));
  }

  /** The upstream of a request the direct path may take, if it is one. */
  private takes(req: IncomingMessage): Upstream | undefined {
    if (req.method !== 'GET') return undefined;
    const { headers } = req;
    if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return undefined;
    for (const name of SPECIAL_HEADERS) if (headers[name] !== undefined) return undefined;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!PLAIN_PATH.test(path)) return undefined;
    return this.upstreams.find(
      (u) => path.startsWith(u.prefix) && (path.length === u.prefix.length || path[u.prefix.length] === '/'),
    );
  }

  private send(req: IncomingMessage, res: ServerResponse, upstream: Upstream): void {
    const started = performance.now();
    const { log, duration } = this.attached!;
    const id = requestId(req);
    const client = this.addressOf(req);
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '';
    const route =
      path === upstream.prefix ? path : path === `${upstream.prefix}/` ? path : `${upstream.prefix}/*`;
    const relay = new AnswerRelay(res, id, url, (err) => this.failed(res, id, url, log, err));
    // Emitted once per response: `on` spares the once-wrapper a request.
    res.on('close', () => {
      relay.clientLeft();
      const ms = performance.now() - started;
      duration.observe({ method: 'GET', route, status_code: res.statusCode }, ms / 1000);
      logRequestCompleted(log, {
        reqId: id,
        req: { method: 'GET', url, ip: client.ip },
        res: { statusCode: res.statusCode },
        responseTime: ms,
      });
    });
    // A write to a client gone away errors, with nobody else listening.
    res.on('error', ignore);

    // Hop-by-hop: the Connection header and every header it names (RFC 9110 7.6.1), as reply-from drops them.
    let incoming = req.headers;
    const connection = incoming.connection;
    if (connection !== undefined) {
      incoming = { ...incoming };
      for (const name of connection.split(',')) delete incoming[name.trim().toLowerCase()];
      delete incoming.connection;
    }
    const headers = this.forward({ id, ...client }, incoming);
    headers.host = upstream.host;
    upstream.pool.dispatch(
      {
        path: url,
        method: 'GET',
        headers,
        headersTimeout: this.deps.config.PROXY_TIMEOUT_MS,
        bodyTimeout: this.deps.config.PROXY_TIMEOUT_MS,
      },
      relay,
    );
  }

  /** The status and body the Fastify path gives the same failure (reply-from's error, the error handler's answer). */
  private failed(
    res: ServerResponse,
    id: string,
    url: string,
    log: FastifyBaseLogger,
    err: Error & { code?: string },
  ): void {
    const requestLog = log.child({ reqId: id });
    requestLog.warn({ err }, 'response errored');
    const statusCode =
      err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_CONNECT_TIMEOUT'
        ? 504
        : err.code === 'ENOTFOUND'
          ? 503
          : 500;
    const { status, body } = errorAnswer(Object.assign(err, { statusCode }), requestLog);
    if (res.destroyed || res.headersSent) return;
    res
      .writeHead(status, {
        ...SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        ...serviceAnswerHeaders(id, url),
      })
      .end(JSON.stringify(body));
  }
}
