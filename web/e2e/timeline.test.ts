import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { confirmMailbox, signUp } from './support/session';

/** Screenshots of the tab, looked at by hand when it changes. */
const SHOTS = '/tmp/timeline-shots';

/** The timeline as read on screen: each entry's text, in the order shown. */
const entries = (page: Page) =>
  page
    .getByRole('list', { name: 'Inquiry timeline' })
    .locator('.mantine-Timeline-item')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

describe('the Timeline tab of an inquiry', () => {
  const browser = useBrowser();

  it('when a trader sends an inquiry and the supplier opens its link and offers, then the Timeline tab tells each step in order, in port time, with what changed', async () => {
    const trader = await browser.openPage();
    const { email } = await signUp(trader, 'trader', 'Harbour Fuel Brokers');
    await confirmMailbox(trader, email);
    const customer = await createCustomer(trader, 'Nordic Tankers A/S');
    const supplierEmail = `quotes.${crypto.randomUUID().slice(0, 8)}@lioncity.example`;
    const supplier = await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
      trading_name: 'Lion City Bunkers',
      default_email: supplierEmail,
    });
    const inquiry = await createInquiry(trader, customer.id);
    await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
      recipients: [{ supplier_id: supplier.id }],
    });

    // The supplier opens its link twice and offers through it.
    const mail = await waitForMail(supplierEmail, /^RFQ: /);
    const link = new URL(linkIn(mail, /^\/offer\/[\w-]{40,}$/)).pathname;
    const supplierPage = await browser.openPage();
    for (let i = 0; i < 2; i += 1) {
      await supplierPage.goto(link);
      await supplierPage.getByRole('heading', { name: /MSC OSCAR at Singapore/ }).waitFor();
    }
    const offered = await supplierPage.evaluate(
      async ({ path, lineIds }) => {
        const res = await fetch(`/api${path.replace('/offer/', '/public/offers/')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            lines: lineIds.map((id, i) => ({
              product_line_id: id,
              price_per_mt: i === 0 ? '612.5' : '845',
              min_deliverable: '50',
              max_deliverable: '700',
              delivery_method: 'barge',
            })),
            payment_terms: '30 days from delivery',
            valid_until: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          }),
        });
        return res.status;
      },
      { path: link, lineIds: inquiry.lineIds },
    );
    expect(offered).toBe(200);

    await trader.goto(`/inquiries/${inquiry.id}`);
    await trader.getByRole('tab', { name: 'Timeline' }).click();
    await trader.getByRole('list', { name: 'Inquiry timeline' }).waitFor();
    // The mailer's report of the invitation travels on its own: read again until it is there.
    await expect
      .poll(
        async () => {
          const shown = await entries(trader);
          if (!shown.some((e) => e.startsWith('Invitation to'))) await trader.reload();
          return shown.length;
        },
        { timeout: 30_000 },
      )
      .toBe(5);
    const shown = await entries(trader);
    const index = (start: string) => shown.findIndex((e) => e.startsWith(start));
    expect(index('Tom Trader created the inquiry for MSC OSCAR at Singapore, with 2 fuel lines')).toBe(0);
    expect(index('Tom Trader sent the inquiry to 1 supplier address, reply by')).toBe(1);
    expect(index(`Invitation to Lion City Bunkers (${supplierEmail}) was delivered`)).toBeGreaterThan(1);
    expect(index('Lion City Bunkers opened its offer link; opened 2 times, last')).toBeGreaterThan(1);
    expect(index('Lion City Bunkers submitted an offer, landed cost USD')).toBe(4);

    const sent = shown[1]!;
    expect(sent).toContain(`Lion City Bunkers (${supplierEmail})`);
    expect(sent).toContain('Status: draft → distributed');
    // Times read at the port, with its offset (Singapore, UTC+8).
    expect(sent).toMatch(/reply by \d{1,2} \w{3} \d{4} \d{2}:\d{2} \(UTC\+8\)/);
    for (const entry of shown) expect(entry).toMatch(/\d{1,2} \w{3} \d{4} \d{2}:\d{2} \(UTC\+8\)/);
    const offer = shown[4]!;
    for (const change of [
      'VLSFO price: none → 612.50',
      'MGO price: none → 845.00',
      'VLSFO deliverable: none → 50–700 MT',
      'Status: distributed → quoting',
    ])
      expect(offer).toContain(change);
    mkdirSync(SHOTS, { recursive: true });
    await trader.screenshot({ path: `${SHOTS}/timeline-tab.png`, fullPage: true });
    expect(await axeViolations(trader)).toEqual([]);
  });
});
