import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens the create form and picks the customer and Singapore from their autocompletes. */
export async function startInquiry(page: Page, customer: string): Promise<void> {
  if (!page.url().endsWith('/inquiries')) await page.getByRole('link', { name: 'Inquiries' }).first().click();
  await page.getByRole('link', { name: 'Create New Inquiry' }).first().click();
  await page.getByText('Customer Required').waitFor();
  expect(await page.getByRole('button', { name: 'Create Inquiry' }).isDisabled()).toBe(true);
  await page.getByRole('textbox', { name: 'Customer', exact: true }).fill(customer.slice(0, 6));
  await page.getByRole('option', { name: new RegExp(customer.slice(0, 6)) }).click();
  await page.getByRole('textbox', { name: 'Port', exact: true }).fill('SGSIN');
  await page.getByRole('option', { name: /Singapore \(SGSIN\)/ }).click();
}

/** Fills fuel line `line` (1-based) of the create form. */
export async function chooseFuel(
  page: Page,
  line: number,
  fuel: string,
  min: string,
  max: string,
): Promise<void> {
  const row = page.getByRole('group', { name: `Fuel line ${line}` });
  await row.getByRole('textbox', { name: 'Fuel Type' }).click();
  await page.getByRole('option', { name: fuel, exact: true }).click();
  await row.getByLabel('Min Quantity (MT)').fill(min);
  await row.getByLabel('Max Quantity (MT)').fill(max);
}
