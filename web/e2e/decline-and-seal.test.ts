import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { offerByLink } from './support/offer-link';
import { confirmMailbox, signUp, toast } from './support/session';

const PHONE = { width: 375, height: 812 };
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('declines and sealed offers in the browser', () => {
  const browser = useBrowser();

  it('when the trader seals the offers, then the Offers tab shows who answered and when they open but no price and no award; a supplier declines on a phone, the Suppliers tab shows why, and with every answer in the prices show', async () => {
    const run = randomUUID().slice(0, 8);
    const offering = { name: `Keel Bunkers ${run}`, email: `keel.${run}@bunkers.example` };
    const declining = { name: `Hawser Fuels ${run}`, email: `hawser.${run}@fuels.example` };
    const trader = await browser.openPage();
    await confirmMailbox(trader, (await signUp(trader)).email);
    const customer = await createCustomer(trader, 'Nordic Tankers A/S');
    const [port] = await apiCall<{ id: string }[]>(trader, 'GET', '/api/ports/search?q=SGSIN');
    for (const s of [offering, declining])
      await apiCall(trader, 'POST', '/api/suppliers', {
        trading_name: s.name,
        default_email: s.email,
        tags: ['Singapore'],
        port_ids: [port!.id],
      });
    const inquiry = await createInquiry(trader, customer.id, { vessel_name: 'SEALED TEST' });

    // Distributed from the Suppliers tab with a reminder and the offers sealed.
    await trader.goto(`/inquiries/${inquiry.id}?tab=suppliers`);
    const pick = trader.getByRole('table', { name: 'Suppliers for this inquiry' });
    for (const s of [offering, declining]) await pick.getByLabel(`Select ${s.name}`).check();
    await trader.getByLabel(/^Remind suppliers who have not answered/).fill('60');
    await trader.getByLabel('Seal offers until the reply-by time').check();
    expect(await axeViolations(trader)).toEqual([]);
    await trader.getByRole('button', { name: 'Distribute to Selected Suppliers (2)' }).click();
    await toast(trader, 'Inquiry distributed successfully to 2 suppliers!');
    await pick.getByText('Reminder due', { exact: false }).first().waitFor({ timeout: 15_000 });

    // Before any answer the tab already says the offers are sealed, not just "No offers yet".
    await trader.goto(`/inquiries/${inquiry.id}?tab=offers`);
    const seal = trader.getByRole('status').filter({ hasText: 'Offers are sealed' });
    await seal.getByText(/0 of 2 suppliers answered/).waitFor({ timeout: 15_000 });

    const linkOf = async (email: string) => linkIn(await waitForMail(email, /^RFQ: /), /^\/offer\//);
    await offerByLink(browser.appUrl(), await linkOf(offering.email), inquiry.lineIds, ['612.50', '905.00']);

    // Sealed: one of two answered, when the prices open, who offered; no price, no award button.
    await seal.getByText(/1 of 2 suppliers answered/).waitFor({ timeout: 15_000 });
    const sealText = flat(await seal.innerText());
    expect(sealText).toMatch(/Prices open at .+\(port time\)/);
    expect(sealText).toContain(`${offering.name}: offered`);
    const offersPanel = flat(await trader.getByRole('tabpanel').innerText());
    expect(offersPanel).not.toContain('612.50');
    expect(await trader.getByRole('button', { name: /^Award This Offer/ }).count()).toBe(0);
    expect(await trader.getByRole('table', { name: 'Offers compared' }).count()).toBe(0);
    expect(await axeViolations(trader)).toEqual([]);

    // The other supplier declines on its phone, with a reason and remarks.
    const phone = await browser.openPage(PHONE);
    await phone.goto(await linkOf(declining.email));
    const section = phone.getByRole('region', { name: 'Decline to quote' });
    await section.getByRole('button', { name: 'Decline to Quote' }).click();
    await section.getByRole('textbox', { name: 'Reason' }).click();
    await section.getByRole('option', { name: 'Cannot meet the dates', exact: true }).click();
    await section.getByLabel('Remarks').fill('Our barge is in dry dock that week.');
    expect(await axeViolations(phone)).toEqual([]);
    await section.getByRole('button', { name: 'Send Decline' }).click();
    const declined = phone.getByRole('status').filter({ hasText: 'You declined to quote' });
    await declined.waitFor();
    expect(flat(await declined.innerText())).toContain(
      'Cannot meet the dates: “Our barge is in dry dock that week.”',
    );
    expect(
      await phone.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    expect(await axeViolations(phone)).toEqual([]);

    // The Suppliers tab names the decline and its reason.
    await trader.goto(`/inquiries/${inquiry.id}?tab=suppliers`);
    const row = pick.getByRole('row').filter({ hasText: declining.name });
    await row.getByText('Declined: Cannot meet the dates').waitFor({ timeout: 15_000 });
    await row.getByText('“Our barge is in dry dock that week.”').waitFor();

    // Every recipient answered: the seal lifts, the prices show and the offer can be awarded.
    await trader.goto(`/inquiries/${inquiry.id}?tab=offers`);
    const table = trader.getByRole('table', { name: 'Offers compared' });
    await table.waitFor({ timeout: 15_000 });
    expect(flat(await table.innerText())).toContain('612.50');
    expect(await trader.getByRole('status').filter({ hasText: 'Offers are sealed' }).count()).toBe(0);
    expect(
      await trader.getByRole('button', { name: `Award This Offer (${offering.name})` }).isEnabled(),
    ).toBe(true);
  }, 240_000);
});
