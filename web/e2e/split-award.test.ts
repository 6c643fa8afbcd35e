import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { offerByLink } from './support/offer-link';
import { confirmMailbox, signUp, toast } from './support/session';

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Supplier {
  name: string;
  email: string;
}

/** The supplier's offer through the link of its invitation. */
async function offerThroughLink(
  appUrl: string,
  supplier: Supplier,
  lineIds: string[],
  prices: string[],
  barging: string,
) {
  const link = linkIn(await waitForMail(supplier.email, /^RFQ: /), /^\/offer\//);
  await offerByLink(appUrl, link, lineIds, prices, barging);
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a split award in the browser', () => {
  const browser = useBrowser();

  it('when the trader gives VLSFO to one supplier and MGO to another, then the split is costed against the best single offer, confirmed once, each winner is told of its own line only and the inquiry shows what the split saved', async () => {
    const run = randomUUID().slice(0, 8);
    const suppliers = {
      a: { name: `Lump Sum Bunkers ${run}`, email: `lump.${run}@bunkers.example` },
      b: { name: `Gasoil Marine ${run}`, email: `gasoil.${run}@marine.example` },
      c: { name: `Dear Oil ${run}`, email: `dear.${run}@oil.example` },
    };
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const customer = await createCustomer(trader, 'Nordic Tankers A/S');
    const ids: string[] = [];
    for (const s of Object.values(suppliers))
      ids.push(
        (
          await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
            trading_name: s.name,
            default_email: s.email,
          })
        ).id,
      );
    const inquiry = await createInquiry(trader, customer.id, {
      vessel_name: 'SPLIT AWARD TEST',
      products: [
        { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
        { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
      ],
    });
    await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
      recipients: ids.map((supplier_id) => ({ supplier_id })),
    });
    // A: 480,000 + 90,000 + 1,500 = 571,500 (the best single offer); B: 488,000 + 88,000 = 576,000.
    await offerThroughLink(browser.appUrl(), suppliers.a, inquiry.lineIds, ['600', '900'], '1500');
    await offerThroughLink(browser.appUrl(), suppliers.b, inquiry.lineIds, ['610', '880'], '0');
    await offerThroughLink(browser.appUrl(), suppliers.c, inquiry.lineIds, ['650', '950'], '0');

    await trader.goto(`/inquiries/${inquiry.id}?tab=offers`);
    await trader.getByRole('tab', { name: 'Offers (3)' }).waitFor();
    await trader.getByRole('button', { name: 'Split Award' }).click();
    const panel = trader.getByRole('region', { name: 'Split award' });
    // Each line starts on its cheapest price: VLSFO with A (its lump sum whole), MGO with B.
    expect(await panel.getByRole('textbox', { name: 'Winner for VLSFO' }).inputValue()).toBe(
      suppliers.a.name,
    );
    expect(await panel.getByRole('textbox', { name: 'Winner for MGO' }).inputValue()).toBe(suppliers.b.name);
    await panel.getByText('Combined landed cost: USD 569,500.00').waitFor();
    expect(flat(await panel.innerText())).toContain(`Best single offer: ${suppliers.a.name}, USD 571,500.00`);
    expect(flat(await panel.innerText())).toContain('The split saves USD 2,000.00');
    expect(await axeViolations(trader)).toEqual([]);

    // MGO not placed costs VLSFO alone; back to B.
    await choose(trader, 'Winner for MGO', 'Not placed');
    await panel.getByText('Combined landed cost: USD 481,500.00').waitFor();
    await choose(trader, 'Winner for MGO', suppliers.b.name);
    await panel.getByText('Combined landed cost: USD 569,500.00').waitFor();

    await panel.getByRole('textbox', { name: /^Notes/ }).fill('Barge alongside at 08:00');
    await panel.getByRole('button', { name: 'Confirm Split Award' }).click();
    await toast(trader, 'Inquiry awarded successfully!');

    const toA = flat((await waitForMail(suppliers.a.email, /^Offer accepted/)).text);
    expect(toA).toContain('VLSFO');
    expect(toA).not.toContain('MGO');
    expect(toA).toContain('Total landed cost (at the maximum quantities) USD 481,500.00');
    expect(toA).toContain('Barge alongside at 08:00');
    const toB = flat((await waitForMail(suppliers.b.email, /^Offer accepted/)).text);
    expect(toB).toContain('MGO');
    expect(toB).not.toContain('VLSFO');
    expect(toB).toContain('Total landed cost (at the maximum quantities) USD 88,000.00');
    await waitForMail(suppliers.c.email, /^Awarded elsewhere/);

    // The comparison now says who won which line.
    const table = trader.getByRole('table', { name: 'Offers compared' });
    await table.getByText('Won: VLSFO').waitFor();
    await table.getByText('Won: MGO').waitFor();

    // The details say what the split saved: 569,500 against A 571,500, B 576,000 and C 615,000
    // (800 × 650 + 100 × 950): 587,500 on average, 615,000 at the highest.
    await trader.getByRole('tab', { name: 'Details' }).click();
    await trader
      .getByText('The award is USD 18,000.00 below the average offer and USD 45,500.00 below the highest.')
      .waitFor();
  }, 240_000);
});
