import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail, type InboxMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

const NOTES = 'Barge <b>only</b> & no night work.';

/** A confirmed trader's inquiry (with notes for suppliers) sent to suppliers of its own; answers their addresses. */
async function sentInquiry(trader: Page, supplierNames: string[]) {
  const { email } = await signUp(trader, 'trader', 'Harbour Fuel Brokers');
  await confirmMailbox(trader, email);
  const customer = await createCustomer(trader, 'Nordic Tankers A/S');
  const run = crypto.randomUUID().slice(0, 8);
  const suppliers = [];
  for (const [i, name] of supplierNames.entries()) {
    const address = `quotes${i}.${run}@supplier.example`;
    const { id } = await apiCall<{ id: string }>(trader, 'POST', '/api/suppliers', {
      trading_name: name,
      default_email: address,
    });
    suppliers.push({ id, email: address });
  }
  const inquiry = await createInquiry(trader, customer.id, { supplier_notes: NOTES });
  await apiCall(trader, 'POST', `/api/inquiries/${inquiry.id}/distribute`, {
    recipients: suppliers.map((s) => ({ supplier_id: s.id })),
  });
  const invitations: InboxMail[] = [];
  for (const s of suppliers) invitations.push(await waitForMail(s.email, /^RFQ: /));
  return { inquiry, suppliers, invitations };
}

/** Every mail the local inbox holds for the address whose subject matches. */
async function mailsTo(address: string, subject: RegExp): Promise<InboxMail[]> {
  const res = await fetch(`${inject('e2e').inboxUrl}/api/messages`);
  return ((await res.json()) as InboxMail[]).filter(
    (m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject),
  );
}

/** A time `days` ahead as the port (Singapore, UTC+8) reads it in a datetime-local field. */
const portInput = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16);

describe('notes for suppliers and one amendment per edit session', () => {
  const browser = useBrowser();

  it('when an inquiry has notes for suppliers, then the supplier reads them on the offer page as typed (markup shown, not run), and the trader’s form says which note goes out', async () => {
    const trader = await browser.openPage();
    const { inquiry, invitations } = await sentInquiry(trader, ['Lion City Bunkers']);
    expect(invitations[0]!.html).toContain('Barge &lt;b&gt;only&lt;/b&gt; &amp; no night work.');

    const supplier = await browser.openPage();
    await supplier.goto(new URL(linkIn(invitations[0]!, /^\/offer\/[\w-]{40,}$/)).pathname);
    const notes = supplier.getByTestId('supplier-notes');
    await notes.waitFor();
    expect(await notes.textContent()).toBe(NOTES);
    expect(await notes.locator('b').count()).toBe(0);
    expect(await supplier.getByText('Barge delivery preferred.').count()).toBe(0);

    await trader.goto(`/inquiries/${inquiry.id}`);
    await trader.getByText('Notes for Suppliers', { exact: true }).waitFor();
    await trader.getByRole('button', { name: 'Edit', exact: true }).click();
    await trader.getByText('Internal: never sent to suppliers.').waitFor();
    await trader.getByText('Shown in the invitation and on the supplier’s offer page.').waitFor();
    expect(await trader.getByLabel('Notes for Suppliers').inputValue()).toBe(NOTES);
    expect(await trader.getByLabel('Additional Notes').inputValue()).toBe('Barge delivery preferred.');
  });

  it('when the trader edits a sent inquiry twice, then nothing is mailed, the page says 2 suppliers will be told, and Send amendment mails each one amendment listing both changes', async () => {
    const trader = await browser.openPage();
    const { inquiry, suppliers } = await sentInquiry(trader, ['Lion City Bunkers', 'Straits Marine Fuels']);
    await trader.goto(`/inquiries/${inquiry.id}`);
    await trader.getByRole('heading', { name: 'MSC OSCAR' }).waitFor();

    await trader.getByRole('button', { name: 'Edit', exact: true }).click();
    await trader.getByLabel('Notes for Suppliers').fill('Barge only, daylight hours.');
    await trader.getByRole('button', { name: 'Save Changes' }).click();
    await toast(trader, 'Inquiry updated successfully!');
    await trader.getByText('2 suppliers will be told').waitFor();
    await trader.getByRole('button', { name: 'Edit', exact: true }).click();
    await trader.getByLabel(/^ETA/).fill(portInput(11));
    await trader.getByRole('button', { name: 'Save Changes' }).click();
    await toast(trader, 'Inquiry updated successfully!');
    await trader.getByText('2 changes', { exact: false }).first().waitFor();
    await trader.getByText('2 suppliers will be told').waitFor();
    // The edits mailed nobody.
    await new Promise((r) => setTimeout(r, 2000));
    for (const s of suppliers) expect(await mailsTo(s.email, /^Amended RFQ/)).toEqual([]);
    expect(await axeViolations(trader)).toEqual([]);

    await trader.getByRole('button', { name: 'Send amendment' }).click();
    const dialog = trader.getByRole('dialog', { name: 'Send amendment' });
    await dialog.getByText('2 suppliers will be told, in one mail each listing every change:').waitFor();
    await dialog.getByText(/^ETA:/).first().waitFor();
    await dialog
      .getByText(/^Notes for suppliers:/)
      .first()
      .waitFor();
    // A new ETA asks for a new reply-by.
    await dialog.getByText('New reply-by?').waitFor();
    expect(await axeViolations(trader, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel(/^New reply by/).fill(portInput(2));
    await dialog.getByLabel('Message (optional)').fill('The berth moved a day.');
    await dialog.getByRole('button', { name: 'Send Amendment' }).click();
    await toast(trader, 'Amendment sent to 2 supplier addresses.');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => trader.getByText('2 suppliers will be told').count()).toBe(0);

    for (const s of suppliers) {
      const mail = await waitForMail(s.email, /^Amended RFQ/);
      expect(mail.text).toContain('The berth moved a day.');
      expect(mail.text).toMatch(/ETA +.+ → /);
      expect(mail.text).toMatch(
        /Notes for suppliers +Barge <b>only<\/b> & no night work\. → Barge only, daylight hours\./,
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const s of suppliers) expect(await mailsTo(s.email, /^Amended RFQ/)).toHaveLength(1);
  });
});
