import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { chartPrices } from './support/prices';
import { confirmMailbox, signUp } from './support/session';

const DAY = 86_400_000;
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An offer recorded by the trader on one of the inquiry's lines (the VLSFO), as a phone call gives it. */
async function recordOffer(
  page: Page,
  inquiry: { id: string; lineIds: string[] },
  supplierId: string,
  price: string,
) {
  return apiCall<{ offer_id: string; revision: number }>(
    page,
    'POST',
    `/api/inquiries/${inquiry.id}/offers`,
    {
      supplier_id: supplierId,
      lines: [
        {
          product_line_id: inquiry.lineIds[0],
          price_per_mt: price,
          min_deliverable: '500',
          max_deliverable: '600',
          delivery_method: 'barge',
        },
      ],
      valid_until: new Date(Date.now() + DAY).toISOString(),
    },
  );
}

/** The first column of the downloaded workbook's first sheet. */
async function firstColumn(download: Download): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.getColumn(1).values.filter((v) => v !== undefined);
}

describe('price history in the browser', () => {
  const browser = useBrowser();

  it('when a grade was offered and awarded at a port, then the Offers tab of the next inquiry shows the last done and the Prices page charts the day', async () => {
    const run = randomUUID().slice(0, 8);
    const page = await browser.openPage();
    await confirmMailbox(page, (await signUp(page)).email);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const suppliers: { id: string }[] = [];
    for (const name of [`Cheap Oil ${run}`, `Dear Oil ${run}`]) {
      suppliers.push(
        await apiCall<{ id: string }>(page, 'POST', '/api/suppliers', {
          trading_name: name,
          default_email: `desk.${name.split(' ')[0]!.toLowerCase()}.${run}@oil.example`,
        }),
      );
    }
    const sendTo = (inquiryId: string) =>
      apiCall(page, 'POST', `/api/inquiries/${inquiryId}/distribute`, {
        recipients: suppliers.map((s) => ({ supplier_id: s.id })),
      });

    const first = await createInquiry(page, customer.id);
    await sendTo(first.id);
    const won = await recordOffer(page, first, suppliers[0]!.id, '600');
    await recordOffer(page, first, suppliers[1]!.id, '620');
    await apiCall(page, 'POST', `/api/offers/${won.offer_id}/award`, { revision: won.revision, notes: null });

    const next = await createInquiry(page, customer.id);
    await sendTo(next.id);
    await recordOffer(page, next, suppliers[1]!.id, '612.5');
    await page.goto(`/inquiries/${next.id}?tab=offers`);
    const compared = page.getByRole('table', { name: 'Offers compared' });
    await compared.getByText(/^Last done at this port: USD 600\.00 on \d{4}-\d\d-\d\d$/).waitFor();
    expect(flat(await compared.innerText())).toContain('USD 12.50 above last done');
    // Beside the offer, its supplier's record: offered on both inquiries sent to it, no claims.
    await compared.getByText('Responds to 100%').waitFor();
    expect(flat(await compared.innerText())).toContain('No claims (quantity or quality)');

    // The comparison exported without supplier names.
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByLabel('Leave supplier names out').check();
    const [offersFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    expect(offersFile.suggestedFilename()).toBe('offers-msc-oscar.xlsx');
    const names = await firstColumn(offersFile);
    expect(names).toContain('Supplier A');
    expect(JSON.stringify(names)).not.toContain('Dear Oil');

    // The Prices page: a port and a grade, then the day's band, median and award.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prices' }).click();
    await page.getByRole('heading', { name: 'Prices' }).waitFor();
    await page.getByText('Choose a port and a fuel type').waitFor();
    const table = await chartPrices(page, 'SGSIN', 'VLSFO');
    const row = flat(await table.locator('tbody tr').first().innerText());
    expect(row).toMatch(/^\d{4}-\d\d-\d\d 3 USD 600\.00 USD 612\.50 USD 620\.00 USD 600\.00 \(1\)$/);
    expect(await axeViolations(page)).toEqual([]);
    const [pricesFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    expect(pricesFile.suggestedFilename()).toMatch(/^prices-.+-vlsfo\.xlsx$/);
    expect(await firstColumn(pricesFile)).toContain('Date (port time)');

    // The suppliers' scorecards, sorted by win rate: the winner first (its offers priced one line of two:
    // partial, so never measured against the best).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppliers' }).click();
    const cards = page.getByRole('table', { name: 'Supplier scorecards' });
    await cards.waitFor();
    await cards.getByRole('button', { name: 'Win rate' }).click();
    const top = flat(await cards.locator('tbody tr').first().innerText());
    expect(top).toMatch(new RegExp(`^Cheap Oil ${run} 2 50% 0% .+ 50% — 0 0 0 0$`));

    // The supplier's own page shows the same scorecard as a card.
    await page
      .getByRole('table', { name: 'Suppliers' })
      .getByRole('link', { name: `Cheap Oil ${run}` })
      .click();
    await page.getByRole('heading', { name: `Cheap Oil ${run}` }).waitFor();
    const card = page.getByRole('region', { name: 'Scorecard (last 90 days)' });
    await card.getByText('Inquiries received').waitFor();
    expect(flat(await card.innerText())).toMatch(
      /^Scorecard \(last 90 days\) Inquiries received 2 Response rate 50% Decline rate 0% Median response .+ Win rate 50% Above best \(avg\) — Stems delivered 0 Quantity claims 0 Quality claims 0 Invoices flagged 0$/,
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
