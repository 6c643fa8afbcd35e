import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { waitForMail } from './support/inbox';
import { signUp, toast } from './support/session';

describe('account safety in the browser', () => {
  const browser = useBrowser();

  it('asks for the current password only when the e-mail changes, and the old address is told', async () => {
    const page = await browser.openPage();
    const { email } = await signUp(page);
    await page.goto('/profile');
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await personal.getByRole('button', { name: 'Edit Personal Information' }).click();

    expect(await personal.getByLabel('Current Password').count()).toBe(0);
    const moved = `moved.${randomUUID().slice(0, 8)}@example.com`;
    await personal.getByLabel('Email').fill(moved);
    await personal.getByLabel('Current Password').waitFor();

    await personal.getByRole('button', { name: 'Save' }).click();
    await personal.getByText('Enter your current password to change your email').waitFor();

    await personal.getByLabel('Current Password').fill('not-my-password-1');
    await personal.getByRole('button', { name: 'Save' }).click();
    await personal.getByText('Current password is incorrect').first().waitFor();

    await personal.getByLabel('Current Password').fill('correct-horse-9');
    await personal.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Profile updated successfully!');
    await expect.poll(() => personal.getByText(moved).isVisible()).toBe(true);

    const notice = await waitForMail(email, /e-mail of your .* account was changed/);
    expect(notice.text).toContain(moved);
  });

  it('says why a common password is refused at sign-up', async () => {
    const page = await browser.openPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Create Your Account' }).click();
    await page.getByLabel('First Name').fill('Tom');
    await page.getByLabel('Last Name').fill('Trader');
    await page.getByLabel('Email').fill(`weak.${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel(/^Password/).fill('password');
    await page.getByLabel('Confirm Password').fill('password');
    await page.getByRole('button', { name: 'Join Marine Fuel Distribution' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This password is too common; choose one that is harder to guess.' })
      .waitFor();
  });
});
