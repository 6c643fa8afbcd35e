import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { createSupplier } from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const MINUTE = 60_000;

interface Stats {
  supplier_id: string;
  inquiries_sent: number;
  offers: number;
  response_rate: number | null;
  median_response_seconds: number | null;
}

describe('supplier response statistics', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const stats = async (user: Caller) => {
    const res = await s.inquiry.app.inject({
      method: 'GET',
      url: '/api/offers/supplier-stats',
      headers: bearer(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as Stats[]).map((row) => [row.supplier_id, row]));
  };

  it('when suppliers were sent inquiries, then each shows inquiries sent, offers, response rate and median response time', async () => {
    const trader = await signUpTrader(s.identity);
    const quick = (
      await createSupplier(s, trader, 'Quick Bunkers', {
        contacts: [{ name: 'Quick Desk', email: 'desk@quick.example' }],
      })
    ).id;
    const silent = (await createSupplier(s, trader, 'Silent Oil')).id;
    const [first, second, third] = [
      await createInquiry(s, trader),
      await createInquiry(s, trader),
      await createInquiry(s, trader),
    ];
    const minutesAgo = (n: number) => new Date(Date.now() - n * MINUTE);

    // Quick answers two of three inquiries: after 10 and 20 minutes (median 15), one of them revised later.
    const a = await seedLink(s, trader, first.id, { supplierId: quick, firstSentAt: minutesAgo(10) });
    // A second address of the same supplier on the same inquiry counts the inquiry once.
    await seedLink(s, trader, first.id, {
      supplierId: quick,
      email: 'desk@quick.example',
      firstSentAt: minutesAgo(5),
    });
    const b = await seedLink(s, trader, second.id, { supplierId: quick, firstSentAt: minutesAgo(20) });
    await seedLink(s, trader, third.id, { supplierId: quick, firstSentAt: minutesAgo(30) });
    for (const [link, lineIds] of [
      [a, first.lineIds],
      [b, second.lineIds],
      [a, first.lineIds],
    ] as const) {
      const res = await publicPost(s, link.token, offerBody(lineIds));
      expect(res.statusCode, res.body).toBe(200);
    }
    await seedLink(s, trader, first.id, { supplierId: silent });

    const mine = await stats(trader);
    expect(mine.size).toBe(2);
    const q = mine.get(quick)!;
    expect(q).toMatchObject({ inquiries_sent: 3, offers: 2 });
    expect(q.response_rate).toBeCloseTo(2 / 3, 6);
    expect(q.median_response_seconds).toBeGreaterThanOrEqual(15 * 60);
    expect(q.median_response_seconds).toBeLessThanOrEqual(15 * 60 + 30);
    expect(mine.get(silent)).toEqual({
      supplier_id: silent,
      inquiries_sent: 1,
      offers: 0,
      declines: 0,
      response_rate: 0,
      median_response_seconds: null,
    });

    // Another company sees none of it.
    expect((await stats(await signUpTrader(s.identity))).size).toBe(0);
  });
});
