import { expect } from 'vitest';

const DAY = 24 * 3_600_000;

/**
 * A firm offer through a supplier's personal link, by the offer page's own call (the page itself is
 * another test's): each line at its price, 50–1,000 MT by barge, valid a day.
 */
export async function offerByLink(
  appUrl: string,
  link: string,
  lineIds: string[],
  prices: string[],
  barging: string | number = 0,
): Promise<void> {
  const token = new URL(link).pathname.split('/').pop()!;
  const res = await fetch(new URL(`/api/public/offers/${token}`, appUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: lineIds.map((id, i) => ({
        product_line_id: id,
        price_per_mt: prices[i],
        min_deliverable: 50,
        max_deliverable: 1000,
        delivery_method: 'barge',
      })),
      barging_charges: barging,
      other_charges: 0,
      valid_until: new Date(Date.now() + DAY).toISOString(),
    }),
  });
  expect(res.status, await res.text()).toBe(200);
}
