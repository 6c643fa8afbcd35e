import type { Locator, Page } from 'playwright-core';

/** On the Prices page: a port found by its UN/LOCODE and a grade chosen, then the day table and its chart shown. */
export async function chartPrices(page: Page, unlocode: string, grade: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Port' }).fill(unlocode);
  await page
    .getByRole('option', { name: new RegExp(`\\(${unlocode}\\)`) })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Fuel Type' }).click();
  await page.getByRole('option', { name: grade, exact: true }).click();
  const table = page.getByRole('table', { name: 'Prices per day' });
  await table.waitFor();
  await page.locator('.recharts-surface').first().waitFor();
  return table;
}
