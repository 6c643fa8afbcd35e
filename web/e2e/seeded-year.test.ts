import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiCall } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { chartPrices } from './support/prices';

const ROOT = resolve(import.meta.dirname, '../..');
const DAY = 86_400_000;
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/** `npm run seed -- --months 12` as a user types it, on the run's own schemas. */
async function seed(
  email: string,
): Promise<{ inquiries: number; offers: number; stems: number; output: string }> {
  const { pgUrl, schemaPrefix } = inject('e2e');
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'seed', '--', '--months', '12', '--email', email, '--password', 'Seeded-desk-2026'],
    { cwd: ROOT, env: { ...process.env, PG_URL: pgUrl, SEED_SCHEMA_PREFIX: schemaPrefix }, timeout: 120_000 },
  );
  const counts = /(\d+) inquiries \(\d+ awarded\), (\d+) offers, (\d+) stems/.exec(stdout);
  if (!counts) throw new Error(`the seed said: ${stdout}`);
  return {
    inquiries: Number(counts[1]),
    offers: Number(counts[2]),
    stems: Number(counts[3]),
    output: stdout,
  };
}

/** A call whose answer's headers matter (apiCall gives the body only). */
async function totalCount(page: Page, path: string): Promise<number> {
  return page.evaluate(async (path) => {
    const res = await fetch(path, {
      headers: { authorization: `Bearer ${localStorage.getItem('mfd.token')}` },
    });
    return Number(res.headers.get('x-total-count'));
  }, path);
}

describe('a company with a year of data (npm run seed)', () => {
  const browser = useBrowser();

  it('when the seed has run, then its desk signs in and the dashboard, prices, scorecards, margins and exports show the year', async () => {
    const email = `seeded.${randomUUID().slice(0, 8)}@harbourline.example`;
    const seeded = await seed(email);
    expect(seeded.output).toContain(`Sign in as ${email} with the password Seeded-desk-2026`);
    expect(seeded.inquiries).toBeGreaterThan(300);

    const page = await browser.openPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('Seeded-desk-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });

    // The dashboard: a claim running out, savings for each of the six customers, a year of volume.
    await expect.poll(() => page.getByLabel('Claims near time bar').innerText()).toMatch(/[1-9]/);
    const savings = page.getByRole('table', { name: 'Savings per customer' });
    await savings.waitFor();
    const customers = new Set(
      (await savings.locator('tbody tr').allInnerTexts()).map((row) =>
        flat(row).split(' ').slice(1, 3).join(' '),
      ),
    );
    expect(customers.size).toBe(6);
    const chart = page.getByLabel('Awarded volume per grade chart');
    await chart.locator('.recharts-surface').first().waitFor();
    for (const grade of ['VLSFO', 'HSFO', 'MGO']) expect(flat(await chart.innerText())).toContain(grade);
    expect(await axeViolations(page)).toEqual([]);

    // Every inquiry is in the list, and the API reads the same year the seed wrote.
    expect(await totalCount(page, '/api/inquiries')).toBe(seeded.inquiries);
    const dashboard = await apiCall<{
      stems_awaiting_delivery: number;
      savings_by_customer_month: unknown[];
    }>(page, 'GET', '/api/dashboard');
    expect(dashboard.savings_by_customer_month.length).toBeGreaterThan(40);

    // Prices over the year at Singapore: one row per day with offers, as many offers as the tables hold.
    const [singapore] = await apiCall<{ id: string; unlocode: string }[]>(
      page,
      'GET',
      '/api/ports/search?q=SGSIN',
    );
    const from = isoDate(Date.now() - 366 * DAY);
    const to = isoDate(Date.now() + DAY);
    const prices = await apiCall<{
      items: { date: string; offers: number; min_price: string; median_price: string; max_price: string }[];
    }>(page, 'GET', `/api/insights/prices?port_id=${singapore!.id}&product=VLSFO&from=${from}&to=${to}`);
    expect(prices.items.length).toBeGreaterThan(60);
    for (const day of prices.items) {
      expect(Number(day.min_price)).toBeLessThanOrEqual(Number(day.median_price));
      expect(Number(day.median_price)).toBeLessThanOrEqual(Number(day.max_price));
    }
    const { pgUrl, schemaPrefix } = inject('e2e');
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${schemaPrefix}inquiry.offer_lines l
           join ${schemaPrefix}inquiry.offers o on o.id = l.offer_id
           join ${schemaPrefix}inquiry.inquiry_products p on p.id = l.product_line_id
           join ${schemaPrefix}inquiry.inquiries i on i.id = o.inquiry_id
         where i.tenant_id = (select company_id from ${schemaPrefix}identity.users where email = $1)
           and i.port_unlocode = 'SGSIN' and p.product_name = 'VLSFO'`,
        [email],
      );
      expect(prices.items.reduce((n, d) => n + d.offers, 0)).toBe(rows[0]!.n);
    } finally {
      await client.end();
    }

    // The scorecards over the year: the supplier pricing above the market is further from the best.
    const scorecards = await apiCall<{
      items: {
        trading_name: string;
        inquiries_received: number;
        avg_diff_to_best_pct: string | null;
        response_rate: number;
      }[];
    }>(page, 'GET', `/api/insights/suppliers?from=${from}&to=${to}`);
    expect(scorecards.items).toHaveLength(9);
    const card = (name: string) => scorecards.items.find((s) => s.trading_name === name)!;
    expect(Number(card('Global Bunker Partners').avg_diff_to_best_pct)).toBeGreaterThan(
      Number(card('Lion City Bunkering').avg_diff_to_best_pct),
    );
    for (const s of scorecards.items) expect(s.response_rate).toBeGreaterThan(0);

    const margins = await apiCall<{ items: { margin_usd: string; commission_usd: string }[] }>(
      page,
      'GET',
      `/api/insights/margins?from=${from}&to=${to}`,
    );
    expect(margins.items.length).toBeGreaterThan(30);
    expect(margins.items.reduce((sum, m) => sum + Number(m.margin_usd), 0)).toBeGreaterThan(0);

    // An awarded inquiry: its savings, and its comparison as a workbook with a row per offer.
    const list = await apiCall<{ id: string; status: string }[]>(
      page,
      'GET',
      '/api/inquiries?status=awarded',
    );
    const detail = await apiCall<{ savings: { vs_average_usd: string; vs_highest_usd: string } | null }>(
      page,
      'GET',
      `/api/inquiries/${list[0]!.id}`,
    );
    const offers = await apiCall<unknown[]>(page, 'GET', `/api/inquiries/${list[0]!.id}/offers`);
    if (offers.length > 1) expect(Number(detail.savings!.vs_highest_usd)).toBeGreaterThanOrEqual(0);
    const workbook = await page.evaluate(async (id) => {
      const res = await fetch(`/api/inquiries/${id}/offers.xlsx`, {
        headers: { authorization: `Bearer ${localStorage.getItem('mfd.token')}` },
      });
      return [...new Uint8Array(await res.arrayBuffer())];
    }, list[0]!.id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(workbook).buffer);
    expect(JSON.stringify(book.worksheets[0]!.getSheetValues())).toContain('Supplier');

    // The Prices page charts Singapore's VLSFO over its default 90 days.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prices' }).click();
    const table = await chartPrices(page, 'SGSIN', 'VLSFO');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(15);
  });
});
