import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';

describe('account journey in the browser', () => {
  const browser = useBrowser();

  it('signs up, signs out, signs in, resets the password by e-mail, and the used link is then invalid', async () => {
    const page = await browser.openPage();
    const email = `maria.${randomUUID().slice(0, 8)}@example.com`;

    await page.goto('/');
    await page.getByRole('button', { name: 'Create Your Account' }).click();
    await page.getByLabel('First Name').fill('Maria');
    await page.getByLabel('Last Name').fill('Jensen');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+45 33 12 34 56');
    await page.getByLabel(/^Password/).fill('first-password-1');
    await page.getByLabel('Confirm Password').fill('first-password-1');
    await page.getByRole('button', { name: 'Join Marine Fuel Distribution' }).click();

    await expect
      .poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.getByLabel('Total Inquiries').innerText()).toContain('0');
    expect(await page.getByText('Maria Jensen').isVisible()).toBe(true);
    expect(await page.getByText('Trader', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('first-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByRole('status').innerText(), { timeout: 10_000 })
      .toContain('If an account exists');

    const mail = await waitForMail(email, /Reset your Marine Fuel Distribution password/);
    const link = linkIn(mail, /^\/reset-password$/);
    const url = new URL(link);
    // The mail links to the app's public address; open the same path on the server under test.
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel(/^New Password/).fill('second-password-2');
    await page.getByLabel('Confirm New Password').fill('second-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Password Reset Successful' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);

    await page.getByRole('button', { name: 'Sign In Now' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('second-password-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel(/^New Password/).fill('third-password-3');
    await page.getByLabel('Confirm New Password').fill('third-password-3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Invalid Reset Link' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
  });

  it('shows the invalid-link state when the reset link has no token', async () => {
    const page = await browser.openPage();
    await page.goto('/reset-password');
    // The page's code arrives as its own chunk: wait for it rather than read the first paint.
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('This password reset link is invalid or has expired.').isVisible()).toBe(
      true,
    );
  });

  it('checks the sign-up form before sending it', async () => {
    const page = await browser.openPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Create Your Account' }).click();
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Join Marine Fuel Distribution' }).click();
    expect(await page.getByText('Password must be at least 8 characters long').isVisible()).toBe(true);
    expect(await page.getByText('Passwords do not match').isVisible()).toBe(true);
    expect(await page.getByText('First name is required').isVisible()).toBe(true);
  });
});
