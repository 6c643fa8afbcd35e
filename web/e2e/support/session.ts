import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { linkIn, waitForMail } from './inbox';

/** Signs a new user up through the screens (naming the company when given) and waits for the dashboard. */
export async function signUp(
  page: Page,
  role: 'trader' | 'admin' = 'trader',
  company?: string,
): Promise<{ email: string }> {
  const email = `user.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Create Your Account' }).click();
  await page.getByLabel('First Name').fill(role === 'admin' ? 'Ada' : 'Tom');
  await page.getByLabel('Last Name').fill(role === 'admin' ? 'Admin' : 'Trader');
  if (company) await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Email').fill(email);
  if (role === 'admin') {
    await page.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
  }
  await page.getByLabel(/^Password/).fill('correct-horse-9');
  await page.getByLabel('Confirm Password').fill('correct-horse-9');
  await page.getByRole('button', { name: 'Join Marine Fuel Distribution' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
  return { email };
}

/** A toast with this text appeared. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: text })
    .first()
    .waitFor({ timeout: 10_000 });
}

/** Proves the signed-up user's mailbox as they would: the link of the verification mail, then back to the app. */
export async function confirmMailbox(page: Page, email: string): Promise<void> {
  const mail = await waitForMail(email, /Confirm your e-mail address/);
  const url = new URL(linkIn(mail, /^\/verify-email$/));
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('heading', { name: 'E-mail Address Verified' }).waitFor({ timeout: 15_000 });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
}
