import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry, createSupplier } from './support/api';
import { useBrowser } from './support/browser';
import { confirmMailbox, signUp, toast } from './support/session';

/** An inquiry with one offer recorded for Lion City Bunkers, open on its Offers tab. */
async function inquiryWithOffer(page: Page): Promise<void> {
  const { email } = await signUp(page);
  // Award mails go to suppliers: they leave only from a proven mailbox.
  await confirmMailbox(page, email);
  const customer = await createCustomer(page, 'Nordic Tankers A/S');
  const supplier = await createSupplier(page, 'Lion City Bunkers');
  const inquiry = await createInquiry(page, customer.id);
  await apiCall(page, 'POST', `/api/inquiries/${inquiry.id}/offers`, {
    supplier_id: supplier.id,
    lines: [
      {
        product_line_id: inquiry.lineIds[0],
        price_per_mt: '605',
        min_deliverable: 500,
        max_deliverable: 600,
      },
      { product_line_id: inquiry.lineIds[1], price_per_mt: '880', min_deliverable: 50, max_deliverable: 80 },
    ].map((line) => ({ ...line, delivery_method: 'barge' })),
    valid_until: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await page.goto(`/inquiries/${inquiry.id}?tab=offers`);
}

describe('one press, one request', () => {
  const browser = useBrowser();

  it('when the trader double-clicks Award Offer, then one award request goes out, the success shows and no error toast', async () => {
    const page = await browser.openPage();
    await inquiryWithOffer(page);
    await page.getByRole('button', { name: 'Award This Offer (Lion City Bunkers)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Award offer' });
    await dialog.getByText('Are you sure you want to award this offer?').waitFor();

    const awards: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        /^\/api\/offers\/[^/]+\/award$/.test(new URL(request.url()).pathname)
      )
        awards.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Award Offer' }).dblclick();
    await toast(page, 'Offer awarded successfully!');
    await dialog.waitFor({ state: 'detached' });
    // The inquiry as it is now: by then a second award's 409 would have come back and been shown.
    await page.locator('.mantine-Badge-label', { hasText: /^awarded$/ }).waitFor();
    expect(awards).toHaveLength(1);
    expect(await page.locator('.mantine-Notification-root').filter({ hasText: /error/i }).count()).toBe(0);
  });

  it('when the award runs, then its button is disabled and shows it is busy', async () => {
    const page = await browser.openPage();
    await inquiryWithOffer(page);
    await page.getByRole('button', { name: 'Award This Offer (Lion City Bunkers)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Award offer' });
    // The server is slowed down for this one call, so its running state can be looked at.
    await page.route('**/api/offers/*/award', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const award = dialog.getByRole('button', { name: 'Award Offer' });
    await award.click();
    await expect.poll(() => award.isDisabled()).toBe(true);
    expect(await award.getAttribute('data-loading')).toBe('true');
    await toast(page, 'Offer awarded successfully!');
  });
});
