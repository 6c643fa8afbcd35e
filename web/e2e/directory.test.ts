import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PORTS } from '@mfd/contracts';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { signInAsOperator } from './support/operator';
import { signUp, toast } from './support/session';

const FIXTURE = resolve(
  import.meta.dirname,
  '../../services/directory/test/fixtures/unlocode/code-list-sample.csv',
);

describe('directory screens in the browser', () => {
  const browser = useBrowser();

  it('adds, edits and deletes a customer', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.getByText('No customers found').waitFor();
    await page.getByRole('button', { name: 'Add Your First Customer' }).click();

    const add = page.getByRole('dialog', { name: 'Add New Customer' });
    await add.getByLabel('Legal Entity Name').fill('Nordic Tankers A/S');
    await add.getByLabel('Address').fill('Amaliegade 10, Copenhagen');
    // Add asks for the city and country that Edit requires, so editing later asks nothing new.
    await add.getByLabel('City').fill('Copenhagen');
    await add.getByRole('textbox', { name: 'Country' }).fill('Denmark');
    await page.getByRole('option', { name: 'Denmark (DK)' }).click();
    await add.getByLabel('General Email').fill('ops@nordic-tankers.example');
    // Kept as typed, grouping and all.
    await add.getByLabel('Main Phone').fill('+45 3344 5566');
    await add.getByLabel('Contact Name').fill('Mette Hansen');
    await add.getByLabel('Contact Phone').fill('+45 33 44 55 67');
    await add.getByLabel('Contact Email').fill('mette@nordic-tankers.example');
    await add.getByRole('button', { name: 'Add Customer' }).click();
    // The ship type is required on create: the form says so before anything is sent.
    await add.getByText('Main ship type is required').waitFor();
    await add.getByRole('textbox', { name: 'Main Ship Type' }).click();
    await page.getByRole('option', { name: 'Tanker', exact: true }).click();
    await add.getByRole('button', { name: 'Add Customer' }).click();
    await toast(page, 'Customer added successfully!');
    const table = page.getByRole('table', { name: 'Customer directory' });
    await table.getByText('Nordic Tankers A/S').waitFor();
    expect(await page.getByLabel('Total Customers').innerText()).toContain('1');

    await table.getByText('+45 3344 5566').waitFor();

    // Editing asks for nothing more than adding did: the new phone alone is saved.
    await page.getByRole('button', { name: 'Edit Nordic Tankers A/S' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await edit.getByLabel('Brand Name').fill('NT Shipping');
    await edit.getByLabel('Primary Phone').fill('+45 70 20 30 40');
    const saved = page.waitForRequest((r) => r.url().includes('/api/customers/') && r.method() !== 'GET');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Customer updated successfully!');
    // The dialog changes the fields it shows and keeps the rest.
    expect((await saved).method()).toBe('PATCH');
    await table.getByText('NT Shipping').waitFor();
    await table.getByText('Denmark').waitFor();
    await table.getByText('+45 70 20 30 40').waitFor();

    await page.getByRole('button', { name: 'Delete Nordic Tankers A/S' }).click();
    await page
      .getByText('Are you sure you want to delete Nordic Tankers A/S? This action cannot be undone.')
      .waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Customer deleted successfully');
    await page.getByText('No customers found').waitFor();
  });

  it('adds a supplier, then edits it with a contact and a port found by the search box', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.getByRole('link', { name: 'Suppliers' }).first().click();
    const form = page.getByRole('region', { name: 'Add New Supplier' });
    await form.getByLabel('Trading Name').fill('Lion City Bunkering');
    await form.getByLabel('Email').fill('trading@lioncity.example');
    await form.getByRole('button', { name: 'Add Supplier' }).click();
    await toast(page, 'Supplier created successfully!');
    const table = page.getByRole('table', { name: 'Suppliers' });
    await table.getByText('Lion City Bunkering').waitFor();
    expect(await table.getByText('General').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Edit Lion City Bunkering' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Lion City Bunkering' });
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByLabel('Contact Name').fill('Tan Wei Ming');
    await dialog.getByLabel('Contact Email').fill('weiming@lioncity.example');
    const portSearch = dialog.getByLabel('Add a port');
    await portSearch.fill('zzqx');
    // The page's own Add form has a port box too, its (empty) result list hidden.
    await page.getByText('No results found.').filter({ visible: true }).waitFor();
    await page.getByRole('button', { name: 'Add new?' }).click();
    // "Add new?" opens the Add New Port dialog with the text typed so far.
    const portDialog = page.getByRole('dialog', { name: 'Add New Port' });
    expect(await portDialog.getByLabel('Port Name').inputValue()).toBe('zzqx');
    await portDialog.getByRole('button', { name: 'Cancel' }).click();
    await portSearch.fill('singapore');
    await page.getByRole('option', { name: /Singapore \(SGSIN\)/ }).click();
    await dialog.getByText('SGSIN Singapore').waitFor();
    const saved = page.waitForRequest((r) => r.url().includes('/api/suppliers/') && r.method() !== 'GET');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Supplier updated successfully!');
    // PATCH: what the dialog does not show (e.g. default for ports) is kept.
    expect((await saved).method()).toBe('PATCH');
    expect(Object.keys((await saved).postDataJSON() as object)).not.toContain('is_default_for_ports');
    await table.getByRole('cell', { name: 'SGSIN' }).waitFor();
  });

  it('adds a supplier with the ports it covers, from the same picker as Edit', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.getByRole('link', { name: 'Suppliers' }).first().click();
    const form = page.getByRole('region', { name: 'Add New Supplier' });
    await form.getByLabel('Trading Name').fill('Maas Bunkers');
    await form.getByLabel('Email').fill('desk@maas.example');
    await form.getByLabel('Phone').fill('+31 10 440-5566');
    const portSearch = form.getByLabel('Add a port');
    await portSearch.fill('rotterdam');
    await page.getByRole('option', { name: /Rotterdam \(NLRTM\)/ }).click();
    await portSearch.fill('singapore');
    await page.getByRole('option', { name: /Singapore \(SGSIN\)/ }).click();
    await form.getByText('NLRTM Rotterdam').waitFor();
    await form.getByRole('button', { name: 'Remove SGSIN' }).click();
    // A port not listed yet is added from the box; that dialog's own submit leaves this form alone.
    const code = `NLQ${String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26))}`;
    await portSearch.fill('Maasvlakte Buoy');
    await page.getByRole('button', { name: 'Add new?' }).click();
    const portDialog = page.getByRole('dialog', { name: 'Add New Port' });
    await portDialog.getByLabel('UN/LOCODE').fill(code);
    await portDialog.getByLabel('Country').fill('NL');
    await portDialog.getByRole('button', { name: 'Add Port' }).click();
    await portDialog.waitFor({ state: 'detached' });
    await form.getByText(`${code} Maasvlakte Buoy`).waitFor();
    expect(await form.getByLabel('Trading Name').inputValue()).toBe('Maas Bunkers');
    await form.getByRole('button', { name: 'Add Supplier' }).click();
    await toast(page, 'Supplier created successfully!');

    const row = page
      .getByRole('table', { name: 'Suppliers' })
      .getByRole('row')
      .filter({ hasText: 'Maas Bunkers' });
    await row.getByText(`${code}, NLRTM`).waitFor();
    expect(await row.getByText('SGSIN').count()).toBe(0);
    // The form is empty again, its ports included; the Edit dialog shows the ports the Add form took.
    expect(await form.getByText('NLRTM Rotterdam').count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Maas Bunkers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Maas Bunkers' });
    await dialog.getByText('NLRTM Rotterdam').waitFor();
    expect(await dialog.getByLabel('Phone', { exact: true }).inputValue()).toBe('+31 10 440-5566');
  });

  it('lets a platform operator approve in Admin › Ports a port a company added, which only that company saw until then', async () => {
    const code = `NLQ${String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26))}`;
    const searchPorts = async (page: Page) => {
      await page.getByRole('link', { name: 'Admin' }).first().click();
      await page.getByRole('tab', { name: 'Ports' }).click();
      await page.getByLabel('Search ports').fill(code);
      return page.getByRole('table', { name: 'Ports' });
    };

    const owner = await browser.openPage();
    await signUp(owner, 'admin');
    await owner.getByRole('link', { name: 'Admin' }).first().click();
    await owner.getByRole('tab', { name: 'Ports' }).click();
    await owner.getByRole('button', { name: 'Add Port' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add New Port' });
    await dialog.getByLabel('UN/LOCODE').fill(code);
    await dialog.getByLabel('Port Name').fill('Moerdijk Buoy');
    await dialog.getByLabel('Country').fill('NL');
    await dialog.getByRole('button', { name: 'Add Port' }).click();
    await toast(owner, 'Only your company sees it until a platform operator approves it.');
    const ownList = await searchPorts(owner);
    await ownList.getByText('Pending approval').waitFor();

    const other = await browser.openPage();
    await signUp(other, 'admin');
    await (await searchPorts(other)).getByText(`No ports match "${code}".`).waitFor();

    const operator = await browser.openPage();
    await signInAsOperator(operator);
    await operator.getByRole('link', { name: 'Admin' }).first().click();
    await operator.getByRole('tab', { name: 'Ports' }).click();
    const review = operator.getByRole('table', { name: 'Ports awaiting approval' });
    const row = review.getByRole('row').filter({ hasText: code });
    await row.getByText('Moerdijk Buoy').waitFor();
    expect(await axeViolations(operator)).toEqual([]);
    await operator.getByRole('button', { name: `Approve ${code} Moerdijk Buoy` }).click();
    await toast(operator, 'Port approved: every company now sees it.');
    await row.waitFor({ state: 'detached' });
    // The vessels companies named await the same review, in their own tab.
    await operator.getByRole('tab', { name: 'Vessels' }).click();
    await operator
      .getByRole('table', { name: 'Vessels awaiting confirmation' })
      .or(operator.getByText('No vessels await confirmation', { exact: false }))
      .waitFor();
    expect(await axeViolations(operator)).toEqual([]);

    await other.reload();
    const shared = await searchPorts(other);
    await shared.getByRole('cell', { name: code }).waitFor();
    expect(await shared.getByText('Pending approval').count()).toBe(0);
  });

  it('adds a port with UN/LOCODE auto-fill and an inline new supplier', async () => {
    const page = await browser.openPage();
    await signUp(page, 'admin');
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.getByRole('tab', { name: 'Ports' }).click();
    await page.getByRole('button', { name: 'Add Port' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Port' });

    await dialog.getByLabel('UN/LOCODE').fill('sgs');
    await dialog.getByRole('button', { name: 'Auto-fill' }).click();
    await dialog.getByText('Please enter a valid 5-character UN/LOCODE (e.g., SGSIN).').waitFor();
    await dialog.getByLabel('UN/LOCODE').fill('zzzzz');
    await dialog.getByRole('button', { name: 'Auto-fill' }).click();
    await dialog
      .getByText('UN/LOCODE ZZZZZ not found in our database. Please enter details manually.')
      .waitFor();
    await dialog.getByLabel('UN/LOCODE').fill('sgsin');
    await dialog.getByRole('button', { name: 'Auto-fill' }).click();
    await dialog.getByText('A port with UN/LOCODE SGSIN already exists (Singapore).').waitFor();
    expect(await dialog.getByLabel('Port Name').inputValue()).toBe('Singapore');
    expect(await dialog.getByLabel('Country').inputValue()).toBe('SG');

    // Singapore is already listed; the user records the neighbouring terminal instead.
    await dialog.getByLabel('UN/LOCODE').fill('SGJUR');
    await dialog.getByLabel('Port Name').fill('Jurong Island');
    await dialog.getByLabel('New Supplier Trading Name').fill('Jurong Marine Fuels');
    await dialog.getByLabel('New Supplier Email').fill('ops@jurong-fuels.example');
    await dialog.getByRole('button', { name: 'Add Port' }).click();
    await toast(
      page,
      'Port added successfully! 1 suppliers linked to this port (including 1 new supplier). Only your company sees it until a platform operator approves it.',
    );

    await page.getByLabel('Search ports').fill('jurong');
    await page.getByRole('table', { name: 'Ports' }).getByText('SGJUR').waitFor();
    await page.getByRole('tab', { name: 'Suppliers' }).click();
    await page.getByRole('table', { name: 'Suppliers' }).getByText('Jurong Marine Fuels').waitFor();
  });

  it('takes back what a port lookup filled in when the next lookup fails, and says at once that a port exists', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.getByRole('link', { name: 'Suppliers' }).first().click();
    const form = page.getByRole('region', { name: 'Add New Supplier' });
    await form.getByLabel('Trading Name').fill('Straits Bunkering');
    await form.getByLabel('Email').fill('desk@straits.example');
    await form.getByRole('button', { name: 'Add Supplier' }).click();
    await toast(page, 'Supplier created successfully!');
    await page.getByRole('button', { name: 'Edit Straits Bunkering' }).click();
    await page.getByRole('dialog', { name: 'Edit Straits Bunkering' }).getByLabel('Add a port').fill('zzqx');
    await page.getByRole('button', { name: 'Add new?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Port' });
    const code = dialog.getByLabel('UN/LOCODE');
    const filled = async () =>
      Promise.all(
        ['Port Name', 'Country', 'Latitude', 'Longitude'].map((label) =>
          dialog.getByLabel(label).inputValue(),
        ),
      );

    // Empty required fields say so, in the spec's words.
    await dialog.getByLabel('Port Name').fill('');
    await dialog.getByRole('button', { name: 'Add Port' }).click();
    await dialog.getByText('UN/LOCODE is required').waitFor();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Country is required').waitFor();
    expect(await dialog.getByText('Country must be a 2-letter ISO country code').count()).toBe(0);

    const lookUp = async (text: string, message: string) => {
      await code.fill(text);
      await dialog.getByRole('button', { name: 'Auto-fill' }).click();
      await dialog.getByText(message).waitFor();
    };
    await lookUp('sgsin', 'A port with UN/LOCODE SGSIN already exists (Singapore).');
    expect(await filled()).toEqual(['Singapore', 'SG', '1.2833', '103.8333']);
    // Adding it anyway is stopped in the form, not sent to end in a 409.
    await dialog.getByRole('button', { name: 'Add Port' }).click();
    await dialog.getByText('A port with UN/LOCODE SGSIN already exists', { exact: true }).waitFor();

    await lookUp('ZZZZZ', 'UN/LOCODE ZZZZZ not found in our database. Please enter details manually.');
    expect(await filled()).toEqual(['', '', '', '']);
    await lookUp('SGSIN', 'A port with UN/LOCODE SGSIN already exists (Singapore).');
    await lookUp('SGS', 'Please enter a valid 5-character UN/LOCODE (e.g., SGSIN).');
    expect(await filled()).toEqual(['', '', '', '']);

    // What the user typed over a hit stays when a later lookup fails.
    await lookUp('SGSIN', 'A port with UN/LOCODE SGSIN already exists (Singapore).');
    await dialog.getByLabel('Port Name').fill('Jurong Island');
    await lookUp('SGQXZ', 'UN/LOCODE SGQXZ not found in our database. Please enter details manually.');
    expect(await filled()).toEqual(['Jurong Island', '', '', '']);
  });

  it('says which empty customer fields are required', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.getByRole('button', { name: 'Add Your First Customer' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Customer' });
    await add.getByRole('button', { name: 'Add Customer' }).click();
    for (const message of [
      'Legal entity name is required',
      'City is required',
      'Country is required',
      'Main phone is required',
      'Contact phone is required',
      'Main ship type is required',
    ]) {
      await add.getByText(message).waitFor();
    }
    expect(await add.getByText(/must be a valid phone number|must be one of/).count()).toBe(0);
  });

  it('imports the UN/LOCODE sample as a platform operator and shows the counts', async () => {
    const content = readFileSync(FIXTURE, 'utf8');
    const rows = content.trim().split('\n').slice(1);
    const ports = rows.filter((r) => {
      const cells = r.split('","');
      return cells[0] !== '"X' && cells[2] !== '' && cells[7]?.startsWith('1');
    });
    const builtIn = ports.filter((r) =>
      BUILT_IN_PORTS.some((p) => r.includes(`"${p.unlocode.slice(0, 2)}","${p.unlocode.slice(2)}"`)),
    );

    const page = await browser.openPage();
    // Ports are shared by every company: only a platform operator imports them.
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.getByRole('tab', { name: 'Bulk Import' }).click();
    await page.getByLabel('Top countries').waitFor();
    await page.locator('input[type="file"]').setInputFiles(FIXTURE);
    await page.getByRole('button', { name: 'Import' }).click();
    const report = page.getByLabel('Import result');
    await report.waitFor({ timeout: 30_000 });
    expect(await report.getByText(`Processed: ${rows.length}`).isVisible()).toBe(true);
    const inserted = Number((await report.getByText(/^Inserted: \d+$/).innerText()).split(': ')[1]);
    const updated = Number((await report.getByText(/^Updated: \d+$/).innerText()).split(': ')[1]);
    const unchanged = Number((await report.getByText(/^Unchanged: \d+$/).innerText()).split(': ')[1]);
    expect(inserted + updated + unchanged).toBe(ports.length);
    expect(updated + unchanged).toBeGreaterThanOrEqual(builtIn.length);
    await toast(page, /Imported \d+ ports/);
    await expect
      .poll(async () => page.getByLabel('Total ports').innerText())
      .not.toContain(`${BUILT_IN_PORTS.length}\n`);
  });

  it('keeps the admin area from traders', async () => {
    const page = await browser.openPage();
    await signUp(page, 'trader');
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/admin');
    await page.getByText('Administrators only').waitFor();
  });
});
