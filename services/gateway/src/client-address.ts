import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { GatewayConfig } from './config';

export interface ClientAddress {
  ip: string;
  host: string;
  protocol: string;
}

type Trust = (address: string, hop: number) => boolean;

/** Fastify's reading of the trust setting (its request.js), so both paths believe the same proxies. */
function trustOf(setting: GatewayConfig['TRUST_PROXY']): Trust | null {
  if (setting === false) return null;
  if (setting === true) return () => true;
  if (typeof setting === 'function') return setting;
  return proxyAddr.compile(setting.split(',').map((s) => s.trim()));
}

/** The last of a header given more than once (comma-joined), as Fastify reads it. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}

/**
 * The client's address, host and scheme exactly as Fastify's request.ip, request.host and
 * request.protocol give them under the gateway's TRUST_PROXY: the direct proxy path forwards
 * the same X-Forwarded-* as the Fastify path.
 */
export function clientAddressOf(setting: GatewayConfig['TRUST_PROXY']) {
  const trust = trustOf(setting);
  return (req: IncomingMessage): ClientAddress => {
    const socket = req.socket as TLSSocket;
    const scheme = socket.encrypted ? 'https' : 'http';
    const host = req.headers.host ?? '';
    if (!trust) return { ip: socket.remoteAddress ?? '', host, protocol: scheme };
    const addresses = proxyAddr.all(req, trust);
    const proxied = trust(socket.remoteAddress ?? '', 0);
    const forwardedHost = req.headers['x-forwarded-host'] as string | undefined;
    const forwardedProto = req.headers['x-forwarded-proto'] as string | undefined;
    return {
      ip: addresses[addresses.length - 1] ?? '',
      host: forwardedHost && proxied ? lastEntry(forwardedHost) : host,
      protocol: forwardedProto && proxied ? lastEntry(forwardedProto) : scheme,
    };
  };
}
