import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { destination, symbols, type Logger, type LoggerOptions } from 'pino';

/** Paths pino blanks in every log line: credentials never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.new_password',
  '*.token',
  '*.access_token',
  '*.authorization',
  '*.cookie',
  '*.*.password',
  '*.*.token',
];

/**
 * A supplier's offer-link token travels in the path (the web page /offer/<token> and its API
 * /api/public/offers/<token>): it is a credential, so logged URLs show it blanked.
 */
const TOKEN_IN_PATH = /^(\/api\/public\/offers|\/offer)\/[^/?#]+/i;

/** The path of a URL as it may be logged: no query string, no token in the path. */
export function loggableUrl(url: string): string {
  return (url.split('?')[0] ?? '').replace(TOKEN_IN_PATH, '$1/[redacted]');
}

/** What pino needs of a destination, and what it calls on it to flush. */
export interface LogDestination {
  write(line: string): boolean;
  flush(cb?: (err?: Error) => unknown): void;
  flushSync(): void;
}

let stdout: LogDestination | undefined;

/**
 * Clears O_NONBLOCK on file descriptor 1 through Node's own handle of it (libuv's
 * `uv_stream_set_blocking`, as the `set-blocking` package does for terminals); a worker thread's
 * stdout has no handle and is left as it is.
 */
function blockingStdout(): void {
  const handle = (process.stdout as unknown as { _handle?: { setBlocking?: (blocking: boolean) => number } })
    ._handle;
  handle?.setBlocking?.(true);
}

/**
 * Standard output, one destination per process (every app of the process writes through it, so
 * their batches cannot interleave), written in batches of nearly 16 KB (sonic-boom's largest,
 * below its 16 KB write) or every quarter second, whichever comes first.
 * - Each batch is written from the main thread, as Node writes to a pipe on Linux: handed to a
 *   worker thread instead, a batch still in flight when the process ended could land after the
 *   rest (flushed at exit) or not at all, and each hand-over cost more than the write.
 * - Each line goes in as a Buffer: in its text mode sonic-boom measures the UTF-8 length of the
 *   whole batch so far at every line (a batch-long copy of the joined string).
 * - Together: 3.1-3.6 us a line, against 9.7-9.8 with worker-thread writes of text batches
 *   (bench/README.md, the gateway's seventh pass).
 * - Standard output is made blocking first: a service started by a Node parent gets it
 *   non-blocking (its end of a socket pair), and on a full pipe sonic-boom then sleeps 100 ms
 *   before each retry, the whole process with it, while the reader has long caught up. Blocking,
 *   a write waits only as long as the reader needs (bench/README.md, the gateway's ninth pass).
 * What is left is written when the process exits, after an uncaught error too; only a kill -9 can
 * lose the last quarter second. A reader that stops reading the pipe holds up the writes, as it
 * would Node's own stdout.
 */
export function logDestination(): LogDestination {
  if (stdout) return stdout;
  blockingStdout();
  const boom = destination({
    dest: 1,
    sync: true,
    minLength: 16_000,
    periodicFlush: 250,
    contentMode: 'buffer',
  });
  process.once('exit', () => boom.flushSync());
  // sonic-boom's buffer mode takes Buffers; its types only know its text mode.
  const write = boom.write.bind(boom) as unknown as (line: Buffer) => boolean;
  stdout = {
    write: (line) => write(Buffer.from(line)),
    flush: (cb) => boom.flush(cb),
    flushSync: () => boom.flushSync(),
  };
  return stdout;
}

export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) {
        // Query strings can carry reset tokens, and offer links carry theirs in the path.
        return { method: req.method, url: loggableUrl(req.url), ip: req.ip };
      },
    },
  };
}

/** The orchestrator's probes and the metrics scrape come every few seconds: logged at debug only. */
const PROBE_PATHS = new Set(['/health', '/livez', '/readyz', '/metrics']);

