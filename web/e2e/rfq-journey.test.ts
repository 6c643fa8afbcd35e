import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatPortAndUtc, formatPortShort } from '@mfd/contracts';
import { apiCall, createCustomer } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail, type InboxMail } from './support/inbox';
import { chooseFuel, startInquiry } from './support/inquiry-form';
import { setCharges } from './support/offer-charges';
import { confirmMailbox, signUp, toast } from './support/session';

const ZONE = 'Asia/Singapore';
const PHONE = { width: 375, height: 812 };
const CUSTOMER = 'Nordic Tankers A/S';
/** Screenshots of the loop's screens, looked at by hand when the screens change. */
const SHOTS = '/tmp/rfq-shots';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A moment as Singapore's wall clock in a datetime-local input (the port has no daylight saving: UTC+8). */
const portInput = (at: Date) => new Date(at.getTime() + 8 * 60 * MINUTE).toISOString().slice(0, 16);
const fromPortInput = (local: string) => new Date(`${local}:00+08:00`).toISOString();
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every console error and uncaught exception the page reports from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function mailsTo(address: string): Promise<InboxMail[]> {
  const res = await fetch(`${inject('e2e').inboxUrl}/api/messages`);
  return ((await res.json()) as InboxMail[]).filter((m) => m.to.includes(address.toLowerCase()));
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

interface Quote {
  vlsfo: { price: string; max?: string };
  mgo: { price: string };
  barging?: string;
  other?: string;
  terms: string;
  validUntil: string;
}

/** Fills the supplier's offer form (the quantities start as requested) and sends it. */
async function quote(page: Page, q: Quote, button: 'Submit Offer' | 'Update Offer'): Promise<void> {
  await page.getByLabel('Price (USD/MT) for VLSFO').fill(q.vlsfo.price);
  if (q.vlsfo.max) await page.getByLabel('Max deliverable (MT) for VLSFO').fill(q.vlsfo.max);
  await page.getByLabel('Delivery method for VLSFO').selectOption('barge');
  await page.getByLabel('Price (USD/MT) for MGO').fill(q.mgo.price);
  await page.getByLabel('Delivery method for MGO').selectOption('truck');
  await setCharges(page, [
    ...(q.barging ? [{ kind: 'Barging', basis: 'Lump sum', amount: q.barging }] : []),
    ...(q.other ? [{ kind: 'Other', basis: 'Lump sum', amount: q.other }] : []),
  ]);
  await page.getByLabel('Payment terms').fill(q.terms);
  await page.getByLabel(/^Valid until \(port time, UTC\+8\)/).fill(q.validUntil);
  await page.getByRole('button', { name: button }).click();
}

/** The comparison as read on screen (badges in capitals): the column heads and, per row label, each offer's cell in column order. */
async function compared(page: Page): Promise<{ heads: string[]; rows: Record<string, string[]> }> {
  return page.getByRole('table', { name: 'Offers compared' }).evaluate((table) => {
    const text = (el: Element) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
    const heads = Array.from(table.querySelectorAll('thead th')).slice(1).map(text);
    const rows: Record<string, string[]> = {};
    for (const tr of Array.from(table.querySelectorAll('tbody tr'))) {
      const [label, ...cells] = Array.from(tr.children);
      if (label) rows[text(label).split(' ')[0] ?? ''] = cells.map(text);
    }
    return { heads, rows };
  });
}

/** The cell of one supplier's column in the row whose label starts with `row`. */
async function cellOf(page: Page, supplier: string, row: string): Promise<string> {
  const { heads, rows } = await compared(page);
  const column = heads.findIndex((h) => h.startsWith(supplier));
  if (column < 0) throw new Error(`no column for ${supplier} among ${heads.join(' | ')}`);
  return rows[row]?.[column] ?? '';
}

describe('the RFQ loop in the browser', () => {
  const browser = useBrowser();

  it('when a trader distributes an inquiry to 3 suppliers who price it by their links, then the offers compare, the award goes out and the links close', async () => {
    const run = randomUUID().slice(0, 8);
    const suppliers = {
      a: { name: 'Lion City Bunkers', email: `quotes.${run}@lioncity.example` },
      b: { name: 'Straits Marine Fuels', email: `desk.${run}@straits-fuels.example` },
      c: { name: 'Raffles Oil Trading', email: `bunkers.${run}@raffles-oil.example` },
    };
    const trader = await browser.openPage();
    const traderErrors = collectErrors(trader);
    await confirmMailbox(trader, (await signUp(trader)).email);

    // The directory is set up through the API (its screens have their own tests): three suppliers
    // covering Singapore and one that does not.
    await createCustomer(trader, CUSTOMER);
    const [port] = await apiCall<{ id: string }[]>(trader, 'GET', '/api/ports/search?q=SGSIN');
    for (const s of Object.values(suppliers)) {
      await apiCall(trader, 'POST', '/api/suppliers', {
        trading_name: s.name,
        default_email: s.email,
        tags: ['Singapore'],
        port_ids: [port!.id],
      });
    }
    await apiCall(trader, 'POST', '/api/suppliers', {
      trading_name: 'Rotterdam Bunker Co',
      default_email: `sales.${run}@rotterdam-bunker.example`,
      tags: ['Rotterdam'],
    });

    // The inquiry, through the create form: two fuel lines, the ETA ten days ahead in port time. A
    // vessel it names stays this company's own until an operator confirms it.
    const etaInput = portInput(new Date(Date.now() + 10 * DAY));
    const eta = fromPortInput(etaInput);
    await trader.goto('/inquiries');
    await startInquiry(trader, CUSTOMER);
    await trader
      .getByRole('textbox', { name: 'Vessel Name & IMO' })
      .fill('CMA CGM MARCO POLO (IMO: 9454436)');
    await trader.getByLabel(/^ETA/).fill(etaInput);
    await chooseFuel(trader, 1, 'VLSFO', '500', '600');
    await trader.getByRole('button', { name: 'Add Fuel' }).click();
    await chooseFuel(trader, 2, 'MGO', '50', '80');
    await trader.getByRole('button', { name: 'Create Inquiry' }).click();
    await toast(trader, 'Inquiry created successfully! Redirecting to supplier selection...');
    await trader.waitForURL(/\/inquiries\/[0-9a-f-]{36}\?tab=suppliers$/, { timeout: 5_000 });

    // Suppliers tab: the port's suppliers by default, all on request.
    const pick = trader.getByRole('table', { name: 'Suppliers for this inquiry' });
    for (const s of Object.values(suppliers))
      await pick.getByRole('row').filter({ hasText: s.name }).waitFor();
    expect(await pick.getByText('Covers port').count()).toBe(3);
    expect(await pick.getByText('Rotterdam Bunker Co').count()).toBe(0);
    await trader.getByText('All suppliers').click();
    await pick.getByText('Rotterdam Bunker Co').waitFor();
    await trader.getByText('Port suppliers').click();
    await pick.getByText('Rotterdam Bunker Co').waitFor({ state: 'detached' });

    await trader.getByRole('button', { name: 'Distribute to Selected Suppliers (0)' }).click();
    await trader.getByRole('alert').filter({ hasText: 'Please select at least one supplier' }).waitFor();
    for (const s of Object.values(suppliers)) await trader.getByLabel(`Select ${s.name}`).check();
    const replyByInput = portInput(new Date(Date.now() + 2 * DAY));
    const replyBy = fromPortInput(replyByInput);
    await trader.getByLabel('Reply by (port time, UTC+8)').fill(replyByInput);
    await trader.getByRole('button', { name: 'Distribute to Selected Suppliers (3)' }).click();
    await toast(trader, 'Inquiry distributed successfully to 3 suppliers!');
    // Each delivery moves from Queued to Sent on the tab by itself.
    await expect.poll(() => pick.getByText('Sent', { exact: true }).count(), { timeout: 30_000 }).toBe(3);
    await shot(trader, 'suppliers-tab-after-distribute');
    expect(await axeViolations(trader)).toEqual([]);

    // The three invitations: vessel, times in port time and UTC, the fuel, a personal link; never the customer.
    const links: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
    for (const key of ['a', 'b', 'c'] as const) {
      const mail = await waitForMail(suppliers[key].email, /^RFQ: /);
      expect(mail.subject).toBe(
        `RFQ: CMA CGM MARCO POLO, Singapore (SGSIN), reply by ${formatPortShort(replyBy, ZONE)}`,
      );
      const text = flat(mail.text);
      for (const part of [
        `Dear ${suppliers[key].name}`,
        'CMA CGM MARCO POLO',
        '9454436',
        'Singapore (SGSIN)',
        formatPortAndUtc(eta, ZONE),
        formatPortAndUtc(replyBy, ZONE),
        'VLSFO',
        'MGO',
      ]) {
        expect(text).toContain(part);
      }
      for (const body of [mail.text, mail.html]) expect(body).not.toContain('Nordic Tankers');
      links[key] = linkIn(mail, /^\/offer\/[\w-]{40,}$/);
    }
    expect(new Set(Object.values(links)).size).toBe(3);

    // C prices first, firm only until the next whole minute at least 40 s away: its validity lapses
    // on the real clock while the others answer (the form takes minutes, the server a future time).
    const c = await browser.openPage();
    await c.goto(links.c);
    await c.getByRole('heading', { name: 'CMA CGM MARCO POLO at Singapore' }).waitFor();
    const cValidUntil = new Date(Math.ceil((Date.now() + 40_000) / MINUTE) * MINUTE);
    await quote(
      c,
      {
        vlsfo: { price: '590.00', max: '550' },
        mgo: { price: '870' },
        terms: 'Cash in advance',
        validUntil: portInput(cValidUntil),
      },
      'Submit Offer',
    );
    await c.getByRole('status').filter({ hasText: 'Offer submitted' }).waitFor();

    // A prices on a desktop; the page holds no customer and passes axe.
    const a = await browser.openPage();
    const aErrors = collectErrors(a);
    await a.goto(links.a);
    await a.getByRole('heading', { name: 'CMA CGM MARCO POLO at Singapore' }).waitFor();
    expect(await a.getByText('Nordic Tankers').count()).toBe(0);
    await a.getByText(formatPortAndUtc(eta, ZONE)).waitFor();
    const dayAfter = portInput(new Date(Date.now() + DAY));
    await shot(a, 'public-offer-desktop');
    expect(await axeViolations(a)).toEqual([]);
    await quote(
      a,
      {
        vlsfo: { price: '610' },
        mgo: { price: '905' },
        terms: '30 days after delivery',
        validUntil: dayAfter,
      },
      'Submit Offer',
    );
    await a.getByRole('status').filter({ hasText: 'Offer submitted' }).waitFor();

    // The trader watches the Offers tab; what arrives now shows by itself within 5 s.
    await trader.getByRole('tab', { name: /^Offers \(/ }).click();
    await trader.getByRole('tab', { name: 'Offers (2)' }).waitFor({ timeout: 6_000 });
    await trader.getByRole('table', { name: 'Offers compared' }).waitFor();
    // The first offer moved the inquiry to quoting, and the page's status says so without a reload.
    await trader.locator('.mantine-Badge-label', { hasText: /^quoting$/ }).waitFor({ timeout: 5_000 });

    // B answers from a phone: the page fits 375 px without scrolling sideways.
    const b = await browser.openPage(PHONE);
    await b.goto(links.b);
    await b.getByRole('heading', { name: 'CMA CGM MARCO POLO at Singapore' }).waitFor();
    expect(await fits(b)).toBe(true);
    await shot(b, 'public-offer-375px');
    expect(await axeViolations(b)).toEqual([]);
    await quote(
      b,
      {
        vlsfo: { price: '605' },
        mgo: { price: '880' },
        other: '250',
        terms: '30 days',
        validUntil: dayAfter,
      },
      'Submit Offer',
    );
    await b.getByRole('status').filter({ hasText: 'Offer submitted' }).waitFor();
    expect(await fits(b)).toBe(true);
    await trader.getByRole('columnheader', { name: /^Straits Marine Fuels/ }).waitFor({ timeout: 5_000 });
    await trader.getByRole('tab', { name: 'Offers (3)' }).waitFor();

    // A revises: same offer, revision 2, and the trader's column follows within 5 s.
    // Reopened, the link shows the offer made and starts the revision from it.
    await a.reload();
    await a.getByText(/^Revision 1, submitted/).waitFor();
    await a.getByRole('button', { name: 'Update Offer' }).waitFor();
    expect(await a.getByLabel('Price (USD/MT) for VLSFO').inputValue()).toBe('610.00');
    await quote(
      a,
      {
        vlsfo: { price: '598.50' },
        mgo: { price: '905' },
        barging: '1000',
        terms: '30 days after delivery',
        validUntil: dayAfter,
      },
      'Update Offer',
    );
    await a.getByRole('status').filter({ hasText: 'Offer updated' }).waitFor();
    await a.getByText(/Revision 2 is with the trader/).waitFor();
    await trader
      .getByRole('columnheader', { name: /^Lion City Bunkers.*Revision 2/ })
      .waitFor({ timeout: 5_000 });

    // C's validity lapses: Expired, no award button, and no longer the cheapest VLSFO.
    await expect
      .poll(() => cellOf(trader, suppliers.c.name, 'Status'), { timeout: 120_000, interval: 1_000 })
      .toMatch(/\bExpired\b/i);
    expect(await trader.getByRole('button', { name: `Award This Offer (${suppliers.c.name})` }).count()).toBe(
      0,
    );
    for (const s of [suppliers.a, suppliers.b]) {
      await trader.getByRole('button', { name: `Award This Offer (${s.name})` }).waitFor();
    }
    const { heads } = await compared(trader);
    expect(heads).toHaveLength(3);
    // The marks follow the expiry of c's offer, which the tab learns on its next refresh.
    await expect
      .poll(() => cellOf(trader, suppliers.a.name, 'VLSFO'), { timeout: 30_000 })
      .toMatch(/^USD 598\.50\/MT Cheapest VLSFO /i);
    expect(await cellOf(trader, suppliers.b.name, 'MGO')).toMatch(/^USD 880\.00\/MT Cheapest MGO /i);
    expect(await cellOf(trader, suppliers.c.name, 'VLSFO')).not.toMatch(/cheapest/i);
    expect(await cellOf(trader, suppliers.c.name, 'VLSFO')).toMatch(/^USD 590\.00\/MT 500–550 MT Short /i);
    // 598.50 × 600 + 905 × 80 + 1,000 barging; 605 × 600 + 880 × 80 + 250 other.
    expect(await cellOf(trader, suppliers.a.name, 'Total')).toMatch(/^USD 432,500\.00 Cheapest total$/i);
    expect(await cellOf(trader, suppliers.b.name, 'Total')).toBe('USD 433,650.00');
    await shot(trader, 'offers-tab-three-offers');
    expect(await axeViolations(trader)).toEqual([]);

    // C's own link now says why it is closed.
    await c.reload();
    await c.getByText('This offer link has expired: ', { exact: false }).waitFor();
    expect(await c.getByRole('button', { name: /Offer$/ }).count()).toBe(0);

    // Award A after the confirmation, with notes for the winner.
    await trader.getByRole('button', { name: `Award This Offer (${suppliers.a.name})` }).click();
    const award = trader.getByRole('dialog', { name: 'Award offer' });
    await award.getByText('Are you sure you want to award this offer?').waitFor();
    const notes = 'Please confirm the barge nomination by 18:00 local.';
    await award.getByLabel('Notes (optional)').fill(notes);
    await trader.waitForTimeout(300);
    await shot(trader, 'award-dialog');
    await award.getByRole('button', { name: 'Award Offer' }).click();
    await toast(trader, 'Offer awarded successfully!');
    await award.waitFor({ state: 'detached' });
    await expect.poll(() => cellOf(trader, suppliers.a.name, 'Status')).toMatch(/^Awarded Won: VLSFO, MGO$/i);
    expect(await cellOf(trader, suppliers.b.name, 'Status')).toMatch(/^Not awarded$/i);
    expect(await trader.getByRole('button', { name: /^Award This Offer/ }).count()).toBe(0);
    await trader.locator('.mantine-Badge-label', { hasText: /^awarded$/ }).waitFor();

    // The winner's confirmation with the agreed prices and the notes; the others' short notes.
    const accepted = await waitForMail(suppliers.a.email, /^Offer accepted/);
    expect(accepted.subject).toBe(
      `Offer accepted: CMA CGM MARCO POLO, Singapore (SGSIN), ETA ${formatPortShort(eta, ZONE)}`,
    );
    expect(flat(accepted.text)).toContain(notes);
    expect(flat(accepted.text)).toContain('598.50');
    for (const s of [suppliers.b, suppliers.c]) {
      const elsewhere = await waitForMail(s.email, /^Awarded elsewhere/);
      expect(elsewhere.subject).toBe(
        `Awarded elsewhere: CMA CGM MARCO POLO, Singapore (SGSIN), ETA ${formatPortShort(eta, ZONE)}`,
      );
      expect(flat(elsewhere.text)).not.toContain(notes);
    }
    // Exactly one invitation and one outcome each.
    for (const s of Object.values(suppliers)) {
      expect((await mailsTo(s.email)).map((m) => m.subject.split(':')[0]).sort()).toEqual(
        s === suppliers.a ? ['Offer accepted', 'RFQ'] : ['Awarded elsewhere', 'RFQ'],
      );
    }

    // The links now say the inquiry is closed, and how.
    await a.reload();
    await a.getByText('This inquiry has been awarded to your offer.').waitFor();
    await shot(a, 'public-offer-closed-awarded');
    await b.reload();
    await b.getByText('This inquiry has been awarded to another supplier.').waitFor();
    expect(await fits(b)).toBe(true);
    await shot(b, 'public-offer-closed-not-awarded-375px');
    expect(await axeViolations(b)).toEqual([]);
    await c.reload();
    await c.getByText('This inquiry has been awarded to another supplier.').waitFor();
    for (const page of [a, b, c]) expect(await page.getByRole('button', { name: /Offer$/ }).count()).toBe(0);

    // The Suppliers tab says who answered.
    await trader.getByRole('tab', { name: 'Suppliers' }).click();
    await expect.poll(() => pick.getByText('Offer received').count()).toBe(3);

    expect(traderErrors).toEqual([]);
    expect(aErrors).toEqual([]);
  }, 300_000);

  it('when a link is unknown, then the page says it is not valid', async () => {
    const page = await browser.openPage(PHONE);
    await page.goto(`/offer/${'x'.repeat(43)}`);
    await page.getByText('This offer link is not valid.').waitFor();
    expect(await fits(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
