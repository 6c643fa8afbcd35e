import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { linkIn, waitForMail } from './inbox';

/** The browser tests' stack lists this address in OPERATOR_EMAILS (global-setup.ts). */
export const E2E_OPERATOR_EMAIL = 'platform-operator@e2e.example';
const PASSWORD = 'operator-password-9';

async function post(path: string, body: object): Promise<number> {
  const res = await fetch(`${inject('e2e').appUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * Signs the listed operator in through the screens. The first time, the account is made and its
 * mailbox proven the way an operator does it: the link of the verification mail, opened in the browser.
 */
export async function signInAsOperator(page: Page): Promise<void> {
  const created = await post('/api/auth/signup', {
    first_name: 'Olga',
    last_name: 'Operator',
    email: E2E_OPERATOR_EMAIL,
    role: 'admin',
    password: PASSWORD,
  });
  if (created === 201) {
    const mail = await waitForMail(E2E_OPERATOR_EMAIL, /Confirm your e-mail address/);
    const url = new URL(linkIn(mail, /^\/verify-email$/));
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'E-mail Address Verified' }).waitFor({ timeout: 15_000 });
  } else if (created !== 409) {
    throw new Error(`operator sign-up answered ${created}`);
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByLabel('Email').fill(E2E_OPERATOR_EMAIL);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
}