/** What a request's line says: its id, method and loggable URL (req), status (res) and milliseconds. */
export interface RequestLine {
  reqId: string;
  req: { method: string; url: string; ip?: string };
  res: { statusCode: number };
  responseTime: number;
}

/** The parts of a pino logger a line is written with, as pino writes it (`pino.symbols`). */
interface PinoParts {
  [symbols.lsCacheSym]?: Record<number, string>;
  [symbols.timeSym]?: () => string;
  [symbols.chindingsSym]?: string;
  [symbols.endSym]?: string;
  [symbols.messageKeySym]?: string;
  [symbols.mixinSym]?: unknown;
  [symbols.formattersSym]?: { log?: unknown };
  [symbols.hooksSym]?: { streamWrite?: unknown };
  [symbols.streamSym]?: { write(line: string): unknown; [symbols.needsMetadataGsym]?: boolean };
}

const json = (value: string) => JSON.stringify(value);
const number = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

/**
 * The request's line as pino would write it through a logger without redaction (byte for byte:
 * logger.test.ts), or undefined where this logger changes lines in a way pino alone knows (a
 * mixin, a log formatter, a write hook, a stream asking for metadata) or is not pino (Fastify's
 * when logging is off).
 */
function requestLineText(log: PinoParts, level: number, line: RequestLine, url: string): string | undefined {
  const stream = log[symbols.streamSym];
  const prefix = log[symbols.lsCacheSym]?.[level];
  const time = log[symbols.timeSym];
  if (!stream || prefix === undefined || !time || stream[symbols.needsMetadataGsym]) return undefined;
  if (log[symbols.mixinSym] || log[symbols.formattersSym]?.log || log[symbols.hooksSym]?.streamWrite)
    return undefined;
  const { req } = line;
  const ip = req.ip === undefined ? '' : `,"ip":${json(req.ip)}`;
  return (
    `${prefix}${time()}${log[symbols.chindingsSym] ?? ''},"reqId":${json(line.reqId)}` +
    `,"req":{"method":${json(req.method)},"url":${json(url)}${ip}}` +
    `,"res":{"statusCode":${number(line.res.statusCode)}},"responseTime":${number(line.responseTime)}` +
    `,${json(log[symbols.messageKeySym] ?? 'msg')}:"request completed"${log[symbols.endSym] ?? '}\n'}`
  );
}

/**
 * The one line of an answered request, from every app's Fastify and from the gateway's direct
 * proxy path alike (probes at debug). Written here, not through pino's generic path: the line's
 * fields are fixed and none is a secret, and pino's serializers, its safe stringify of the nested
 * objects and the redaction it would have to be told to skip took about 3.4 times as long, in
 * every service on every request (bench/README.md, the gateway's ninth pass). Any other logger
 * writes it its own way.
 */
export function logRequestCompleted(log: FastifyBaseLogger, line: RequestLine): void {
  const url = loggableUrl(line.req.url);
  const level = PROBE_PATHS.has(url) ? 'debug' : 'info';
  const pino = log as unknown as PinoParts & Partial<Pick<Logger, 'isLevelEnabled' | 'levels'>>;
  if (pino.isLevelEnabled && !pino.isLevelEnabled(level)) return;
  const num = pino.levels?.values[level];
  const text = num === undefined ? undefined : requestLineText(pino, num, line, url);
  if (text !== undefined) {
    pino[symbols.streamSym]!.write(text);
    return;
  }
  const { reqId, req, res, responseTime } = line;
  const plain = {
    method: req.method,
    url,
    ...(req.ip === undefined ? {} : { ip: req.ip }),
  };
  log[level]({ reqId, req: plain, res: { statusCode: res.statusCode }, responseTime }, 'request completed');
}

/**
 * One line per answered request, in place of Fastify's two (one as it comes in, one as it is
 * answered).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    logRequestCompleted(request.server.log, {
      reqId: request.id,
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
    });
  }
}
