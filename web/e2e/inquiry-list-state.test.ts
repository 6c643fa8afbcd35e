import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createCustomer, createInquiry } from './support/api';
import { useBrowser } from './support/browser';
import { signUp } from './support/session';

const vessel = (n: number) => `OSCAR ${String(n).padStart(2, '0')}`;

/** What the list shows: its tab, search, status, page, count and the vessels of its rows. */
async function view(page: Page) {
  const table = page.getByRole('table', { name: 'Inquiries' });
  await table.waitFor();
  const current = page.getByLabel('Inquiry pages').locator('[aria-current="page"]');
  return {
    tab: await page.getByRole('tab', { selected: true }).innerText(),
    search: await page.getByLabel('Search inquiries').inputValue(),
    status: await page.getByRole('textbox', { name: 'Filter by status' }).inputValue(),
    page: (await current.count()) ? await current.innerText() : '1',
    count: await page.getByText(/^\d+ inquir(y|ies)$/).innerText(),
    vessels: await table.locator('tbody tr td:first-child p:first-child').allInnerTexts(),
  };
}

describe('the Inquiries list view in the address', () => {
  const browser = useBrowser();

  it('when a trader searches, filters and pages, then reload and Back from an inquiry show the same rows', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    // 28 OSCARs, the first two cancelled, and two other vessels: 26 drafts match "oscar", one past page 1.
    const ids: string[] = [];
    for (let n = 1; n <= 28; n += 1)
      ids.push((await createInquiry(page, customer.id, { vessel_name: vessel(n) })).id);
    for (const name of ['EVER GIVEN', 'MAERSK ESSEN'])
      await createInquiry(page, customer.id, { vessel_name: name });
    for (const id of ids.slice(0, 2)) await apiCall(page, 'POST', `/api/inquiries/${id}/cancel`, {});

    await page.goto('/inquiries');
    expect(await view(page)).toMatchObject({ tab: 'My inquiries', page: '1', count: '30 inquiries' });
    await page.getByRole('tab', { name: 'All inquiries' }).click();
    await page.waitForURL(/\/inquiries\?owner=all$/);
    // The address changes before the tab renders: type into the panel that is shown.
    await page.getByRole('tab', { name: 'All inquiries', selected: true }).waitFor();
    const entries = await page.evaluate(() => history.length);

    // Typing rewrites the tab's entry, one write per pause, not one entry per key.
    const search = page.getByLabel('Search inquiries');
    await search.pressSequentially('osc');
    await page.waitForURL(/\?owner=all&q=osc$/);
    await search.pressSequentially('ar');
    await page.waitForURL(/\?owner=all&q=oscar$/);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.getByText('28 inquiries').waitFor();

    await page.getByRole('textbox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await page.getByText('26 inquiries').waitFor();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/\?owner=all&status=draft&q=oscar&page=2$/);
    await page.getByRole('table', { name: 'Inquiries' }).getByText(vessel(3), { exact: true }).waitFor();
    const pageTwo = {
      tab: 'All inquiries',
      search: 'oscar',
      status: 'Draft',
      page: '2',
      count: '26 inquiries',
      vessels: [vessel(3)],
    };
    expect(await view(page)).toEqual(pageTwo);
    const url = page.url();
    // The list runs newest first: the day each was logged says so, beside ETAs that need not follow it.
    const created = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date(),
      ),
    );
    const row = page.getByRole('row').filter({ hasText: vessel(3) });
    expect(await page.getByRole('columnheader', { name: 'Created' }).isVisible()).toBe(true);
    expect(await row.locator('time').innerText()).toBe(created);

    await page.reload();
    expect(page.url()).toBe(url);
    await page.getByRole('table', { name: 'Inquiries' }).getByText(vessel(3), { exact: true }).waitFor();
    expect(await view(page)).toEqual(pageTwo);

    await page.getByRole('link', { name: `View details of ${vessel(3)}` }).click();
    await page.getByRole('heading', { name: vessel(3) }).waitFor();
    await page.goBack();
    expect(page.url()).toBe(url);
    await expect.poll(() => view(page)).toEqual(pageTwo);

    // Each Back undoes one choice: the page, the status, then the tab with the search typed in it.
    await page.goBack();
    await page.waitForURL(/\?owner=all&status=draft&q=oscar$/);
    await expect
      .poll(() => view(page))
      .toMatchObject({
        page: '1',
        status: 'Draft',
        count: '26 inquiries',
        vessels: expect.arrayContaining([vessel(28)]),
      });
    await page.goBack();
    await page.waitForURL(/\?owner=all&q=oscar$/);
    await expect
      .poll(() => view(page))
      .toMatchObject({
        tab: 'All inquiries',
        search: 'oscar',
        status: 'All statuses',
        count: '28 inquiries',
      });
    await page.goBack();
    await page.waitForURL(/\/inquiries$/);
    await expect
      .poll(() => view(page))
      .toMatchObject({ tab: 'My inquiries', search: '', status: 'All statuses', count: '30 inquiries' });
  });

  it('when a status is chosen while a typed search waits to be written, then the list keeps both', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    const oscar = await createInquiry(page, customer.id, { vessel_name: 'OSCAR 01' });
    await createInquiry(page, customer.id, { vessel_name: 'OSCAR 02' });
    await createInquiry(page, customer.id, { vessel_name: 'EVER GIVEN' });
    await apiCall(page, 'POST', `/api/inquiries/${oscar.id}/cancel`, {});
    await page.goto('/inquiries');
    await page.getByText('3 inquiries').waitFor();

    // A slow machine: the status's render is still under way when the search's pause ends.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
    const search = page.getByLabel('Search inquiries');
    for (const [typed, status, address] of [
      ['oscar', 'Cancelled', '?status=cancelled&q=oscar'],
      ['', 'Draft', '?status=draft'],
      ['ever', 'All statuses', '?q=ever'],
    ] as const) {
      await search.fill(typed);
      await page.getByRole('textbox', { name: 'Filter by status' }).click();
      await page.getByRole('option', { name: status }).click();
      await expect.poll(() => page.evaluate(() => location.search), { timeout: 30_000 }).toBe(address);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByText('1 inquiry', { exact: true }).waitFor();
    expect(await view(page)).toMatchObject({
      search: 'ever',
      status: 'All statuses',
      vessels: ['EVER GIVEN'],
    });
  });

  it('when the address holds values the list does not know, then those fall back to the defaults', async () => {
    const page = await browser.openPage();
    await signUp(page);
    const customer = await createCustomer(page, 'Nordic Tankers A/S');
    await createInquiry(page, customer.id, { vessel_name: 'OSCAR 01' });
    await createInquiry(page, customer.id, { vessel_name: 'EVER GIVEN' });
    await page.goto('/inquiries?owner=nobody&status=lost&page=-1&q=oscar');
    await page.getByText('1 inquiry', { exact: true }).waitFor();
    expect(await view(page)).toEqual({
      tab: 'My inquiries',
      search: 'oscar',
      status: 'All statuses',
      page: '1',
      count: '1 inquiry',
      vessels: ['OSCAR 01'],
    });
    // A page past the end (rows since cancelled, an old link) shows the last page.
    await page.goto('/inquiries?page=9');
    await page.waitForURL(/\/inquiries$/);
    await page.getByText('2 inquiries').waitFor();
  });
});
