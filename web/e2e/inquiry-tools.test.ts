import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { waitForMail } from './support/inbox';
import { confirmMailbox, signUp, toast } from './support/session';

/** The widths of the Suppliers table's columns, as drawn. */
const columnWidths = (page: Page) =>
  page
    .getByRole('table', { name: 'Suppliers for this inquiry' })
    .locator('thead th')
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)));

describe('the trader’s speed tools on an inquiry', () => {
  const browser = useBrowser();

  it('when a trader copies an inquiry, then the copy opens with its details to edit, its lines and no dates', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const source = await createInquiry(page, customer.id, { agent_name: 'Harbour Agency' });
    await page.goto(`/inquiries/${source.id}`);
    await page.getByRole('heading', { name: 'MSC OSCAR' }).waitFor();

    await page.getByRole('button', { name: 'Copy as New Inquiry' }).click();
    await toast(page, 'Inquiry copied: set the dates of the new call.');
    await expect.poll(() => page.url()).toMatch(/\/inquiries\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(source.id);
    await page.getByRole('heading', { name: 'Edit Inquiry' }).waitFor();
    expect(await page.getByLabel('Vessel Name').inputValue()).toBe('MSC OSCAR');
    expect(await page.getByLabel(/^ETA/).inputValue()).toBe('');
    expect(await page.getByLabel('Agent Name').inputValue()).toBe('');
    expect(await page.getByLabel('Additional Notes').inputValue()).toBe('Barge delivery preferred.');
    const lines = page.getByRole('table', { name: 'Product requirements' });
    for (const fuel of ['VLSFO', 'MGO']) await lines.getByRole('cell', { name: fuel, exact: true }).waitFor();
    expect(await page.locator('.mantine-Badge-label', { hasText: /^draft$/ }).count()).toBe(1);

    await page.getByLabel(/^ETA/).fill('2030-12-20T08:00');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Inquiry updated successfully!');
    await page.getByText('20 Dec 2030 08:00 (Asia/Singapore)', { exact: false }).waitFor();
  });

  it('when the trader selects all suppliers and distributes, then the columns keep their widths, and the cancel dialog names whom the reason is mailed to', async () => {
    const page = await browser.openPage();
    const { email } = await signUp(page);
    await confirmMailbox(page, email);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const [port] = await apiCall<{ id: string }[]>(page, 'GET', '/api/ports/search?q=SGSIN');
    const run = crypto.randomUUID().slice(0, 8);
    const suppliers = ['Lion City Bunkers', 'Straits Marine Fuels', 'Raffles Oil Trading'].map((name, i) => ({
      name,
      email: `desk${i}.${run}@fuel.example`,
    }));
    for (const s of suppliers)
      await apiCall(page, 'POST', '/api/suppliers', {
        trading_name: s.name,
        default_email: s.email,
        port_ids: [port!.id],
      });
    const inquiry = await createInquiry(page, customer.id);
    await page.goto(`/inquiries/${inquiry.id}?tab=suppliers`);
    const table = page.getByRole('table', { name: 'Suppliers for this inquiry' });
    for (const s of suppliers) await table.getByRole('row').filter({ hasText: s.name }).waitFor();
    const before = await columnWidths(page);

    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Distribute to Selected Suppliers (3)' }).waitFor();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('button', { name: 'Distribute to Selected Suppliers (0)' }).waitFor();
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Distribute to Selected Suppliers (3)' }).click();
    await toast(page, 'Inquiry distributed successfully to 3 suppliers!');
    await expect.poll(() => table.getByText('Sent', { exact: true }).count(), { timeout: 30_000 }).toBe(3);
    expect(await columnWidths(page)).toEqual(before);
    // Everyone has it: nothing is left to select.
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Distribute to Selected Suppliers (0)' }).waitFor();

    await page.getByRole('button', { name: 'Cancel Inquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel inquiry' });
    await dialog.getByText('The reason is mailed to every supplier it went to (3 addresses):').waitFor();
    const listed = dialog.getByRole('list', { name: 'Recipients of the cancel notice' });
    for (const s of suppliers) await listed.getByText(`${s.name} · ${s.email}`).waitFor();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Reason (optional)').fill('Vessel re-routed to Port Klang');
    await dialog.getByRole('button', { name: 'Cancel Inquiry' }).click();
    await toast(page, 'Inquiry cancelled.');
    for (const s of suppliers) {
      const notice = await waitForMail(s.email, /cancel/i);
      expect(notice.text).toContain('Vessel re-routed to Port Klang');
    }
  });

  it('when a draft is cancelled, then the dialog says nobody is mailed', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const inquiry = await createInquiry(page, customer.id);
    await page.goto(`/inquiries/${inquiry.id}`);
    await page.getByRole('button', { name: 'Cancel Inquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel inquiry' });
    await dialog.getByText('It was not sent to any supplier, so nobody is mailed.').waitFor();
  });
});
