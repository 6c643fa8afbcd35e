import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOfferToken } from '../../inquiry/src/domain/rfq/offer-link-token';
import { createInquiry, seedLink, signUpTrader } from '../../inquiry/test/offer-fixtures';
import { startGatewayStack, type GatewayStack } from './harness';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('public offer links through the gateway', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack({
      OFFER_LINK_READS_PER_TOKEN: '3',
      OFFER_LINK_SUBMITS_PER_TOKEN: '2',
      OFFER_LINK_REQUESTS_PER_IP: '8',
      // Counting is what is tested here, not an outage (see login-limits.test.ts).
      REDIS_COMMAND_TIMEOUT_MS: '5000',
    });
    if (s.deps.redis.status !== 'ready') await new Promise((ready) => s.deps.redis.once('ready', ready));
  });
  afterAll(() => s.close());

  const call = (method: 'GET' | 'POST', token: string, ip: string) =>
    s.app.inject({
      method,
      url: `/api/public/offers/${token}`,
      remoteAddress: ip,
      ...(method === 'POST' ? { payload: {} } : {}),
    });

  it('when a supplier opens its link without any bearer token, then the inquiry service answers the page', async () => {
    const trader = await signUpTrader(s.identity);
    const { id } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id, { supplierName: 'Gateway Fuels' });
    const page = await call('GET', link.token, '10.40.0.1');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ state: 'open', supplier_name: 'Gateway Fuels' });
    const unknown = await call('GET', newOfferToken(), '10.40.0.1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, detail: 'This offer link is not valid.' });
    // The trader's side of the offers goes to the inquiry service too.
    const stats = await s.app.inject({
      method: 'GET',
      url: '/api/offers/supplier-stats',
      headers: { authorization: `Bearer ${trader.token}` },
    });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toEqual([
      expect.objectContaining({ supplier_id: link.supplierId, inquiries_sent: 1 }),
    ]);
  });

  it('when one link is loaded or submitted too often, then 429 with Retry-After; another link is not affected', async () => {
    const token = newOfferToken();
    const ip = '10.40.0.2';
    for (let i = 0; i < 3; i++) expect((await call('GET', token, ip)).statusCode).toBe(404);
    const limited = await call('GET', token, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      success: false,
      detail: 'Too many requests for this offer link. Please wait a minute and try again.',
    });

    // Submissions have their own, smaller budget per token.
    const submitted = newOfferToken();
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push((await call('POST', submitted, ip)).statusCode);
    expect(posts).toEqual([404, 404, 429]);

    expect((await call('GET', newOfferToken(), ip)).statusCode).toBe(404);
  });

  it('when one address tries many links, then it is stopped at its own limit and other addresses are not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call('GET', newOfferToken(), '10.40.0.3')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((code) => code === 404)).toHaveLength(8);
    expect(statuses.filter((code) => code === 429)).toHaveLength(4);
    expect((await call('GET', newOfferToken(), '10.40.0.4')).statusCode).toBe(404);
  });

  it('when links are counted, then Redis holds only the token’s hash, never the token', async () => {
    const token = newOfferToken();
    await call('GET', token, '10.40.0.5');
    const keys = await s.deps.redis.keys(`${s.deps.config.REDIS_PREFIX}:rl:offer-link*`);
    expect(keys.some((key) => key.includes(sha256(token)))).toBe(true);
    expect(keys.some((key) => key.includes(token))).toBe(false);
  });
});
