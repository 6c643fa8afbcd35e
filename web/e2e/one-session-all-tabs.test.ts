import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';
import { signUp } from './support/session';

/** The signed-out landing page, reached without the page being loaded again (the mark set before stays). */
async function signedOutInPlace(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Create Your Account' }).waitFor({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
}

/** A second tab of the same browser on the Customers page, marked so a reload would show. */
async function secondTab(first: Page): Promise<Page> {
  const second = await first.context().newPage();
  await second.goto('/customers');
  await second.getByRole('heading', { name: 'Customers', exact: true }).waitFor({ timeout: 15_000 });
  await second.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
  await first.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
  return second;
}

describe('one session for every tab', () => {
  const browser = useBrowser();

  it('when the user signs out in one tab, then every tab of the app signs out at once', async () => {
    const first = await browser.openPage();
    await signUp(first);
    const second = await secondTab(first);

    await first.getByRole('button', { name: 'Logout' }).click();
    await signedOutInPlace(first);
    await signedOutInPlace(second);
    expect(await second.evaluate(() => localStorage.getItem('mfd.token'))).toBeNull();
  });

  it('when the session is revoked elsewhere, then the tab the user comes back to signs out, and every other tab with it', async () => {
    const first = await browser.openPage();
    await signUp(first);
    const second = await secondTab(first);
    const token = await first.evaluate(() => localStorage.getItem('mfd.token'));

    // Signed out on another device: the token is revoked on the server; no tab has been told.
    const revoked = await fetch(`${inject('e2e').appUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    expect(await second.getByRole('heading', { name: 'Customers', exact: true }).isVisible()).toBe(true);

    // The user comes back to the second tab.
    await second.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await signedOutInPlace(second);
    await signedOutInPlace(first);
  });
});
