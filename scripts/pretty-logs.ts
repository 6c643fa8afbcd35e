import { styleText } from 'node:util';
import { prettyFactory } from 'pino-pretty';

type Color = Parameters<typeof styleText>[0];
const COLORS: Color[] = ['cyan', 'magenta', 'yellow', 'blue', 'green'];

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request's line (service-kit's logRequests) reads as `GET /api/products 200 3 ms`. */
function message(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestLine;
  if (req?.method && res?.statusCode !== undefined)
    return `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime ?? 0)} ms`;
  return String(log[messageKey] ?? '');
}

/**
 * For people at `npm start`: each JSON line of a service as one short line, time, level and
 * message with any other field after it, behind the service's name in a colour of its own. The
 * services write JSON as in production; only this terminal shows it otherwise. A line that is
 * no JSON (a crash's stack) is shown as it is.
 */
export function prettyLines(name: string, index: number): (line: string) => string {
  // Colours only where the terminal takes them (pino-pretty's default, as styleText does).
  const pretty = prettyFactory({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,reqId,req,res,responseTime',
    messageFormat: message,
  });
  const label = styleText(COLORS[index % COLORS.length] ?? 'cyan', name.padEnd(10));
  return (line) => `${label}${pretty(line).trimEnd()}`;
}
