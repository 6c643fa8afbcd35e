import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

const DAY = 24 * 3_600_000;
const PHONE = { width: 375, height: 812 };
/** Screenshots of the bell and the preferences, looked at by hand when they change. */
const SHOTS = '/tmp/notification-shots';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}
/** A moment as Singapore's wall clock in a datetime-local input (UTC+8, no daylight saving). */
const portInput = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);

describe('the trader hears when an offer arrives', () => {
  const browser = useBrowser();

  it('when a supplier submits on its offer page, then the trader’s bell shows 1, the Offers tab shows the offer without a reload, and a mail names vessel, port and supplier', async () => {
    const run = randomUUID().slice(0, 8);
    const supplierEmail = `quotes.${run}@lioncity.example`;
    const trader = await browser.openPage();
    const { email: traderEmail } = await signUp(trader);
    await confirmMailbox(trader, traderEmail);

    // The inquiry and its distribution through the API (their screens have their own tests).
    const customer = await createCustomer(trader, 'Nordic Tankers A/S');
    const supplier = await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
      trading_name: 'Lion City Bunkers',
      default_email: supplierEmail,
      tags: ['Singapore'],
    });
    const inquiry = await createInquiry(trader, customer.id);
    await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
      recipients: [{ supplier_id: supplier.id, contact_id: null }],
    });
    const link = linkIn(await waitForMail(supplierEmail, /^RFQ: /), /^\/offer\/[\w-]{40,}$/);

    await trader.goto(`/inquiries/${inquiry.id}?tab=offers`);
    await trader.getByRole('tab', { name: 'Offers (0)' }).waitFor();
    const bell = trader.getByRole('button', { name: /^Notifications/ });
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // The supplier prices both lines on its page.
    const page = await browser.openPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'MSC OSCAR at Singapore' }).waitFor();
    await page.getByLabel('Price (USD/MT) for VLSFO').fill('612.50');
    await page.getByLabel('Delivery method for VLSFO').selectOption('barge');
    await page.getByLabel('Price (USD/MT) for MGO').fill('845');
    await page.getByLabel('Delivery method for MGO').selectOption('barge');
    await page.getByLabel('Payment terms').fill('30 days from delivery');
    await page.getByLabel(/^Valid until \(port time, UTC\+8\)/).fill(portInput(new Date(Date.now() + DAY)));
    await page.getByRole('button', { name: 'Submit Offer' }).click();
    await page.getByRole('status').filter({ hasText: 'Offer submitted' }).waitFor();

    // Without a reload: the bell counts it (polled every 10 s) and the Offers tab lists it.
    await trader.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor({ timeout: 20_000 });
    await trader.getByRole('tab', { name: 'Offers (1)' }).waitFor({ timeout: 10_000 });
    await trader
      .getByRole('table', { name: 'Offers compared' })
      .getByText('Lion City Bunkers')
      .first()
      .waitFor();

    // The panel says what happened, where, from whom; opening it leads to the tab and marks it read.
    await trader.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const panel = trader.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link').filter({ hasText: 'Lion City Bunkers submitted an offer' });
    await item.waitFor();
    expect(await item.innerText()).toMatch(/New offer[\s\S]*MSC OSCAR · Singapore/);
    expect(await axeViolations(trader)).toEqual([]);
    await shot(trader, 'bell-open');
    await trader.getByRole('tab', { name: 'Details' }).click();
    await bell.click();
    await item.click();
    await trader.waitForURL(new RegExp(`/inquiries/${inquiry.id}\\?tab=offers$`));
    await trader.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 10_000 });

    // And by mail, from the platform, within a minute.
    const mail = await waitForMail(traderEmail, /submitted an offer/, 60_000);
    expect(mail.subject).toBe('Lion City Bunkers submitted an offer: MSC OSCAR at Singapore');
    expect(linkIn(mail, new RegExp(`^/inquiries/${inquiry.id}$`))).toContain('tab=offers');
  });

  it('when the trader turns off mail of new offers on the Profile page, then the switch stays off after a reload', async () => {
    const trader = await browser.openPage();
    await signUp(trader);
    await trader.goto('/profile');
    const card = trader.getByRole('region', { name: 'Notifications' });
    const newOffers = card.getByRole('switch', { name: 'E-mail: New offer' });
    await newOffers.waitFor();
    expect(await newOffers.isChecked()).toBe(true);
    await newOffers.click({ force: true });
    await toast(trader, 'Notification preferences saved');
    await trader.reload();
    await card.getByRole('switch', { name: 'E-mail: New offer' }).waitFor();
    expect(await card.getByRole('switch', { name: 'E-mail: New offer' }).isChecked()).toBe(false);
    expect(await card.getByRole('switch', { name: 'E-mail: Offer revised' }).isChecked()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(trader, 'profile-notifications');
    expect(await axeViolations(trader)).toEqual([]);
  });

  it('when a phone opens the bell, then the header still fits and the panel stays on screen', async () => {
    const trader = await browser.openPage(PHONE);
    await signUp(trader);
    await trader.getByRole('button', { name: 'Notifications' }).click();
    const panel = trader.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('No notifications yet.', { exact: false }).waitFor();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await trader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(trader, 'bell-phone');
  });
});
