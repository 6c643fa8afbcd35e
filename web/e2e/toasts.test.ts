import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer } from './support/api';
import { useBrowser } from './support/browser';
import { overlaps } from './support/geometry';
import { signUp } from './support/session';

describe('toasts and dialogs', () => {
  const browser = useBrowser();

  it('when a dialog action fails, then the error toast covers none of the dialog’s buttons, even with the pointer on them', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const { id } = await createCustomer(page, 'Nordic Tankers A/S');
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Edit Nordic Tankers A/S' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await dialog.waitFor();
    // Deleted meanwhile (another tab, a colleague): saving fails for real and says so in a toast.
    await apiCall(page, 'DELETE', `/api/customers/${id}`);
    await dialog.getByLabel('Brand Name').fill('NT Shipping');
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await save.click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Error updating customer' });
    await toast.waitFor();
    // The user goes for the buttons again; a toast that waits while hovered must not be sitting there.
    await save.hover();
    await page.waitForTimeout(500);

    for (const button of await dialog.getByRole('button').all()) {
      if (!(await button.isVisible())) continue;
      expect(
        await overlaps(toast, button),
        `toast over "${(await button.getAttribute('aria-label')) ?? (await button.innerText())}"`,
      ).toBe(false);
    }
    await save.click({ trial: true, timeout: 2_000 });
  });

  const screens = {
    'on a desktop': { width: 1280, height: 900 },
    'on a phone': { width: 390, height: 844 },
  };
  for (const [screen, viewport] of Object.entries(screens)) {
    it(`when a toast shows ${screen}, then it covers none of the header's links and buttons`, async () => {
      const page = await browser.openPage(viewport);
      await signUp(page);
      await page.goto('/suppliers');
      await page.getByLabel('Trading Name').fill('Lion City Bunkers');
      await page.getByLabel('Email').fill('quotes@lioncity.example');
      await page.getByRole('button', { name: 'Add Supplier' }).click();
      const toast = page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Supplier created successfully!' });
      await toast.waitFor();
      await page.waitForTimeout(300);

      const header = page.getByRole('banner');
      const controls = [
        ...(await header.getByRole('link').all()),
        ...(await header.getByRole('button').all()),
      ];
      expect(controls.length).toBeGreaterThan(1);
      for (const control of controls) {
        if (!(await control.isVisible())) continue;
        expect(await overlaps(toast, control), `toast over "${await control.innerText()}"`).toBe(false);
      }
      expect(await overlaps(toast, header)).toBe(false);
    });
  }
});
