import { describe, expect, it } from 'vitest';
import { createCustomer } from './support/api';
import { useBrowser } from './support/browser';
import { signUp } from './support/session';

describe('dialogs from the keyboard', () => {
  const browser = useBrowser();

  it('when a dialog is open, then its close button is named "Close", and closing it puts focus back on the button that opened it', async () => {
    const page = await browser.openPage();
    await signUp(page);
    await createCustomer(page, 'Nordic Tankers A/S');
    await page.goto('/customers');

    const edit = page.getByRole('button', { name: 'Edit Nordic Tankers A/S' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);

    // Escape and Cancel close it too, with the same hand-back.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);

    const add = page.getByRole('button', { name: 'Add Customer' });
    await add.focus();
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add New Customer' });
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await addDialog.waitFor({ state: 'detached' });
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
