import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { setCharges } from './support/offer-charges';
import { confirmMailbox, signUp, toast } from './support/session';

const PHONE = { width: 375, height: 812 };
const DAY = 24 * 3_600_000;
const PLATTS = 'Platts Singapore Marine Fuel 0.5%';
/** Screenshots of the screens, looked at by hand when they change. */
const SHOTS = '/tmp/landed-cost-shots';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A moment as Singapore's wall clock in a datetime-local input (UTC+8, no daylight saving). */
const portInput = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The cell of one supplier's column in the comparison row whose label is `row`. */
async function cellOf(page: Page, supplier: string, row: string): Promise<string> {
  return page.getByRole('table', { name: 'Offers compared' }).evaluate(
    (table, { supplier, row }) => {
      const text = (el: Element) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
      const heads = Array.from(table.querySelectorAll('thead th')).map(text);
      const column = heads.findIndex((h) => h.startsWith(supplier));
      const tr = Array.from(table.querySelectorAll('tbody tr')).find((r) =>
        text(r.children[0]!).startsWith(row),
      );
      return tr && column > 0 ? text(tr.children[column]!) : `no cell ${supplier}/${row}`;
    },
    { supplier, row },
  );
}

describe('itemised charges, index-linked prices and the landed cost in the browser', () => {
  const browser = useBrowser();

  it('when a supplier itemises charges on a phone and another prices on an index, then the trader compares landed costs, enters the index value and sees the cheapest change', async () => {
    const run = randomUUID().slice(0, 8);
    const suppliers = {
      a: { name: `Tariff Bunkers ${run}`, email: `tariff.${run}@bunkers.example` },
      b: { name: `Index Marine ${run}`, email: `index.${run}@marine.example` },
      c: { name: `Plain Oil ${run}`, email: `plain.${run}@oil.example` },
    };
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const customer = await createCustomer(trader, 'Nordic Tankers A/S');
    const [port] = await apiCall<{ id: string }[]>(trader, 'GET', '/api/ports/search?q=SGSIN');
    const ids: string[] = [];
    for (const s of Object.values(suppliers)) {
      const created = await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
        trading_name: s.name,
        default_email: s.email,
      });
      ids.push(created.id);
    }
    const inquiry = await apiCall<{ id: string }>(trader, 'POST', '/api/inquiries', {
      customer_company_id: customer.id,
      port_id: port!.id,
      vessel_name: 'LANDED COST TEST',
      imo: null,
      eta: new Date(Date.now() + 10 * DAY).toISOString(),
      products: [
        { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
        { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
      ],
    });
    const detail = await apiCall<{ products: { id: string }[] }>(
      trader,
      'GET',
      `/api/inquiries/${inquiry.id}`,
    );
    const lineIds = detail.products.map((p) => p.id);
    await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
      recipients: ids.map((supplier_id) => ({ supplier_id })),
    });
    const linkOf = async (email: string) => linkIn(await waitForMail(email, /^RFQ: /), /^\/offer\//);
    const validUntil = portInput(new Date(Date.now() + DAY));

    // A, on a phone: the offer, itemised, with the preview working it out as it is typed.
    const a = await browser.openPage(PHONE);
    await a.goto(await linkOf(suppliers.a.email));
    await a.getByLabel('Price (USD/MT) for VLSFO').fill('600');
    await a.getByLabel('Price (USD/MT) for MGO').fill('900');
    await setCharges(a, [
      {
        kind: 'Barging',
        basis: 'Lump sum up to a quantity, then per MT',
        amount: '1500',
        upTo: '500',
        above: '3',
      },
      { kind: 'Wharfage', basis: 'Per MT', amount: '1.50', lines: ['VLSFO', 'MGO'] },
      { kind: 'Tax', basis: 'Per cent of fuel cost', amount: '5', note: 'GST' },
      { kind: 'Demurrage', basis: 'Per hour (not in the total)', amount: '850' },
    ]);
    await a.getByLabel('Payment method').selectOption({ label: 'Credit' });
    await a.getByLabel('Credit days').fill('30');
    await a.getByLabel('Credit from').selectOption({ label: 'Delivery (BDN date)' });
    await a.getByLabel(/^Valid until/).fill(validUntil);
    const preview = a.getByRole('region', { name: 'Landed cost preview' });
    await preview.getByText('USD 602,550.00').waitFor();
    expect(flat(await preview.innerText())).toContain('All-in per MT USD 669.50');
    expect(flat(await preview.innerText())).toContain('Demurrage · USD 850.00/hour Not in the total');
    expect(await fits(a)).toBe(true);
    await shot(a, 'offer-page-charges-375px');
    expect(await axeViolations(a)).toEqual([]);
    await a.getByRole('button', { name: 'Submit Offer' }).click();
    await a.getByRole('status').filter({ hasText: 'Offer submitted' }).waitFor();
    expect(await fits(a)).toBe(true);

    // B prices VLSFO on the index, below it by 20; its preview cannot total it.
    const b = await browser.openPage();
    await b.goto(await linkOf(suppliers.b.email));
    await b.getByLabel('Pricing for VLSFO').selectOption({ label: 'Index + differential' });
    await b.getByLabel('Index for VLSFO').fill(PLATTS);
    await b.getByLabel('Differential (USD/MT) for VLSFO').fill('-20');
    await b.getByLabel('Price (USD/MT) for MGO').fill('850');
    await b.getByLabel(/^Valid until/).fill(validUntil);
    const indicative = b.getByRole('region', { name: 'Landed cost preview' });
    await indicative.getByText(`${PLATTS} − 20`).waitFor();
    await indicative.getByText(/^Indicative/).waitFor();
    await shot(b, 'offer-page-index-line');
    await b.getByRole('button', { name: 'Submit Offer' }).click();
    await b.getByRole('status').filter({ hasText: 'Offer submitted' }).waitFor();

    // C, the old way through the API: dearer per line, no charges, and 200 MT short on VLSFO.
    const cToken = new URL(await linkOf(suppliers.c.email)).pathname.split('/').pop()!;
    const c = await fetch(new URL(`/api/public/offers/${cToken}`, browser.appUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lines: [
          {
            product_line_id: '',
            price_per_mt: 605,
            min_deliverable: 500,
            max_deliverable: 600,
            delivery_method: 'barge',
          },
          {
            product_line_id: '',
            price_per_mt: 905,
            min_deliverable: 50,
            max_deliverable: 100,
            delivery_method: 'barge',
          },
        ].map((line, i) => ({ ...line, product_line_id: lineIds[i] })),
        barging_charges: 0,
        other_charges: 0,
        valid_until: new Date(Date.now() + DAY).toISOString(),
      }),
    });
    expect(c.status, await c.text()).toBe(200);

    // The trader compares: landed costs, the charges itemised, the index line waiting for its value.
    await trader.goto(`/inquiries/${inquiry.id}?tab=offers`);
    await trader.getByRole('tab', { name: 'Offers (3)' }).waitFor();
    await trader.getByRole('table', { name: 'Offers compared' }).waitFor();
    const itemised = await cellOf(trader, suppliers.a.name, 'Itemised charges');
    expect(itemised).toContain('Barging: USD 2,700.00 USD 1,500.00 up to 500 MT, then USD 3.00/MT');
    expect(itemised).toContain('Wharfage (VLSFO, MGO): USD 1,350.00');
    expect(itemised).toContain('Tax: USD 28,500.00 5% of the fuel cost · GST');
    expect(itemised).toContain('Demurrage: not in the total USD 850.00/hour');
    expect(await cellOf(trader, suppliers.a.name, 'Fuel cost')).toBe('USD 570,000.00');
    expect(await cellOf(trader, suppliers.a.name, 'Total landed cost')).toBe('USD 602,550.00');
    expect(await cellOf(trader, suppliers.a.name, 'All-in per MT')).toBe('USD 669.50');
    expect(await cellOf(trader, suppliers.a.name, 'Payment terms')).toBe('30 days from delivery');
    expect(await cellOf(trader, suppliers.c.name, 'Total landed cost')).toMatch(
      /^USD 574,500\.00 USD 453,500\.00 at the quantities it can deliver Cheapest total$/i,
    );
    expect(await cellOf(trader, suppliers.c.name, 'VLSFO')).toMatch(/\bShort by 200 MT\b/i);
    expect(await cellOf(trader, suppliers.b.name, 'Status')).toMatch(/Indicative/i);
    expect(await cellOf(trader, suppliers.b.name, 'VLSFO')).toContain(`Index value needed ${PLATTS} − 20.00`);
    expect(await cellOf(trader, suppliers.b.name, 'Total landed cost')).toContain(
      'Waiting for the index value',
    );
    await shot(trader, 'offers-tab-landed-cost');
    expect(await axeViolations(trader)).toEqual([]);

    // The trader enters the index value: B is priced at 590 − 20 and becomes the cheapest total.
    await trader.getByRole('button', { name: 'Edit index values' }).click();
    const dialog = trader.getByRole('dialog', { name: 'Index values' });
    expect(await dialog.getByLabel('Index 1', { exact: true }).inputValue()).toBe(PLATTS);
    await dialog.getByLabel('Value (USD/MT) of index 1').fill('590');
    await dialog.getByLabel('As of (index 1)').fill('2026-11-20');
    await dialog.getByRole('button', { name: 'Save Index Values' }).click();
    await toast(trader, 'Index values saved');
    await expect
      .poll(() => cellOf(trader, suppliers.b.name, 'Total landed cost'))
      .toMatch(/^USD 541,000\.00 Cheapest total$/i);
    expect((await cellOf(trader, suppliers.b.name, 'VLSFO')).toLowerCase()).toContain(
      `USD 570.00/MT Cheapest VLSFO ${PLATTS} (590.00 on 20 Nov 2026) − 20.00`.toLowerCase(),
    );
    expect(await cellOf(trader, suppliers.c.name, 'Total landed cost')).not.toMatch(/cheapest/i);
    await trader.getByRole('table', { name: 'Index values' }).getByText('USD 590.00').waitFor();
    await shot(trader, 'offers-tab-index-valued');

    // Awarded, A's confirmation lists its charges and the landed cost instead of two lump sums.
    await trader.getByRole('button', { name: `Award This Offer (${suppliers.a.name})` }).click();
    await trader
      .getByRole('dialog', { name: 'Award offer' })
      .getByRole('button', { name: 'Award Offer' })
      .click();
    await toast(trader, 'Offer awarded successfully!');
    const accepted = flat((await waitForMail(suppliers.a.email, /^Offer accepted/)).text);
    expect(accepted).toContain('Barging USD 1,500.00 up to 500 MT, then USD 3.00/MT USD 2,700.00');
    expect(accepted).toContain('Total landed cost (at the maximum quantities) USD 602,550.00');
    expect(accepted).not.toContain('Barging charges');
  }, 240_000);
});
