import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiCall, createCustomer } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

const DAY = 24 * 3_600_000;

/**
 * A stem as the award makes it, then sent: the inquiry, its distribution and the supplier's offer
 * through the API and the mailed link, the award through the API. The confirmation's Send is the
 * stems slice's; until it is on the page, the fixture moves the stem's row to sent.
 */
async function sentStem(page: Page): Promise<{ stemId: string; inquiryId: string }> {
  const customer = await createCustomer(page, 'Nordic Tankers A/S');
  const [port] = await apiCall<{ id: string }[]>(page, 'GET', '/api/ports/search?q=SGSIN');
  const supplierEmail = `quotes.${randomUUID().slice(0, 8)}@lioncity.example`;
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
  await apiCall(page, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
    recipients: [{ supplier_id: supplier.id, contact_id: null }],
  });
  const invitation = await waitForMail(supplierEmail, /^RFQ: /);
  const token = linkIn(invitation, /^\/offer\/[\w-]{40,}$/).split('/offer/')[1]!;
  const url = `${inject('e2e').appUrl}/api/public/offers/${token}`;
  const offerPage = (await (await fetch(url)).json()) as { inquiry: { products: { id: string }[] } };
  const offered = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: offerPage.inquiry.products.map((p, i) => ({
        product_line_id: p.id,
        price_per_mt: i === 0 ? '600' : '845',
        min_deliverable: i === 0 ? '500' : '50',
        max_deliverable: i === 0 ? '600' : '80',
        delivery_method: 'barge',
      })),
      payment_terms: '30 days',
      valid_until: new Date(Date.now() + 2 * DAY).toISOString(),
    }),
  });
  expect(offered.status).toBe(200);
  const { offer_id: offerId } = (await offered.json()) as { offer_id: string };
  await apiCall(page, 'POST', `/api/offers/${offerId}/award`, { notes: null, revision: 1 });
  const stems = await apiCall<{ items: { id: string; inquiry_id: string }[] }>(page, 'GET', '/api/stems');
  const stemId = stems.items.find((s) => s.inquiry_id === inquiry.id)!.id;
  const { pgUrl, schemaPrefix } = inject('e2e');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(
      `update "${schemaPrefix}inquiry".stems set status = 'sent', sent_at = now() where id = $1`,
      [stemId],
    );
  } finally {
    await client.end();
  }
  return { stemId, inquiryId: inquiry.id };
}

describe('a stem from delivery to closed, in the browser', () => {
  const browser = useBrowser();

  it('when the trader records the delivery, uploads the BDN, enters the invoice and settles a claim, then the stem closes and the timeline tells it', async () => {
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const { stemId, inquiryId } = await sentStem(trader);

    await trader.goto(`/stems/${stemId}`);
    const form = trader.getByRole('form', { name: 'Record delivery' });
    await form.waitFor();
    await form.getByLabel('BDN number').fill('BDN-4711');
    await form
      .getByLabel(/^Delivered at/)
      .fill(new Date(Date.now() - 2 * DAY + 8 * 3_600_000).toISOString().slice(0, 16));
    await form.getByLabel('Barge name').fill('Marina Star');
    await form.getByLabel('VLSFO delivered (MT)').fill('612.5');
    await form.getByLabel('VLSFO sulphur (% m/m)').fill('0.48');
    await form.getByLabel('MGO delivered (MT)').fill('80');
    await form.getByLabel('MGO density at 15 °C (kg/m³)').fill('845.3');
    await form.getByLabel('MGO sulphur (% m/m)').fill('0.09');
    await form.getByRole('button', { name: 'Record Delivery' }).click();
    await toast(trader, 'Delivery recorded');
    await trader.getByText('VLSFO: delivered 612.5 MT, outside the agreed 500–600 MT').waitFor();
    await trader.getByText('VLSFO: no density at 15 °C on the delivery note').waitFor();

    const chooser = trader.waitForEvent('filechooser');
    await trader.getByRole('button', { name: 'Upload BDN (PDF or image, max 10 MB)' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'bdn-4711.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
    });
    await toast(trader, 'Document uploaded');
    await trader.getByRole('button', { name: 'bdn-4711.pdf' }).waitFor();

    // The variance's suggested claim fills the form.
    await trader.getByRole('button', { name: 'Raise quantity claim' }).click();
    const claimForm = trader.getByRole('form', { name: 'Raise claim' });
    expect(await claimForm.getByLabel('Description').inputValue()).toContain('612.5 MT');
    await claimForm.getByLabel('Amount (USD)').fill('1500');
    await claimForm.getByRole('button', { name: 'Raise Claim' }).click();
    await toast(trader, 'Claim raised');
    const claims = trader.getByRole('table', { name: 'Claims' });
    await claims.getByText(/\d+ d \d+ h left/).waitFor();
    expect(await claims.innerText()).toContain('(UTC+8)');

    // 600 × 612.5 + 845 × 80 = 435,100.00 expected; the supplier asks 435,150.00 (under both bounds).
    const invoice = trader.getByRole('form', { name: 'Record invoice' });
    await invoice.getByLabel('Invoice number').fill('LCB-2026-118');
    await invoice.getByLabel('Amount (USD)').fill('435150');
    await invoice.getByRole('button', { name: 'Record Invoice' }).click();
    await toast(trader, 'Invoice recorded');
    const check = trader.getByRole('table', { name: 'Invoice check' });
    await check.getByText('USD 435,100.00').waitFor();
    await check.getByText('Matches the expected amount').waitFor();
    expect(await axeViolations(trader)).toEqual([]);

    await trader.getByRole('button', { name: 'Close Stem' }).click();
    await trader.getByRole('alert').filter({ hasText: 'This stem has an open claim' }).waitFor();
    await claims.getByRole('button', { name: 'Mark Submitted' }).click();
    await claims.getByRole('button', { name: 'Mark Settled' }).click();
    await claims.getByText('Settled').waitFor();
    await trader.getByRole('button', { name: 'Close Stem' }).click();
    await toast(trader, 'Stem closed');
    await trader.getByRole('button', { name: 'Close Stem' }).waitFor({ state: 'detached' });
    await trader.getByText('Closed', { exact: true }).first().waitFor();

    await trader.goto(`/inquiries/${inquiryId}?tab=timeline`);
    await trader.getByText(/closed stem [A-Z]+-\d{4}-\d+/).waitFor();
    await trader.getByText(/recorded the delivery of stem .* \(BDN BDN-4711\), with 2 variances/).waitFor();
  }, 180_000);
});
