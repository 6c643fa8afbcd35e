import { describe, expect, it } from 'vitest';
import { createCustomer } from './support/api';
import { useBrowser } from './support/browser';
import { withinViewport } from './support/geometry';
import { signUp } from './support/session';

const PHONE = { width: 390, height: 844 };

describe('on a phone (390 × 844)', () => {
  const browser = useBrowser();

  it('when signed in, then the header shows the whole role badge and the user’s name', async () => {
    const page = await browser.openPage(PHONE);
    await signUp(page, 'admin');
    const header = page.getByRole('banner');
    const badge = header.locator('.mantine-Badge-label');
    expect(await badge.textContent()).toBe('Admin');
    // Cut short with an ellipsis the label would still hold its full text: compare what fits with what is there.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const name = header.getByText('Ada Admin', { exact: true });
    expect(await name.isVisible()).toBe(true);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await withinViewport(badge)).toBe(true);
  });

  it('when the customer list is shown, then each row’s Edit and Delete buttons are on screen', async () => {
    const page = await browser.openPage(PHONE);
    await signUp(page);
    await createCustomer(page, 'Nordic Tankers A/S');
    await page.goto('/customers');
    const edit = page.getByRole('button', { name: 'Edit Nordic Tankers A/S' });
    const remove = page.getByRole('button', { name: 'Delete Nordic Tankers A/S' });
    await edit.waitFor();
    // Bring the row up the page, but leave the table's sideways scroll where a user first sees it.
    await edit.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
    expect(await withinViewport(edit)).toBe(true);
    expect(await withinViewport(remove)).toBe(true);
    // And they are the ones a tap reaches, not a column painted over them.
    await edit.click({ trial: true, timeout: 2_000 });
    await remove.click({ trial: true, timeout: 2_000 });
  });
});
