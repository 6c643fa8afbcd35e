import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

describe('a desk as a team in the browser', () => {
  const browser = useBrowser();

  it('an admin invites a colleague, who joins through the mail’s link; both see the same inquiry and the admin hands it over', async () => {
    const admin = await browser.openPage();
    const { email: adminEmail } = await signUp(admin, 'admin', 'Nordic Bunkers');
    await confirmMailbox(admin, adminEmail);

    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Team' }).click();
    await admin.getByRole('button', { name: 'Invite colleague' }).click();
    const colleague = `colleague.${randomUUID().slice(0, 8)}@example.com`;
    const dialog = admin.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByLabel('Email').fill(colleague);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${colleague}.`);
    await admin.getByRole('table', { name: 'Pending invitations' }).getByText(colleague).waitFor();

    const mail = await waitForMail(colleague, /invites you to join Nordic Bunkers/);
    expect(mail.text).toContain('Ada Admin');
    const link = new URL(linkIn(mail, /^\/join$/));

    const trader = await browser.openPage();
    await trader.goto(`${link.pathname}${link.search}`);
    await trader.getByRole('heading', { name: 'Join Nordic Bunkers' }).waitFor({ timeout: 15_000 });
    await trader.getByRole('button', { name: 'Join Nordic Bunkers' }).click();
    await trader.getByText('First name is required').waitFor();
    await trader.getByLabel('First Name').fill('Tom');
    await trader.getByLabel('Last Name').fill('Hansen');
    await trader.getByLabel(/^Password/).fill('correct-horse-9');
    await trader.getByLabel('Confirm Password').fill('correct-horse-8');
    await trader.getByRole('button', { name: 'Join Nordic Bunkers' }).click();
    await trader.getByText('Passwords do not match').waitFor();
    await trader.getByLabel('Confirm Password').fill('correct-horse-9');
    await trader.getByRole('button', { name: 'Join Nordic Bunkers' }).click();
    await trader.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });

    // The admin's inquiry: the whole desk sees it, its owner has it under My inquiries.
    const customer = await createCustomer(admin, 'Nordic Tankers A/S');
    const inquiry = await createInquiry(admin, customer.id, { vessel_name: 'MAERSK TEAMWORK' });
    await trader.goto('/inquiries');
    await trader.getByText('No inquiries of yours yet').waitFor();
    await trader.getByRole('tab', { name: 'All inquiries' }).click();
    const row = trader.getByRole('row').filter({ hasText: 'MAERSK TEAMWORK' });
    await row.getByText('Ada Admin').waitFor();

    await admin.goto(`/inquiries/${inquiry.id}`);
    await admin.getByRole('textbox', { name: 'Owner' }).click();
    await admin.getByRole('option', { name: 'Tom Hansen' }).click();
    await toast(admin, 'The inquiry is now Tom Hansen’s.');

    await trader.goto('/inquiries');
    await trader.getByRole('row').filter({ hasText: 'MAERSK TEAMWORK' }).getByText('Tom Hansen').waitFor();
    await trader.goto(`/inquiries/${inquiry.id}?tab=timeline`);
    await trader.getByText('Ada Admin handed the inquiry over from Ada Admin to Tom Hansen').waitFor();
    const members = await apiCall<{ email: string }[]>(trader, 'GET', '/api/company/members');
    expect(members.map((m) => m.email).sort()).toEqual([adminEmail, colleague].sort());
  });
});
