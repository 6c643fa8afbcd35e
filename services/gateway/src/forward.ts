import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2Headers } from 'node:http2';
import { GATEWAY_AUTH_HEADER } from '@mfd/service-kit';

/**
 * Headers a service receives: the caller's own (Authorization included), the request id this
 * gateway logs under, the client address as the gateway determined it (a client's own
 * X-Forwarded-For is replaced, never appended to), and the gateway's secret, without which a
 * service believes no forwarded address.
 */
export function forwardHeaders(gatewaySecret: string) {
  return (
    request: { id: string; ip: string },
    headers: IncomingHttpHeaders | Http2Headers,
  ): IncomingHttpHeaders => ({
    ...headers,
    'x-request-id': request.id,
    'x-forwarded-for': request.ip,
    [GATEWAY_AUTH_HEADER]: gatewaySecret,
  });
}
