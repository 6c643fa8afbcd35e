import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { offerByLink } from './support/offer-link';
import { confirmMailbox, signUp } from './support/session';

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('stems in the browser', () => {
  const browser = useBrowser();

  it('when a split award gives each line to a supplier, then the inquiry links a stem per winner, and the trader prices one with a markup and sees the margin', async () => {
    const run = randomUUID().slice(0, 8);
    const suppliers = [
      { name: `Stem Fuels ${run}`, email: `stem.${run}@fuels.example` },
      { name: `Gasoil Stem ${run}`, email: `gasoil.${run}@stem.example` },
    ];
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const customer = await createCustomer(trader, 'Nordic Tankers A/S');
    const ids: string[] = [];
    for (const s of suppliers)
      ids.push(
        (
          await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
            trading_name: s.name,
            default_email: s.email,
          })
        ).id,
      );
    const inquiry = await createInquiry(trader, customer.id, {
      vessel_name: 'STEM TEST',
      products: [
        { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
        { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
      ],
    });
    await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
      recipients: ids.map((supplier_id) => ({ supplier_id })),
    });
    const prices = [
      ['600', '900'],
      ['610', '880'],
    ];
    for (const [i, s] of suppliers.entries()) {
      const link = linkIn(await waitForMail(s.email, /^RFQ: /), /^\/offer\//);
      await offerByLink(browser.appUrl(), link, inquiry.lineIds, prices[i]!);
    }
    const offers = await apiCall<{ id: string; revision: number; supplier: { trading_name: string } }[]>(
      trader,
      'GET',
      `/api/inquiries/${inquiry.id}/offers`,
    );
    const offerOf = (name: string) => offers.find((o) => o.supplier.trading_name === name)!;
    await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/award`, {
      lines: [
        { product_line_id: inquiry.lineIds[0], offer_id: offerOf(suppliers[0]!.name).id, revision: 1 },
        { product_line_id: inquiry.lineIds[1], offer_id: offerOf(suppliers[1]!.name).id, revision: 1 },
      ],
      notes: null,
    });

    await trader.goto(`/inquiries/${inquiry.id}`);
    const first = trader.getByRole('link', { name: new RegExp(`\\(${suppliers[0]!.name}\\)`) });
    await first.waitFor();
    await trader.getByRole('link', { name: new RegExp(`\\(${suppliers[1]!.name}\\)`) }).waitFor();
    await first.click();

    await trader.getByRole('heading', { name: /^Stem [A-Z0-9]+-\d{4}-\d{4}$/ }).waitFor();
    const lines = trader.getByRole('table').first();
    expect(flat(await lines.innerText())).toContain('VLSFO');
    expect(flat(await lines.innerText())).not.toContain('MGO');
    await trader.getByText('USD 0.00').waitFor();
    expect(await axeViolations(trader)).toEqual([]);

    await trader.getByRole('textbox', { name: 'VLSFO amount' }).fill('7.5');
    await trader.getByRole('button', { name: 'Save Pricing' }).click();
    // 600 + 7.50 sell; 7.50 × 800 MT margin.
    await trader.getByText('USD 6,000.00').waitFor();
    expect(flat(await lines.innerText())).toContain('USD 607.50');

    await trader.goto('/stems');
    await trader.getByRole('heading', { name: 'Stems' }).waitFor();
    const list = flat(await trader.getByRole('table').innerText());
    expect(list).toContain(suppliers[0]!.name);
    expect(list).toContain(suppliers[1]!.name);
    await trader.getByText('2 stems').waitFor();
    await trader.getByRole('textbox', { name: 'Search stems' }).fill('gasoil');
    await trader.getByText('1 stem', { exact: true }).waitFor();
    const found = flat(await trader.getByRole('table').innerText());
    expect(found).toContain(suppliers[1]!.name);
    expect(found).not.toContain(suppliers[0]!.name);
    expect(await axeViolations(trader)).toEqual([]);
  }, 240_000);
});
