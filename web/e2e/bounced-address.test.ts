import { describe, expect, inject, it } from 'vitest';
import { deliver, deliveryReport } from '../../services/mailer/test/inbound-fixtures';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { useBrowser } from './support/browser';
import { waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

describe('a supplier address that bounced', () => {
  const browser = useBrowser();

  it('when the invitation bounces, then the Suppliers tab says so with the server answer, and sending to the address again asks first', async () => {
    const page = await browser.openPage();
    const { email } = await signUp(page);
    await confirmMailbox(page, email);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const [port] = await apiCall<{ id: string }[]>(page, 'GET', '/api/ports/search?q=SGSIN');
    const address = `gone.${crypto.randomUUID().slice(0, 8)}@fuel.example`;
    await apiCall(page, 'POST', '/api/suppliers', {
      trading_name: 'Gone Bunkers',
      default_email: address,
      port_ids: [port!.id],
    });
    const inquiry = await createInquiry(page, customer.id);
    await page.goto(`/inquiries/${inquiry.id}?tab=suppliers`);
    const table = page.getByRole('table', { name: 'Suppliers for this inquiry' });
    await page.getByRole('checkbox', { name: 'Select Gone Bunkers' }).check();
    await page.getByRole('button', { name: 'Distribute to Selected Suppliers (1)' }).click();
    await toast(page, 'Inquiry distributed successfully to 1 supplier!');
    await table.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });

    // The supplier's server answers the invitation's own bounce address (its Return-Path).
    const invitation = await waitForMail(address);
    expect(invitation.envelope_from).toMatch(/^b-[a-z2-7]+@bounces\.marinefuel\.local$/);
    await deliver(inject('e2e').inboundSmtpPort, {
      envelope: { from: '', to: [invitation.envelope_from] },
      raw: deliveryReport(invitation.envelope_from, address),
    });

    await expect
      .poll(
        async () => {
          await page.reload();
          await table
            .getByRole('row')
            .filter({ hasText: 'Gone Bunkers' })
            .getByText(/^(Sent|Bounced)$/)
            .waitFor();
          return table.getByText('bounced: 550 5.1.1 user unknown').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await table.getByText('Bounced', { exact: true }).waitFor();
    await table.getByText(/^This address bounced on .+: mail to it may not arrive$/).waitFor();

    // Resending to the bounced address asks first; Cancel sends nothing.
    await page.getByRole('button', { name: `Resend to ${address}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to an address that bounced?' });
    await dialog.getByText(address).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await table.getByText('bounced: 550 5.1.1 user unknown').waitFor();

    // A later inquiry to the same supplier warns before it goes, and goes when the trader says so,
    // with the trader's copy asked for.
    const next = await createInquiry(page, customer.id, { vessel_name: 'MAERSK ESSEN' });
    await page.goto(`/inquiries/${next.id}?tab=suppliers`);
    await table.getByText(/^This address bounced on /).waitFor();
    await page.getByRole('checkbox', { name: 'Select Gone Bunkers' }).check();
    await page.getByLabel('Send me a copy of each invitation (Cc)').check();
    await page.getByRole('button', { name: 'Distribute to Selected Suppliers (1)' }).click();
    await dialog.getByText(address).waitFor();
    await dialog.getByRole('button', { name: 'Send anyway' }).click();
    await toast(page, 'Inquiry distributed successfully to 1 supplier!');
    const copy = await waitForMail(address, /MAERSK ESSEN/);
    expect(copy.envelope_to).toEqual([address, email]);
    expect(copy.envelope_from).not.toBe(invitation.envelope_from);
  });
});
