import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { useBrowser } from './support/browser';
import { confirmMailbox, signUp } from './support/session';

const DAY = 86_400_000;
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A firm offer on both of the inquiry's lines (VLSFO, MGO), recorded by the trader. */
function recordOffer(
  page: Page,
  inquiry: { id: string; lineIds: string[] },
  supplierId: string,
  prices: string[],
) {
  return apiCall<{ offer_id: string; revision: number }>(
    page,
    'POST',
    `/api/inquiries/${inquiry.id}/offers`,
    {
      supplier_id: supplierId,
      lines: inquiry.lineIds.map((id, i) => ({
        product_line_id: id,
        price_per_mt: prices[i],
        min_deliverable: '1',
        max_deliverable: '1000',
        delivery_method: 'barge',
      })),
      valid_until: new Date(Date.now() + DAY).toISOString(),
    },
  );
}

describe('the dashboard in the browser', () => {
  const browser = useBrowser();

  it('when a company awards an inquiry, then the month’s cards, the savings per customer and the awarded volume chart show it', async () => {
    const run = randomUUID().slice(0, 8);
    const page = await browser.openPage();
    await confirmMailbox(page, (await signUp(page)).email);
    const customer = await createCustomer(page, `Nordic Tankers ${run}`);
    const suppliers: { id: string }[] = [];
    for (const name of [`Cheap Oil ${run}`, `Dear Oil ${run}`])
      suppliers.push(
        await apiCall<{ id: string }>(page, 'POST', '/api/suppliers', {
          trading_name: name,
          default_email: `desk.${name.split(' ')[0]!.toLowerCase()}.${run}@oil.example`,
        }),
      );
    const inquiry = await createInquiry(page, customer.id);
    await apiCall(page, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
      recipients: suppliers.map((s) => ({ supplier_id: s.id })),
    });

    // Sent, no offer yet: it awaits offers, and nothing is awarded.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Inquiries this month').innerText()).toContain('1');
    expect(await page.getByLabel('Awaiting offers').innerText()).toContain('1');
    expect(await page.getByLabel('Stems awaiting delivery').innerText()).toContain('0');
    expect(await page.getByLabel('Claims near time bar').innerText()).toContain('0');
    expect(await page.getByLabel('Savings this month').innerText()).toContain('USD 0.00');
    expect(await page.getByText('Nothing awarded in the last 12 months yet.').isVisible()).toBe(true);

    const won = await recordOffer(page, inquiry, suppliers[0]!.id, ['600', '900']);
    await recordOffer(page, inquiry, suppliers[1]!.id, ['620', '950']);
    await apiCall(page, 'POST', `/api/offers/${won.offer_id}/award`, { revision: won.revision, notes: null });

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Awaiting offers').innerText()).toContain('0');
    expect(await page.getByLabel('Savings this month').innerText()).toMatch(/USD [1-9][\d,]*\.\d\d/);
    const table = page.getByRole('table', { name: 'Savings per customer' });
    await table.waitFor();
    const row = flat(await table.locator('tbody tr').first().innerText());
    expect(row).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d Nordic Tankers ${run} 1 USD [1-9][\\d,]*\\.\\d\\d USD [1-9][\\d,]*\\.\\d\\d$`,
      ),
    );

    const chart = page.getByLabel('Awarded volume per grade chart');
    await chart.locator('.recharts-surface').first().waitFor();
    const legend = flat(await chart.innerText());
    expect(legend).toContain('MGO');
    expect(legend).toContain('VLSFO');
  });
});
