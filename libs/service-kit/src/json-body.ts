import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** Far deeper than any request of ours; a deeper body is an attack on the parser or the serialiser. */
export const MAX_JSON_DEPTH = 32;

/** Counts bracket nesting outside strings, without parsing: a deep body is refused before JSON.parse recurses. */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused) behind a nesting cap, so a body nested
 * thousands deep is a 400. `keepRaw` receives the text as sent, for a route that forwards it.
 */
export function installJsonParser(
  app: FastifyInstance,
  keepRaw?: (request: FastifyRequest, raw: string) => void,
): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`), undefined);
      return;
    }
    keepRaw?.(request, text);
    parse(request, text, done);
  });
}
