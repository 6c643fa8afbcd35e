import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { apiCall, createCustomer } from './api';
import { linkIn, waitForMail } from './inbox';

const DAY = 24 * 3_600_000;

/**
 * A stem as the award makes it (a draft): the inquiry, its distribution and the supplier's offer
 * (VLSFO 600, MGO 845) through the API and the mailed link, the award through the API.
 */
export async function awardedStem(
  page: Page,
): Promise<{ stemId: string; inquiryId: string; supplierEmail: string }> {
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
  const stems = await apiCall<{ items: { id: string; inquiry_id: string }[] }>(
    page,
    'GET',
    `/api/stems?inquiry_id=${inquiry.id}`,
  );
  const stemId = stems.items.find((s) => s.inquiry_id === inquiry.id)!.id;
  return { stemId, inquiryId: inquiry.id, supplierEmail };
}
