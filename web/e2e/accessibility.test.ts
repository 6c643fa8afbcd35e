import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCustomer, createSupplier } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { signUp } from './support/session';

/** Opens a screen by its address and waits until its heading and (when given) its data are shown. */
async function show(page: Page, path: string, heading: string, content?: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor({ timeout: 15_000 });
  if (content) await page.getByText(content).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('accessibility audit (axe-core, WCAG 2.1 AA and best practice) in Chromium', () => {
  const browser = useBrowser();

  it('when signed out, then the landing and reset password pages have no violations', async () => {
    const page = await browser.openPage();
    const found: Record<string, string[]> = {};

    await page.goto('/');
    await page.getByRole('button', { name: 'Create Your Account' }).waitFor();
    found.landing = await axeViolations(page);

    await show(page, '/reset-password?token=not-checked-until-sent', 'Choose a new password');
    found['reset password'] = await axeViolations(page);

    expect(found).toEqual({ landing: [], 'reset password': [] });
  });

  it('when signed in with a customer and a supplier, then every screen and the customer dialog have no violations', async () => {
    const page = await browser.openPage();
    await signUp(page, 'admin');
    await createCustomer(page, 'Nordic Tankers A/S');
    await createSupplier(page, 'Lion City Bunkering');
    const found: Record<string, string[]> = {};

    await show(page, '/', 'Dashboard');
    found.dashboard = await axeViolations(page);
    await show(page, '/inquiries', 'Inquiries');
    found.inquiries = await axeViolations(page);
    await show(page, '/customers', 'Customers', 'Nordic Tankers A/S');
    found.customers = await axeViolations(page);
    await show(page, '/suppliers', 'Suppliers', 'Lion City Bunkering');
    found.suppliers = await axeViolations(page);
    await show(page, '/profile', 'Profile', 'Ada');
    found.profile = await axeViolations(page);
    await show(page, '/admin', 'Admin');
    found.admin = await axeViolations(page);

    await show(page, '/customers', 'Customers', 'Nordic Tankers A/S');
    await page.getByRole('button', { name: 'Edit Nordic Tankers A/S' }).click();
    await page.getByRole('dialog', { name: 'Edit Customer' }).waitFor();
    found['customer dialog'] = await axeViolations(page, '[role="dialog"]');

    expect(found).toEqual({
      dashboard: [],
      inquiries: [],
      customers: [],
      suppliers: [],
      profile: [],
      admin: [],
      'customer dialog': [],
    });
  });
});
