import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { signInAsOperator } from './support/operator';
import { signUp, toast } from './support/session';

const QUEUE_BOARD = 'Queue Board';

describe('the queue board for platform operators', () => {
  const browser = useBrowser();

  it('opens the board from the Admin area for the operator, over plain http on 127.0.0.1', async () => {
    const page = await browser.openPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.getByRole('button', { name: QUEUE_BOARD }).click();

    await page.waitForURL('**/ops/queues**');
    await page.getByText('Marine Fuel queues').first().waitFor({ timeout: 15_000 });
    await page.getByText('mail.send').first().waitFor();
    // The board's page and API calls are authenticated by the cookie alone: Chromium kept the
    // Secure cookie although the app is served without TLS (127.0.0.1 counts as a secure context).
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'mfd_ops');
    expect(cookie).toMatchObject({ path: '/ops/queues', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);
    // A board session of its own, an hour at most, never the app's token.
    expect(cookie?.expires).toBeLessThanOrEqual(Date.now() / 1000 + 3600);
    const token = await page.evaluate(() => localStorage.getItem('mfd.token'));
    expect(token).toBeTruthy();
    expect(cookie?.value).not.toContain(token!);

    // Signing out of the app ends the board session too.
    await page.goto('/');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    expect((await page.context().cookies()).some((c) => c.name === 'mfd_ops')).toBe(false);
    const board = await page.goto('/ops/queues');
    expect(board?.status()).toBe(401);
  });

  it('shows a company admin who is no operator no way to the board', async () => {
    const page = await browser.openPage();
    await signUp(page, 'admin');
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.getByRole('tab', { name: 'Products' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Sample Data' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: QUEUE_BOARD }).count()).toBe(0);
  });

  it('says why the board does not open when the session is no operator’s or the network is down', async () => {
    const operatorTab = await browser.openPage();
    await signInAsOperator(operatorTab);
    await operatorTab.getByRole('link', { name: 'Admin' }).first().click();
    const open = operatorTab.getByRole('button', { name: QUEUE_BOARD });
    await open.waitFor();

    // The gateway cannot be reached (the browser itself stays online: offline, the app's calls wait).
    await operatorTab.route('**/ops/queues/session', (route) => route.abort('connectionrefused'));
    await open.click();
    await toast(operatorTab, 'Network error occurred');
    await operatorTab.unrouteAll();

    // The stored token is someone else's, while this tab still shows the operator's screen: another
    // company admin's token put in its storage behind its back (a tab is not told of its own writes;
    // other tabs follow a change at once). The gateway, not the screen, decides.
    const otherBrowser = await browser.openPage();
    await signUp(otherBrowser, 'admin');
    const otherToken = await otherBrowser.evaluate(() => localStorage.getItem('mfd.token'));
    await operatorTab.evaluate((token) => localStorage.setItem('mfd.token', token ?? ''), otherToken);
    await open.click();
    await toast(operatorTab, 'Only platform operators can open the queue board.');
    expect(operatorTab.url()).not.toContain('/ops/queues');
    expect((await operatorTab.context().cookies()).some((c) => c.name === 'mfd_ops')).toBe(false);
  });
});
