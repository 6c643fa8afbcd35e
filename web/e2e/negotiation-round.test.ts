import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { offerByLink } from './support/offer-link';
import { confirmMailbox, signUp, toast } from './support/session';

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A moment as Singapore's wall clock in a datetime-local input (UTC+8, no daylight saving). */
const portInput = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);

describe('a negotiation round in the browser', () => {
  const browser = useBrowser();

  it('when the trader invites one supplier to improve with its rank, then it is told "2nd of 2" and improves, the other may only look, and the Offers tab shows the round and the change', async () => {
    const run = randomUUID().slice(0, 8);
    const a = { name: `Anchor Bunkers ${run}`, email: `anchor.${run}@bunkers.example` };
    const b = { name: `Bollard Marine ${run}`, email: `bollard.${run}@marine.example` };
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const customer = await createCustomer(trader, 'Nordic Tankers A/S');
    const ids: string[] = [];
    for (const s of [a, b])
      ids.push(
        (
          await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
            trading_name: s.name,
            default_email: s.email,
          })
        ).id,
      );
    const inquiry = await createInquiry(trader, customer.id, {
      vessel_name: 'ROUND TEST',
      products: [
        { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
        { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
      ],
    });
    await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
      recipients: ids.map((supplier_id) => ({ supplier_id })),
    });
    const linkOf = async (email: string, subject: RegExp) =>
      linkIn(await waitForMail(email, subject), /^\/offer\//);
    const aLink = await linkOf(a.email, /^RFQ: /);
    // A: 570,000.00; B: 576,000.00, second.
    await offerByLink(browser.appUrl(), aLink, inquiry.lineIds, ['600', '900']);
    await offerByLink(browser.appUrl(), await linkOf(b.email, /^RFQ: /), inquiry.lineIds, ['610', '880']);

    await trader.goto(`/inquiries/${inquiry.id}?tab=offers`);
    await trader.getByRole('tab', { name: 'Offers (2)' }).waitFor();
    await trader.getByRole('button', { name: 'Start Round' }).click();
    const dialog = trader.getByRole('dialog', { name: 'Start a negotiation round' });
    await dialog.getByRole('checkbox', { name: new RegExp(`^${b.name}`) }).check();
    await dialog.getByLabel(/^Reply by/).fill(portInput(new Date(Date.now() + 2 * 3_600_000)));
    await dialog.getByLabel(/^Message to the suppliers/).fill('Please sharpen your VLSFO price.');
    expect(await axeViolations(trader)).toEqual([]);
    await dialog.getByRole('button', { name: 'Start Round' }).click();
    await toast(trader, 'Round 2 started: 1 supplier invited');

    const roundMail = await waitForMail(b.email, /^Round 2 RFQ: /);
    expect(flat(roundMail.text)).toContain('currently ranks 2nd of 2');
    expect(flat(roundMail.text)).toContain('Please sharpen your VLSFO price.');
    expect(flat(roundMail.text)).not.toContain('570,000');
    const bRound = linkIn(roundMail, /^\/offer\//);

    // B's page shows the round and its own rank; it improves: 590 × 800 + 880 × 100 = 560,000.00.
    const supplier = await browser.openPage();
    await supplier.goto(bRound);
    const banner = supplier.getByRole('status').filter({ hasText: 'Round 2' });
    await banner.waitFor();
    expect(flat(await banner.innerText())).toContain('your offer currently ranks 2nd of 2');
    await offerByLink(browser.appUrl(), bRound, inquiry.lineIds, ['590', '880']);

    // A was not shortlisted: its page shows its offer but takes no revision.
    const other = await browser.openPage();
    await other.goto(aLink);
    await other.getByText('The trader has asked a shortlist of suppliers to improve their offers').waitFor();
    expect(await other.getByRole('button', { name: /Submit Offer|Update Offer/ }).count()).toBe(0);

    // The trader sees B in round 2, 16,000.00 lower than in round 1.
    const table = trader.getByRole('table', { name: 'Offers compared' });
    await table.getByText('USD 16,000.00 lower than the previous round').waitFor({ timeout: 15_000 });
    expect(await table.getByText('Round 2', { exact: true }).count()).toBe(1);
  }, 240_000);
});
