import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2Headers } from 'node:http2';

/**
 * Headers a service receives: the caller's own (Authorization included), the request id this
 * gateway logs under, and the client address as the gateway determined it — a client's own
 * X-Forwarded-For is replaced, never appended to.
 */
export function forwardHeaders(
  request: { id: string; ip: string },
  headers: IncomingHttpHeaders | Http2Headers,
): IncomingHttpHeaders {
  return { ...headers, 'x-request-id': request.id, 'x-forwarded-for': request.ip };
}
