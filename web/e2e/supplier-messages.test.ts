import { describe, expect, inject, it } from 'vitest';
import { deliver } from '../../services/mailer/test/inbound-fixtures';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { useBrowser } from './support/browser';
import { waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

describe("a supplier's reply by e-mail", () => {
  const browser = useBrowser();

  it('when the supplier answers the invitation, then the Messages tab shows the reply with an unread badge that clears, the trader has a copy, and "Record as Offer" fills in its prices', async () => {
    const page = await browser.openPage();
    const { email } = await signUp(page);
    await confirmMailbox(page, email);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const [port] = await apiCall<{ id: string }[]>(page, 'GET', '/api/ports/search?q=SGSIN');
    const address = `sales.${crypto.randomUUID().slice(0, 8)}@harbour.example`;
    await apiCall(page, 'POST', '/api/suppliers', {
      trading_name: 'Harbour Fuels',
      default_email: address,
      port_ids: [port!.id],
    });
    const inquiry = await createInquiry(page, customer.id);
    await page.goto(`/inquiries/${inquiry.id}?tab=suppliers`);
    await page.getByRole('checkbox', { name: 'Select Harbour Fuels' }).check();
    await page.getByRole('button', { name: 'Distribute to Selected Suppliers (1)' }).click();
    await toast(page, 'Inquiry distributed successfully to 1 supplier!');

    // The supplier answers the invitation in its mail program: the reply goes to the signed Reply-To.
    const invitation = await waitForMail(address);
    expect(invitation.reply_to).toMatch(/^r-[a-z2-7]+@replies\.marinefuel\.local$/);
    await deliver(inject('e2e').inboundSmtpPort, {
      from: `Anna Berg <${address}>`,
      to: invitation.reply_to!,
      subject: `Re: ${invitation.subject}`,
      text: 'Dear Sir,\ncan do 598 for VLSFO, MGO not available.\nBest regards, Anna',
    });
    const copy = await waitForMail(email, /^Harbour Fuels replied:/, 30_000);
    expect(copy.reply_to).toBe(address);
    expect(copy.text).toContain('can do 598 for VLSFO, MGO not available.');

    await page.goto(`/inquiries/${inquiry.id}`);
    const tab = page.getByRole('tab', { name: /^Messages/ });
    await expect.poll(() => tab.textContent(), { timeout: 30_000 }).toBe('Messages1');
    await tab.click();
    const message = page.getByRole('article', { name: 'Message from Harbour Fuels' });
    await message.getByText('can do 598 for VLSFO, MGO not available.', { exact: false }).waitFor();
    await message.getByText(`Anna Berg <${address}>`, { exact: false }).waitFor();
    // Seen is read: the badge goes.
    await expect.poll(() => tab.textContent(), { timeout: 15_000 }).toBe('Messages');
    // The message keeps its "New" mark while the trader is looking at it.
    await message.getByText('New', { exact: true }).waitFor();

    await message.getByRole('button', { name: 'Record as Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Offer' });
    await dialog
      .getByText(
        'Filled in from the reply of Harbour Fuels: VLSFO 598, MGO not available. Check each figure before recording.',
      )
      .waitFor();
    expect(await dialog.getByLabel('Price (USD/MT) for VLSFO').inputValue()).toBe('598');
    expect(await dialog.getByLabel('Price (USD/MT) for MGO').inputValue()).toBe('');
    expect(await dialog.getByRole('textbox', { name: 'Supplier' }).inputValue()).toContain('Harbour Fuels');
    // A helper, never an offer by itself: nothing was recorded.
    const offers = await apiCall<unknown[]>(page, 'GET', `/api/inquiries/${inquiry.id}/offers`);
    expect(offers).toHaveLength(0);
  });
});
