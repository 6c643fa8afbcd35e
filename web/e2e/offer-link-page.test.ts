import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { confirmMailbox, signUp } from './support/session';

const PHONE = { width: 375, height: 812 };

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Each fuel line's heading (its fieldset's legend) lies within its box: below the top border, not
 * across it as a legend drawn on the border is (the box's own top is then the legend's top).
 */
const headingsInsideBoxes = (page: Page) =>
  page.locator('fieldset').evaluateAll((sets) =>
    sets.map((set) => {
      const box = set.getBoundingClientRect();
      const legend = set.querySelector('legend')!.getBoundingClientRect();
      const border = parseFloat(getComputedStyle(set).borderTopWidth);
      return legend.top >= box.top + border && legend.left >= box.left && legend.right <= box.right;
    }),
  );

/** A trader of "Harbour Fuel Brokers" sends an inquiry to one supplier; answers the supplier's link path. */
async function sentLink(trader: Page): Promise<{ inquiryId: string; link: string }> {
  const { email } = await signUp(trader, 'trader', 'Harbour Fuel Brokers');
  await confirmMailbox(trader, email);
  const customer = await createCustomer(trader, 'Nordic Tankers A/S');
  const supplierEmail = `quotes.${crypto.randomUUID().slice(0, 8)}@lioncity.example`;
  const supplier = await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
    trading_name: 'Lion City Bunkers',
    default_email: supplierEmail,
  });
  // Grade headings as long as they come: the longest ISO edition and quantities with decimals.
  const inquiry = await createInquiry(trader, customer.id, {
    products: [
      {
        product_name: 'VLSFO',
        iso_spec: 'ISO8217:2017',
        quantity_mt_min: '1500.5',
        quantity_mt_max: '2200.5',
      },
      { product_name: 'MGO', iso_spec: 'ISO8217:2024', quantity_mt_min: '150.5', quantity_mt_max: '180.5' },
    ],
  });
  await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
    recipients: [{ supplier_id: supplier.id }],
  });
  const mail = await waitForMail(supplierEmail, /^RFQ: /);
  return { inquiryId: inquiry.id, link: new URL(linkIn(mail, /^\/offer\/[\w-]{40,}$/)).pathname };
}

describe('the supplier’s offer link page', () => {
  const browser = useBrowser();

  it('when a link is unknown, then the page says so once and names nobody', async () => {
    const page = await browser.openPage(PHONE);
    await page.goto(`/offer/${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This offer link is not valid.' }).waitFor();
    expect(await page.getByText(/not valid/i).count()).toBe(1);
    expect(await page.getByText(/contact/i).count()).toBe(0);
    expect(await fits(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on a phone, then each grade heading sits inside its box; once the inquiry is cancelled, the page says it once and names the trader to contact', async () => {
    const trader = await browser.openPage();
    const { inquiryId, link } = await sentLink(trader);

    const supplier = await browser.openPage(PHONE);
    await supplier.goto(link);
    await supplier.getByRole('heading', { name: 'MSC OSCAR at Singapore' }).waitFor();
    expect(await headingsInsideBoxes(supplier)).toEqual([true, true]);
    expect(await fits(supplier)).toBe(true);

    await apiCall(trader, 'POST', `/api/inquiries/${inquiryId}/cancel`, { reason: 'Vessel re-routed' });
    await supplier.reload();
    await supplier.getByText('This inquiry has been cancelled.').waitFor();
    expect(await supplier.getByText(/cancelled/i).count()).toBe(1);
    await supplier
      .getByText('Contact Tom Trader (Harbour Fuel Brokers), who sent it to you.', { exact: false })
      .waitFor();
    expect(await supplier.getByRole('button', { name: /Offer$/ }).count()).toBe(0);
    expect(await fits(supplier)).toBe(true);
    expect(await axeViolations(supplier)).toEqual([]);
  });
});
