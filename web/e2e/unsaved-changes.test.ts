import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCustomer, createInquiry } from './support/api';
import { useBrowser } from './support/browser';
import { signUp } from './support/session';

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

/** Types into the create form's vessel box as a user does (a click, then keys). */
async function typeVessel(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Vessel Name & IMO' });
  await box.click();
  await box.pressSequentially(text);
}

describe('forms with unsaved data', () => {
  const browser = useBrowser();

  it('when the create form is opened from the list, then it has its own address and Back returns to the list', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.getByRole('link', { name: 'Inquiries' }).first().click();
    await page.getByRole('link', { name: 'Create New Inquiry' }).first().click();
    await page.waitForURL(/\/inquiries\/new$/);
    await page.getByRole('heading', { name: 'Create New Inquiry' }).waitFor();
    // A reload keeps the form: it is an address, not a state of the list.
    await page.reload();
    await page.getByRole('heading', { name: 'Create New Inquiry' }).waitFor();

    await page.evaluate(() => history.back());
    await page.waitForURL(/\/inquiries$/);
    await page.getByRole('textbox', { name: 'Search inquiries' }).waitFor();
    expect(await leaveDialog(page).count()).toBe(0);
  });

  it('when the create form has typed data, then a link or Back asks first: staying keeps the data, leaving discards it', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await page.goto('/inquiries');
    await page.getByRole('link', { name: 'Create New Inquiry' }).first().click();
    await page.waitForURL(/\/inquiries\/new$/);
    await typeVessel(page, 'MSC OSCAR');

    await page.getByRole('link', { name: 'Customers' }).first().click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Stay on Page' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/inquiries\/new$/);
    expect(await page.getByRole('textbox', { name: 'Vessel Name & IMO' }).inputValue()).toBe('MSC OSCAR');

    await page.evaluate(() => history.back());
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Leave and Discard' }).click();
    await page.waitForURL(/\/inquiries$/);
    await page.getByRole('textbox', { name: 'Search inquiries' }).waitFor();
  });

  it('when an edit of the details is open, then changing tab asks before the edit is lost', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const inquiry = await createInquiry(page, customer.id);
    await page.goto(`/inquiries/${inquiry.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // Opened and left untouched, nothing is lost: no question.
    await page.getByRole('tab', { name: 'Suppliers' }).click();
    await page.waitForURL(/\?tab=suppliers$/);
    expect(await leaveDialog(page).count()).toBe(0);

    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Agent Name').fill('Harbour Agency');
    await page.getByRole('tab', { name: 'Suppliers' }).click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Stay on Page' }).click();
    expect(await page.getByLabel('Agent Name').inputValue()).toBe('Harbour Agency');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    // Saved: the tab changes without a question.
    await page.getByRole('tab', { name: 'Suppliers' }).click();
    await page.waitForURL(/\?tab=suppliers$/);
    expect(await leaveDialog(page).count()).toBe(0);
  });

  it('when a form with typed data is closed or reloaded, then the browser asks first; a form left empty closes at once', async () => {
    const dirty = await browser.openPage();
    await signUp(dirty);
    await dirty.goto('/inquiries/new');
    await typeVessel(dirty, 'MSC OSCAR');
    const asked: string[] = [];
    dirty.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await dirty.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    // Dismissed, the page stays with what was typed.
    expect(dirty.isClosed()).toBe(false);
    expect(await dirty.getByRole('textbox', { name: 'Vessel Name & IMO' }).inputValue()).toBe('MSC OSCAR');

    const clean = await browser.openPage();
    await signUp(clean);
    await clean.goto('/inquiries/new');
    await clean.getByRole('textbox', { name: 'Vessel Name & IMO' }).click();
    const cleanAsked: string[] = [];
    clean.on('dialog', (dialog) => {
      cleanAsked.push(dialog.type());
      void dialog.dismiss();
    });
    const closed = new Promise((resolve) => clean.once('close', resolve));
    await clean.close({ runBeforeUnload: true });
    await closed;
    expect(cleanAsked).toEqual([]);
  });
});
