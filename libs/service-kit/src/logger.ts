import type { LoggerOptions } from 'pino';

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

export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) {
        // Query strings can carry reset or offer tokens: log the path only.
        return { method: req.method, url: req.url.split('?')[0], ip: req.ip };
      },
    },
  };
}
