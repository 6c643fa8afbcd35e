import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2Headers } from 'node:http2';
import { GATEWAY_AUTH_HEADER } from '@mfd/service-kit';

/**
 * Headers a service receives: the caller's own (Authorization included), the request id this
 * gateway logs under, the client address, host and scheme as the gateway determined them (a
 * client's own X-Forwarded-* are replaced, never appended to, and its Forwarded header dropped:
 * the services believe these because the gateway's secret comes with them).
 */
export function forwardHeaders(gatewaySecret: string) {
  return (
    request: { id: string; ip: string; host: string; protocol: string },
    headers: IncomingHttpHeaders | Http2Headers,
  ): IncomingHttpHeaders => {
    const { forwarded: _clientsOwn, ...rest } = headers as IncomingHttpHeaders;
    return {
      ...rest,
      'x-request-id': request.id,
      'x-forwarded-for': request.ip,
      'x-forwarded-host': request.host,
      'x-forwarded-proto': request.protocol,
      [GATEWAY_AUTH_HEADER]: gatewaySecret,
    };
  };
}
