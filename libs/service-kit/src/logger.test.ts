import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loggableUrl, loggerOptions, logRequestCompleted, type RequestLine } from './logger';

/** Fastify's logger when logging is off: not pino. */
const abstractLogger = (): FastifyBaseLogger => Fastify({ logger: false }).log;

const token = 'Qm9va2luZy1saW5rLXRva2VuLTI1Ni1iaXRzLWxvbmc';

describe('logged URLs', () => {
  it('when a supplier’s offer link is requested, then the logged URL shows no token', () => {
    expect(loggableUrl(`/api/public/offers/${token}`)).toBe('/api/public/offers/[redacted]');
    expect(loggableUrl(`/api/public/offers/${token}?utm=mail`)).toBe('/api/public/offers/[redacted]');
    expect(loggableUrl(`/offer/${token}`)).toBe('/offer/[redacted]');
    expect(loggableUrl(`/API/Public/Offers/${token}`)).not.toContain(token);
  });

  it('when another URL is logged, then only its query string is dropped', () => {
    expect(loggableUrl('/api/auth/reset-password?token=abc')).toBe('/api/auth/reset-password');
    expect(loggableUrl('/api/offers/123/award')).toBe('/api/offers/123/award');
    expect(loggableUrl('/offers')).toBe('/offers');
  });

  it('when pino serializes a request, then it uses the redacted URL', () => {
    const serialize = loggerOptions('test', 'info').serializers!.req as (req: object) => { url: string };
    const logged = serialize({
      method: 'POST',
      url: `/api/public/offers/${token}`,
      headers: {},
      ip: '10.0.0.1',
    });
    expect(JSON.stringify(logged)).not.toContain(token);
  });
});

describe('request lines', () => {
  const lines = (level = 'info', extra: LoggerOptions = {}) => {
    const written: string[] = [];
    const log = pino(
      { ...loggerOptions('gateway', level), ...extra },
      { write: (l: string) => written.push(l) },
    );
    return { log, written };
  };
  /** The line as pino itself writes it, through the logger without redaction the line used before. */
  const pinosOwn = (log: Logger, line: RequestLine, level: 'info' | 'debug' = 'info') =>
    log.child({}, { redact: { paths: [] } })[level](line, 'request completed');
  const sameTime = (l: string) => l.replace(/"time":\d+/, '"time":0');
  const cases: RequestLine[] = [
    {
      reqId: 'a1b2',
      req: { method: 'GET', url: '/api/products', ip: '10.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 0.51234,
    },
    {
      reqId: 'r"\\2',
      req: { method: 'POST', url: '/api/auth/reset-password?token=abc' },
      res: { statusCode: 204 },
      responseTime: 12,
    },
    {
      reqId: 'x',
      req: { method: 'GET', url: `/api/public/offers/${token}?utm=mail`, ip: '::1' },
      res: { statusCode: 410 },
      responseTime: Number.NaN,
    },
    {
      reqId: 'é\u2028\n',
      req: { method: 'GET', url: '/api/ports/search?q=Ålesund', ip: '"quoted"' },
      res: { statusCode: 404 },
      responseTime: 1e-7,
    },
  ];

  it('when a request is answered, then its line is the one pino writes, byte for byte', () => {
    for (const line of cases) {
      const ours = lines();
      // Formatted by the service kit: pino's generic path is what it saves.
      const generic = vi.spyOn(ours.log, 'info');
      logRequestCompleted(ours.log, line);
      expect(generic).not.toHaveBeenCalled();
      const theirs = lines();
      pinosOwn(theirs.log, line);
      expect(ours.written.map(sameTime)).toEqual(theirs.written.map(sameTime));
      expect(ours.written[0]).not.toContain(token);
      expect(JSON.parse(ours.written[0]!)).toMatchObject({
        level: 30,
        service: 'gateway',
        msg: 'request completed',
      });
    }
  });

  it('when the logger has bindings of its own or a formatter, then the line is still the one pino writes', () => {
    for (const extra of [
      {},
      { mixin: () => ({ node: 'a' }) },
      { formatters: { level: (label: string) => ({ level: label }) } },
    ]) {
      const ours = lines('info', extra);
      logRequestCompleted(ours.log.child({ worker: 3 }), cases[0]!);
      const theirs = lines('info', extra);
      pinosOwn(theirs.log.child({ worker: 3 }), cases[0]!);
      expect(ours.written.map(sameTime)).toEqual(theirs.written.map(sameTime));
      expect(ours.written[0]).toContain('"worker":3');
    }
  });

  it('when a probe is answered, then its line is written at debug only', () => {
    const probe = { ...cases[0]!, req: { method: 'GET', url: '/livez' } };
    const atInfo = lines('info');
    logRequestCompleted(atInfo.log, probe);
    expect(atInfo.written).toEqual([]);
    const ours = lines('debug');
    logRequestCompleted(ours.log, probe);
    const theirs = lines('debug');
    pinosOwn(theirs.log, probe, 'debug');
    expect(ours.written.map(sameTime)).toEqual(theirs.written.map(sameTime));
    expect(JSON.parse(ours.written[0]!)).toMatchObject({ level: 20 });
  });

  it('when logging is off, then nothing is written and nothing fails', () => {
    const quiet = lines('silent');
    logRequestCompleted(quiet.log, cases[0]!);
    expect(quiet.written).toEqual([]);
    const none = abstractLogger();
    expect(() => logRequestCompleted(none, cases[0]!)).not.toThrow();
  });
});
