import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';
import { gatewayConfig } from './config';

const requests = [
  { remoteAddress: '10.0.0.1', headers: { host: 'app.example' } },
  {
    remoteAddress: '10.0.0.1',
    headers: {
      host: 'app.example',
      'x-forwarded-for': '6.6.6.6, 203.0.113.9',
      'x-forwarded-host': 'evil.example, shop.example',
      'x-forwarded-proto': 'https',
    },
  },
  {
    remoteAddress: '192.0.2.50',
    headers: { host: 'app.example', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
  },
];

describe('the client address the direct proxy path forwards', () => {
  for (const setting of ['false', 'true', '1', '2', '10.0.0.0/8, 192.168.0.1']) {
    it(`when TRUST_PROXY is ${setting}, then the address, host and scheme are Fastify's`, async () => {
      const trust = gatewayConfig.shape.TRUST_PROXY.parse(setting);
      const addressOf = clientAddressOf(trust);
      const app = Fastify({ trustProxy: trust });
      app.get('/', async (request) => ({
        fastify: { ip: request.ip, host: request.host, protocol: request.protocol },
        direct: addressOf(request.raw),
      }));
      for (const request of requests) {
        const res = await app.inject({ url: '/', ...request });
        const { fastify, direct } = res.json();
        expect(direct, JSON.stringify(request)).toEqual(fastify);
      }
      await app.close();
    });
  }
});
