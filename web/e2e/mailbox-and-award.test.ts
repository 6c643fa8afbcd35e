import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { EMAIL_VERIFIED_MESSAGE, MAILBOX_UNVERIFIED } from '@mfd/contracts';
import { apiCall, createCustomer } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

const DAY = 24 * 3_600_000;
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A customer, a supplier covering Singapore and a draft inquiry for two fuels, set up through the API. */
async function draftInquiry(page: Page, supplierEmail: string) {
  const customer = await createCustomer(page, 'Nordic Tankers A/S');
  const [port] = await apiCall<{ id: string }[]>(page, 'GET', '/api/ports/search?q=SGSIN');
  const supplier = await apiCall<{ id: string }>(page, 'POST', '/api/suppliers', {
    trading_name: 'Lion City Bunkers',
    default_email: supplierEmail,
    port_ids: [port!.id],
  });
  const inquiry = await apiCall<{ id: string }>(page, 'POST', '/api/inquiries', {
    customer_company_id: customer.id,
    port_id: port!.id,
    vessel_name: 'EVER GIVEN',
    eta: new Date(Date.now() + 10 * DAY).toISOString(),
    products: [
      { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 600 },
      { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 80 },
    ],
  });
  return { supplierId: supplier.id, inquiryId: inquiry.id };
}

/** The supplier's side, through its mailed link without a browser: the offer page's own calls. */
function offerLink(token: string) {
  const url = `${inject('e2e').appUrl}/api/public/offers/${token}`;
  return {
    async lineIds(): Promise<string[]> {
      const page = (await (await fetch(url)).json()) as { inquiry: { products: { id: string }[] } };
      return page.inquiry.products.map((p) => p.id);
    },
    async offer(lineIds: string[], vlsfo: string): Promise<number> {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lines: lineIds.map((id, i) => ({
            product_line_id: id,
            price_per_mt: i === 0 ? vlsfo : '845',
            min_deliverable: i === 0 ? '500' : '50',
            max_deliverable: i === 0 ? '600' : '80',
            delivery_method: 'barge',
          })),
          payment_terms: '30 days',
          valid_until: new Date(Date.now() + 2 * DAY).toISOString(),
        }),
      });
      if (res.status !== 200) throw new Error(`offer answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { revision: number }).revision;
    },
  };
}

describe('mail to suppliers from a confirmed mailbox, and an award of what the trader saw', () => {
  const browser = useBrowser();

  it('when a new trader has not confirmed the e-mail, then a banner offers a new link and the send buttons are disabled with the reason; confirming it in another tab lifts both without a new sign-in', async () => {
    const trader = await browser.openPage();
    const { email } = await signUp(trader);
    const banner = trader.getByRole('alert').filter({ hasText: MAILBOX_UNVERIFIED });
    await banner.waitFor();
    // The sign-up's own link went out a moment ago: a new one is not mailed yet, and the trader is told why.
    await banner.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await toast(trader, `A confirmation e-mail went to ${email} a few minutes ago`);
    expect(await axeViolations(trader)).toEqual([]);

    const { inquiryId } = await draftInquiry(trader, `quotes.${randomUUID().slice(0, 8)}@lioncity.example`);
    await trader.goto(`/inquiries/${inquiryId}?tab=suppliers`);
    await trader.getByLabel('Select Lion City Bunkers').check();
    const send = trader.getByRole('button', { name: 'Distribute to Selected Suppliers (1)' });
    expect(await send.isDisabled()).toBe(true);
    // The reason shows where the pointer reaches the button.
    await send.locator('xpath=..').hover();
    await trader.getByRole('tooltip').filter({ hasText: MAILBOX_UNVERIFIED }).waitFor();

    const confirm = await browser.openPage();
    const mail = await waitForMail(email, /Confirm your e-mail address/);
    const link = new URL(linkIn(mail, /^\/verify-email$/));
    await confirm.goto(`${link.pathname}${link.search}`);
    await confirm.getByText(EMAIL_VERIFIED_MESSAGE).waitFor({ timeout: 15_000 });

    // The first tab learns it by itself, still signed in with the token it had.
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await toast(trader, 'Inquiry distributed successfully to 1 supplier!');
  }, 120_000);

  it('when the supplier revises while the trader confirms the award, then the award is refused, the Offers tab reloads marking what changed, and the award of the new revision quotes its price', async () => {
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const supplierEmail = `quotes.${randomUUID().slice(0, 8)}@lioncity.example`;
    const { supplierId, inquiryId } = await draftInquiry(trader, supplierEmail);
    await apiCall(trader, 'POST', `/api/inquiries/${inquiryId}/distribute`, {
      recipients: [{ supplier_id: supplierId, contact_id: null }],
    });
    const invitation = await waitForMail(supplierEmail, /^RFQ: /);
    const supplier = offerLink(linkIn(invitation, /^\/offer\/[\w-]{40,}$/).split('/offer/')[1]!);
    const lineIds = await supplier.lineIds();
    expect(await supplier.offer(lineIds, '500')).toBe(1);

    await trader.goto(`/inquiries/${inquiryId}?tab=offers`);
    const award = trader.getByRole('button', { name: 'Award This Offer (Lion City Bunkers)' });
    await award.click();
    const dialog = trader.getByRole('dialog', { name: 'Award offer' });
    await dialog.getByText('Are you sure you want to award this offer?').waitFor();
    expect(await supplier.offer(lineIds, '999.99')).toBe(2);
    await dialog.getByRole('button', { name: 'Award Offer' }).click();
    await toast(
      trader,
      'Error awarding offer: This offer was revised (now revision 2): review it before awarding',
    );
    await dialog.waitFor({ state: 'detached' });

    const table = trader.getByRole('table', { name: 'Offers compared' });
    await table.getByText('Revised since you saw revision 1').waitFor({ timeout: 10_000 });
    const vlsfo = table.getByRole('row').filter({ has: trader.getByRole('rowheader', { name: /^VLSFO/ }) });
    expect(flat(await vlsfo.innerText())).toContain('USD 999.99/MT');
    expect(flat(await vlsfo.innerText())).toContain('Changed · was USD 500.00/MT');
    const mgo = table.getByRole('row').filter({ has: trader.getByRole('rowheader', { name: /^MGO/ }) });
    expect(await mgo.innerText()).not.toContain('Changed');
    expect(await axeViolations(trader)).toEqual([]);

    await award.click();
    await dialog.getByRole('button', { name: 'Award Offer' }).click();
    await toast(trader, 'Offer awarded successfully!');
    const accepted = await waitForMail(supplierEmail, /^Offer accepted/);
    expect(flat(accepted.text)).toContain('999.99');
    expect(flat(accepted.text)).not.toContain('500.00');
  }, 120_000);
});
