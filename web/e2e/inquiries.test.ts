import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IMO_MESSAGE } from '@mfd/contracts';
import { apiCall, createCustomer } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { withinViewport } from './support/geometry';
import { chooseFuel, startInquiry } from './support/inquiry-form';
import { signUp, toast } from './support/session';

const PHONE = { width: 390, height: 844 };

/** Every console error and uncaught exception the page reports from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

async function addCustomer(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Customers' }).first().click();
  await page.getByRole('button', { name: 'Add Your First Customer' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Customer' });
  await add.getByLabel('Legal Entity Name').fill(name);
  await add.getByLabel('Address').fill('Amaliegade 10, Copenhagen');
  await add.getByLabel('City').fill('Copenhagen');
  await add.getByRole('textbox', { name: 'Country' }).fill('Denmark');
  await page.getByRole('option', { name: 'Denmark (DK)' }).click();
  await add.getByLabel('General Email').fill('ops@nordic-tankers.example');
  await add.getByLabel('Main Phone').fill('+45 33 44 55 66');
  await add.getByLabel('Contact Name').fill('Mette Hansen');
  await add.getByLabel('Contact Phone').fill('+45 33 44 55 67');
  await add.getByLabel('Contact Email').fill('mette@nordic-tankers.example');
  await add.getByRole('textbox', { name: 'Main Ship Type' }).click();
  await page.getByRole('option', { name: 'Tanker', exact: true }).click();
  await add.getByRole('button', { name: 'Add Customer' }).click();
  await toast(page, 'Customer added successfully!');
}

describe('inquiries in the browser', () => {
  const browser = useBrowser();

  it('when a trader creates, edits, finds and cancels an inquiry, then every screen says so and nothing errors', async () => {
    const page = await browser.openPage();
    const errors = collectErrors(page);
    await signUp(page);
    await addCustomer(page, 'Nordic Tankers A/S');
    await startInquiry(page, 'Nordic Tankers A/S');
    await page.getByText('Customer Required').waitFor({ state: 'detached' });

    // A fresh registry knows no vessel: "Add new?" names it with its IMO.
    const vesselBox = page.getByRole('textbox', { name: 'Vessel Name & IMO' });
    await vesselBox.fill('MSC OSCAR');
    await page.getByRole('button', { name: 'Add new?' }).click();
    const vesselDialog = page.getByRole('dialog', { name: 'Add New Vessel' });
    expect(await vesselDialog.getByLabel('Vessel Name').inputValue()).toBe('MSC OSCAR');
    await vesselDialog.getByLabel('IMO Number').fill('9703292');
    await vesselDialog.getByRole('button', { name: 'Use Vessel' }).click();
    await vesselDialog.getByText(IMO_MESSAGE).waitFor();
    await vesselDialog.getByLabel('IMO Number').fill('9703291');
    await vesselDialog.getByRole('button', { name: 'Use Vessel' }).click();
    await vesselDialog.waitFor({ state: 'detached' });
    expect(await vesselBox.inputValue()).toBe('MSC OSCAR (IMO: 9703291)');

    // Singapore is UTC+8: 08:00 at the port is 00:00 UTC.
    await page.getByLabel(/^ETA/).fill('2026-12-10T08:00');
    await page.getByText('10 Dec 2026 00:00 UTC').waitFor();
    await chooseFuel(page, 1, 'VLSFO', '500', '600');
    await page.getByRole('button', { name: 'Add Fuel' }).click();
    await chooseFuel(page, 2, 'MGO', '50.5', '80');
    const created = page.waitForRequest((r) => r.url().endsWith('/api/inquiries') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Create Inquiry' }).click();
    await toast(page, 'Inquiry created successfully! Redirecting to supplier selection...');
    const body = (await created).postDataJSON() as {
      vessel_name: string;
      imo: string;
      eta: string;
      products: unknown[];
    };
    expect(body).toMatchObject({ vessel_name: 'MSC OSCAR', imo: '9703291', eta: '2026-12-10T00:00:00.000Z' });
    expect(body.products).toHaveLength(2);
    // "Redirecting to supplier selection": the new inquiry opens on its Suppliers tab.
    await page.waitForURL(/\/inquiries\/[0-9a-f-]{36}\?tab=suppliers$/, { timeout: 5_000 });
    await page.getByRole('tab', { name: 'Suppliers', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.waitForURL(/\/inquiries\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();

    // The detail gives the port's time and the UTC instant.
    await page.getByRole('heading', { name: 'MSC OSCAR' }).waitFor();
    await page.getByText('10 Dec 2026 08:00 (Asia/Singapore) · 10 Dec 2026 00:00 UTC').waitFor();
    await page.getByRole('tab', { name: 'Suppliers' }).waitFor();
    await page.getByRole('tab', { name: 'Offers (0)' }).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const eta = page.getByLabel(/^ETA/);
    expect(await eta.inputValue()).toBe('2026-12-10T08:00');
    await eta.fill('2026-12-11T14:30');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Inquiry updated successfully!');
    await page.getByText('11 Dec 2026 14:30 (Asia/Singapore) · 11 Dec 2026 06:30 UTC').waitFor();

    // Product lines: one edited in place, the other deleted, a new one added.
    const lines = page.getByRole('table', { name: 'Product requirements' });
    await page.getByRole('button', { name: 'Edit VLSFO' }).click();
    await lines.getByLabel('Max Quantity (MT)').fill('650');
    await lines.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Product updated successfully!');
    await lines.getByRole('cell', { name: '650', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete MGO' }).click();
    await page
      .getByRole('dialog', { name: 'Delete product' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Product deleted successfully!');
    await lines.getByRole('cell', { name: 'MGO', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Product' }).click();
    await lines.getByRole('textbox', { name: 'Fuel Type' }).click();
    await page.getByRole('option', { name: 'HSFO', exact: true }).click();
    await lines.getByLabel('Min Quantity (MT)').fill('100');
    await lines.getByLabel('Max Quantity (MT)').fill('200.5');
    await lines.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Product added successfully!');
    await lines.getByRole('cell', { name: 'HSFO', exact: true }).waitFor();

    // The list shows the row with its products; search and status filter narrow it.
    await page.getByRole('link', { name: 'All inquiries' }).click();
    const table = page.getByRole('table', { name: 'Inquiries' });
    const row = table.getByRole('row').filter({ hasText: 'MSC OSCAR' });
    // The list shows its cached page at once and then what the edits left: wait for the refetch.
    await expect.poll(() => row.innerText(), { timeout: 5_000 }).toContain('VLSFO 500–650 MT');
    const rowText = await row.innerText();
    for (const part of [
      'IMO 9703291',
      'Nordic Tankers A/S',
      'Singapore',
      '11 Dec 2026 14:30 (UTC+8)',
      'VLSFO 500–650 MT',
      'HSFO 100–200.5 MT',
    ]) {
      expect(rowText).toContain(part);
    }
    expect(rowText).not.toContain('MGO');
    expect(await row.locator('.mantine-Badge-label').textContent()).toBe('draft');
    const search = page.getByLabel('Search inquiries');
    await search.fill('zzqx');
    await page.getByText('No inquiries found').waitFor();
    await search.fill('oscar');
    await row.waitFor();
    await search.fill('');
    await page.getByRole('textbox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.getByText('No inquiries found').waitFor();
    await page.getByRole('textbox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await row.waitFor();

    // Cancelled from the detail, the inquiry becomes read-only.
    await row.getByRole('link', { name: 'View details of MSC OSCAR' }).click();
    expect(page.url()).toBe(detailUrl);
    await page.getByRole('button', { name: 'Cancel Inquiry' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel inquiry' });
    await confirm.getByLabel('Reason (optional)').fill('Vessel went elsewhere');
    await confirm.getByRole('button', { name: 'Cancel Inquiry' }).click();
    await toast(page, 'Inquiry cancelled.');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('This inquiry is cancelled and can no longer be changed.').waitFor();
    await page.getByRole('tabpanel', { name: 'Details' }).getByText('Vessel went elsewhere').waitFor();
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Product' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel Inquiry' }).count()).toBe(0);

    expect(errors).toEqual([]);
  });

  it('when the customer is added from its box and the vessel typed as "name (IMO: number)", then both reach the inquiry', async () => {
    const page = await browser.openPage();
    const errors = collectErrors(page);
    await signUp(page);
    await page.getByRole('link', { name: 'Inquiries' }).first().click();
    await page.getByRole('link', { name: 'Create New Inquiry' }).first().click();
    await page.getByRole('heading', { name: 'Create New Inquiry' }).waitFor();
    // No port yet: the times say whose clock they wait for instead of claiming UTC.
    expect(await page.getByText('Optional · choose the port first').count()).toBe(3);
    await page.getByRole('textbox', { name: 'Customer', exact: true }).fill('Baltic Bunker Buyers');
    await page.getByRole('button', { name: 'Add new?' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Customer' });
    expect(await add.getByLabel('Legal Entity Name').inputValue()).toBe('Baltic Bunker Buyers');
    await add.getByLabel('Address').fill('Strandvejen 1, Aarhus');
    await add.getByLabel('City').fill('Aarhus');
    await add.getByRole('textbox', { name: 'Country' }).fill('Denmark');
    await page.getByRole('option', { name: 'Denmark (DK)' }).click();
    await add.getByLabel('General Email').fill('ops@baltic-bunker.example');
    await add.getByLabel('Main Phone').fill('+45 33 44 55 66');
    await add.getByLabel('Contact Name').fill('Lars Berg');
    await add.getByLabel('Contact Phone').fill('+45 33 44 55 67');
    await add.getByLabel('Contact Email').fill('lars@baltic-bunker.example');
    await add.getByRole('textbox', { name: 'Main Ship Type' }).click();
    await page.getByRole('option', { name: 'Tanker', exact: true }).click();
    await add.getByRole('button', { name: 'Add Customer' }).click();
    await toast(page, 'Customer added successfully!');
    await page.getByText('Customer Required').waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: 'Customer', exact: true }).inputValue()).toBe(
      'Baltic Bunker Buyers',
    );

    await page.getByRole('textbox', { name: 'Port', exact: true }).fill('Singapore');
    await page.getByRole('option', { name: /Singapore \(SGSIN\)/ }).click();
    await page.getByText('Optional · Asia/Singapore').first().waitFor();
    await page.getByRole('textbox', { name: 'Vessel Name & IMO' }).fill('Ever Given (IMO: 9811000)');
    await chooseFuel(page, 1, 'HSFO', '300', '300');
    const created = page.waitForRequest((r) => r.url().endsWith('/api/inquiries') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Create Inquiry' }).click();
    expect((await created).postDataJSON()).toMatchObject({
      vessel_name: 'Ever Given',
      imo: '9811000',
      eta: null,
    });
    await page.waitForURL(/\/inquiries\/[0-9a-f-]{36}\?tab=suppliers$/, { timeout: 5_000 });
    await page.getByText('IMO 9811000 · Singapore · Baltic Bunker Buyers').waitFor();
    expect(errors).toEqual([]);
  });

  it('when the id is unknown, then the page says Inquiry not found', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.goto(`/inquiries/${randomUUID()}`);
    await page.getByText('Inquiry not found').waitFor();
    await page.getByRole('link', { name: 'Back to Inquiries' }).waitFor();
  });

  it('when the create form, the detail and its edit modes are shown, then axe finds no violations', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    await page.goto('/inquiries');
    const found: Record<string, string[]> = {};
    found.list = await axeViolations(page);
    await page.getByRole('link', { name: 'Create New Inquiry' }).first().click();
    await page.getByText('Customer Required').waitFor();
    found.form = await axeViolations(page);

    const [port] = await apiCall<{ id: string }[]>(page, 'GET', '/api/ports/search?q=SGSIN');
    const created = await apiCall<{ id: string }>(page, 'POST', '/api/inquiries', {
      customer_company_id: customer.id,
      port_id: port!.id,
      vessel_name: 'MSC OSCAR',
      imo: '9703291',
      eta: '2026-12-10T00:00:00.000Z',
      products: [{ product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 600 }],
    });
    await page.goto(`/inquiries/${created.id}`);
    await page.getByRole('heading', { name: 'MSC OSCAR' }).waitFor();
    found.detail = await axeViolations(page);
    await page.getByRole('button', { name: 'Edit VLSFO' }).click();
    await page.getByRole('button', { name: 'Add Product' }).click();
    // The product lines, their buttons included, are read without scrolling sideways.
    const lines = page.getByRole('table', { name: 'Product requirements' });
    expect(await lines.evaluate((table) => table.getBoundingClientRect().right <= window.innerWidth)).toBe(
      true,
    );
    for (const button of ['Edit VLSFO', 'Delete VLSFO']) {
      const locator = page.getByRole('button', { name: button });
      await locator.scrollIntoViewIfNeeded();
      expect(await withinViewport(locator)).toBe(true);
    }
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    found.editing = await axeViolations(page);
    await page.goto('/inquiries');
    await page.getByRole('table', { name: 'Inquiries' }).waitFor();
    found.listWithRow = await axeViolations(page);
    expect(found).toEqual({ list: [], form: [], detail: [], editing: [], listWithRow: [] });
  });

  it('on a phone, then the create form and the detail fit the screen', async () => {
    const page = await browser.openPage(PHONE);
    const errors = collectErrors(page);
    await signUp(page);
    // The menu is folded away on a phone; the customer is set up through the API.
    await createCustomer(page, 'Nordic Tankers A/S');
    await page.goto('/inquiries');
    await startInquiry(page, 'Nordic Tankers A/S');
    await page.getByRole('textbox', { name: 'Vessel Name & IMO' }).fill('MSC OSCAR (IMO: 9703291)');
    await chooseFuel(page, 1, 'VLSFO', '500', '600');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Create Inquiry' }).click();
    await page.waitForURL(/\/inquiries\/[0-9a-f-]{36}\?tab=suppliers$/, { timeout: 5_000 });
    await page.getByRole('heading', { name: 'MSC OSCAR' }).waitFor();
    await page.getByRole('tab', { name: 'Suppliers', selected: true }).waitFor();
    expect(await fits()).toBe(true);
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('table', { name: 'Product requirements' }).waitFor();
    expect(await fits()).toBe(true);
    // The product lines, their buttons included, are read without scrolling sideways.
    const lines = page.getByRole('table', { name: 'Product requirements' });
    expect(await lines.evaluate((table) => table.getBoundingClientRect().right <= window.innerWidth)).toBe(
      true,
    );
    for (const button of ['Edit VLSFO', 'Delete VLSFO']) {
      const locator = page.getByRole('button', { name: button });
      await locator.scrollIntoViewIfNeeded();
      expect(await withinViewport(locator)).toBe(true);
    }
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await fits()).toBe(true);
    expect(errors).toEqual([]);
  });
});
