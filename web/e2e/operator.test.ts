import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { signInAsOperator } from './support/operator';
import { signUp } from './support/session';

const READ_ONLY = 'Only platform operators change shared reference data.';

describe('shared reference data in the Admin area', () => {
  const browser = useBrowser();

  it('shows a company admin the products, ports and bulk import read-only', async () => {
    const page = await browser.openPage();
    await signUp(page, 'admin');
    await page.getByRole('link', { name: 'Admin' }).first().click();

    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('table', { name: 'Products' }).getByText('HSFO').waitFor();
    await page.getByText(READ_ONLY).waitFor();
    expect(await page.getByRole('button', { name: 'Add Product' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Standard Fuels' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) HSFO$/ }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Bulk Import' }).click();
    await page.getByLabel('Top countries').waitFor();
    await page.getByText(READ_ONLY).waitFor();
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
  });

  it('lets the listed operator, once the mailbox is proven, change products', async () => {
    const page = await browser.openPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Edit HSFO' }).waitFor();
    expect(await page.getByText(READ_ONLY).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Product' }).isVisible()).toBe(true);
  });
});
