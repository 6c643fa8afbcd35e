import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

describe('offer submissions metric', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const count = async (kind: string) => {
    const body = await s.inquiry.app.metrics.metrics();
    return Number(
      new RegExp(`^offer_submissions_total\\{kind="${kind}",service="inquiry"\\} (\\d+)$`, 'm').exec(
        body,
      )?.[1],
    );
  };

  it('when a supplier submits and then revises its offer, then one new and one revised submission are counted; a refused one is not', async () => {
    expect(await count('new')).toBe(0);
    expect(await count('revised')).toBe(0);
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    expect((await publicPost(s, link.token, offerBody(lineIds))).statusCode).toBe(200);
    expect((await publicPost(s, link.token, offerBody(lineIds, ['600', '840']))).statusCode).toBe(200);
    expect((await publicPost(s, 'A'.repeat(43), offerBody(lineIds))).statusCode).toBe(404);
    expect((await publicPost(s, link.token, {})).statusCode).toBe(400);
    expect(await count('new')).toBe(1);
    expect(await count('revised')).toBe(1);
  });
});
