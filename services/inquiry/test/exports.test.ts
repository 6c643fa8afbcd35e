import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

const HYPERLINK = '=HYPERLINK("http://evil.example","Click me")';

/** Every non-empty row of the workbook's first sheet: [type, value, numFmt] per cell. */
async function readBack(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: { value: ExcelJS.CellValue; type: ExcelJS.ValueType; numFmt: string | undefined }[][] = [];
  sheet.eachRow((row) => {
    const cells: (typeof rows)[number] = [];
    row.eachCell({ includeEmpty: true }, (cell) =>
      cells.push({ value: cell.value, type: cell.type, numFmt: cell.numFmt }),
    );
    rows.push(cells);
  });
  return { name: sheet.name, rows, values: rows.map((r) => r.map((c) => c.value)) };
}

describe('exports', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  let seed: ReturnType<typeof insightSeeder>;
  const user = makeUser();
  const other = makeUser();
  const port = randomUUID();

  beforeAll(async () => {
    ctx = await startInquiry();
    seed = insightSeeder(ctx.deps.database.db);
  });
  afterAll(() => ctx.close());

  const get = (caller: TestUser, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(caller) });

  async function inquiryWithOffers() {
    const inquiry = await seed.inquiry(
      user.tenantId,
      port,
      [
        { product: 'VLSFO', max: '500' },
        { product: 'MGO', max: '100' },
      ],
      { customer: 'Nordic Tankers A/S', vessel: 'MSC Oscar', eta: '2026-11-20T02:00:00Z' },
    );
    await seed.offer(inquiry, ['600', '900'], {
      supplier: HYPERLINK,
      submittedAt: '2026-11-02T03:00:00Z',
      remarks: '@SUM(1,2)',
    });
    await seed.offer(inquiry, ['610.5', null], {
      supplier: 'Gulf Energy',
      submittedAt: '2026-11-02T04:30:00Z',
    });
    return inquiry;
  }

  it('when the comparison is exported, then each cell reads back as it should: names as text (a formula stays text), prices as numbers with 2 decimals, times in port time with the offset', async () => {
    const inquiry = await inquiryWithOffers();
    const res = await get(user, `/api/inquiries/${inquiry.id}/offers.xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="offers-msc-oscar.xlsx"');
    const book = await readBack(res.rawPayload);
    expect(book.name).toBe('Offers');
    expect(book.values.slice(0, 5)).toEqual([
      ['Offers compared', 'MSC Oscar at Singapore'],
      ['Customer', 'Nordic Tankers A/S'],
      ['ETA', '20 Nov 2026 10:00 local (UTC+08:00)'],
      ['Exported', expect.stringMatching(/^\d\d \w{3} \d{4} \d\d:\d\d local \(UTC\+08:00\)$/)],
      ['Prices', 'USD per MT; landed costs count each line at its requested max with every charge'],
    ]);
    const header = book.values[5];
    expect(header).toEqual([
      'Supplier',
      'Status',
      'Submitted (port time)',
      'VLSFO (USD/MT)',
      'MGO (USD/MT)',
      'Fuel cost (USD)',
      'Charges (USD)',
      'Total landed cost (USD)',
      'All-in per MT (USD)',
      'Payment terms',
      'Valid until (port time)',
      'Remarks',
    ]);
    const [first, second] = [book.rows[6]!, book.rows[7]!];
    // The supplier's name is text with a leading apostrophe: the formula is never run.
    expect(first[0]).toMatchObject({ value: `'${HYPERLINK}`, type: ExcelJS.ValueType.String });
    expect(first.map((c) => c.value)).toEqual([
      `'${HYPERLINK}`,
      'Submitted',
      '02 Nov 2026 11:00 local (UTC+08:00)',
      600,
      900,
      // 600 × 500 + 900 × 100; no charges; / 600 MT.
      390000,
      0,
      390000,
      650,
      null,
      null,
      "'@SUM(1,2)",
    ]);
    for (const i of [3, 4, 5, 6, 7, 8])
      expect(first[i]).toMatchObject({ type: ExcelJS.ValueType.Number, numFmt: '#,##0.00' });
    expect(second.slice(0, 9).map((c) => c.value)).toEqual([
      'Gulf Energy',
      'Submitted',
      '02 Nov 2026 12:30 local (UTC+08:00)',
      610.5,
      null,
      305250,
      0,
      305250,
      610.5,
    ]);

    // Another company's inquiry is not found.
    expect((await get(other, `/api/inquiries/${inquiry.id}/offers.xlsx`)).statusCode).toBe(404);
  });

  it('when an offer is index-linked, then a last column gives its formula and the value its price rests on', async () => {
    const inquiry = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }], {
      vessel: 'Pacific Pearl',
    });
    await seed.indexValue(inquiry, 'Platts SG 0.5%', '515.50');
    await seed.offer(inquiry, [{ index: 'Platts SG 0.5%', differential: '4' }], {
      supplier: 'Lion City',
      submittedAt: '2026-11-02T03:00:00Z',
    });
    await seed.offer(inquiry, ['521'], { supplier: 'Straits', submittedAt: '2026-11-02T04:00:00Z' });
    const book = await readBack((await get(user, `/api/inquiries/${inquiry.id}/offers.xlsx`)).rawPayload);
    const column = book.values[5]!.indexOf('Index pricing');
    expect(column).toBe(book.values[5]!.length - 1);
    const byName = new Map(book.values.slice(6).map((row) => [row[0], row]));
    // 515.50 + 4.00 = 519.50 a tonne, and what it is made of.
    expect(byName.get('Lion City')![3]).toBe(519.5);
    expect(byName.get('Lion City')![column]).toBe(
      'VLSFO: Platts SG 0.5% + 4.00 (value 515.50 on 2026-11-01)',
    );
    // An empty trailing cell is not stored at all.
    expect(byName.get('Straits')![column] ?? null).toBeNull();
  });

  it('when the suppliers and the customer are left out, then neither name is anywhere in the workbook', async () => {
    const inquiry = await inquiryWithOffers();
    const res = await get(user, `/api/inquiries/${inquiry.id}/offers.xlsx?hide_suppliers=1&hide_customer=1`);
    expect(res.statusCode, res.body).toBe(200);
    const book = await readBack(res.rawPayload);
    const text = JSON.stringify(book.values);
    for (const name of ['HYPERLINK', 'Gulf Energy', 'Nordic', 'Customer']) expect(text).not.toContain(name);
    // The title block is a line shorter without the customer.
    expect(book.values.slice(4).map((r) => r[0])).toEqual(['Supplier', 'Supplier A', 'Supplier B']);
    const bad = await get(user, `/api/inquiries/${inquiry.id}/offers.xlsx?hide_suppliers=yes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'hide_suppliers', message: 'Hide suppliers must be 1 or 0' },
    ]);
  });

  it('when the price history is exported, then a row per day holds the figures as numbers', async () => {
    const inquiry = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.offer(inquiry, ['600'], {
      status: 'awarded',
      submittedAt: '2026-10-02T03:00:00Z',
      awardedAt: '2026-10-03T03:00:00Z',
    });
    await seed.offer(inquiry, ['601'], { status: 'not_awarded', submittedAt: '2026-10-02T04:00:00Z' });
    const res = await get(
      user,
      `/api/insights/prices.xlsx?port_id=${port}&product=vlsfo&from=2026-10-01&to=2026-10-31`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="prices-singapore-vlsfo.xlsx"');
    const book = await readBack(res.rawPayload);
    expect(book.values).toEqual([
      ['Price history', 'vlsfo at Singapore'],
      ['Period (port time)', '2026-10-01 to 2026-10-31'],
      ['Prices', 'USD per MT; index-linked lines at their index value plus the differential'],
      ['Date (port time)', 'Offers', 'Lowest', 'Median', 'Highest', 'Awarded', 'Awarded average'],
      ['2026-10-02', 2, 600, 600.5, 601, 1, 600],
    ]);
    expect(book.rows[4]![2]).toMatchObject({ type: ExcelJS.ValueType.Number, numFmt: '#,##0.00' });
    // Another company's export of the same port holds no day.
    const theirs = await readBack(
      (
        await get(
          other,
          `/api/insights/prices.xlsx?port_id=${port}&product=vlsfo&from=2026-10-01&to=2026-10-31`,
        )
      ).rawPayload,
    );
    expect(theirs.values).toHaveLength(4);
  });
  it('when the scorecards are exported, then a row per supplier holds its figures as numbers with 2 decimals and a formula name stays text', async () => {
    const [evil, gulf] = [randomUUID(), randomUUID()];
    const vlsfo = [{ product: 'VLSFO', max: '500' }];
    for (const day of ['02', '03', '04']) {
      const inquiry = await seed.inquiry(user.tenantId, port, vlsfo);
      await seed.send(inquiry, evil, HYPERLINK, `2026-07-${day}T10:00:00Z`);
      await seed.send(inquiry, gulf, 'Gulf Energy', `2026-07-${day}T10:00:00Z`);
      if (day === '04') await seed.decline(inquiry, gulf, 'no_credit');
      else
        await seed.offer(inquiry, ['600'], {
          supplierId: gulf,
          supplier: 'Gulf Energy',
          status: day === '02' ? 'awarded' : 'submitted',
          submittedAt: `2026-07-${day}T11:30:00Z`,
        });
    }
    const res = await get(user, '/api/insights/suppliers.xlsx?from=2026-07-01&to=2026-07-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="supplier-scorecards-2026-07-01-2026-07-31.xlsx"',
    );
    const book = await readBack(res.rawPayload);
    expect(book.name).toBe('Scorecards');
    expect(book.values.slice(2)).toEqual([
      [
        'Supplier',
        'Inquiries received',
        'Response rate (%)',
        'Decline rate (%)',
        'Decline reasons',
        'Median response (hours)',
        'Win rate (%)',
        'Above best, average (%)',
        'Stems delivered',
        'Quantity claims',
        'Quality claims',
        'Invoices flagged',
      ],
      [`'${HYPERLINK}`, 3, 0, 0, null, null, 0, null, 0, 0, 0, 0],
      // Offered on 2 of 3 (1.5 h each), declined 1 (no credit), won 1; alone, so at the best.
      ['Gulf Energy', 3, 66.67, 33.33, 'No credit line for this buyer 1', 1.5, 33.33, 0, 0, 0, 0, 0],
    ]);
    const [evilRow, gulfRow] = [book.rows[3]!, book.rows[4]!];
    expect(evilRow[0]).toMatchObject({ type: ExcelJS.ValueType.String });
    expect(gulfRow[4]).toMatchObject({ type: ExcelJS.ValueType.String });
    for (const i of [2, 3, 5, 6, 7])
      expect(gulfRow[i]).toMatchObject({ type: ExcelJS.ValueType.Number, numFmt: '#,##0.00' });
    expect(gulfRow[1]).toMatchObject({ type: ExcelJS.ValueType.Number });

    // Another company's export of the same month holds no supplier; a bad period is a 400 naming it.
    const theirs = await readBack(
      (await get(other, '/api/insights/suppliers.xlsx?from=2026-07-01&to=2026-07-31')).rawPayload,
    );
    expect(theirs.values).toHaveLength(3);
    const bad = await get(user, '/api/insights/suppliers.xlsx?from=2026-07-31&to=2026-07-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'to', message: 'To must not be before From' }]);
  });
  it('when the comparison is exported as a PDF, then it reads as the workbook does, and the names left out are nowhere in it', async () => {
    const inquiry = await inquiryWithOffers();
    const res = await get(user, `/api/inquiries/${inquiry.id}/offers.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="offers-msc-oscar.pdf"');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    // A cell wraps its text over lines: read it as one.
    const flat = text.replace(/\s+/g, ' ');
    for (const shown of [
      'Offers compared: MSC Oscar at Singapore',
      '20 Nov 2026 10:00 local (UTC+08:00)',
      'Customer Nordic Tankers A/S',
      'Gulf Energy',
      '390,000.00',
      '305,250.00',
      '610.50',
      '@SUM(1,2)',
    ])
      expect(flat).toContain(shown);
    // The supplier's name as it is (a PDF runs no formula, so no apostrophe), read across the
    // narrow cell's lines and the hyphens the layout adds where it breaks them.
    expect(text.replace(/-\n/g, '').replace(/\s+/g, '')).toContain(HYPERLINK.replace(/\s+/g, ''));

    const hidden = await get(
      user,
      `/api/inquiries/${inquiry.id}/offers.pdf?hide_suppliers=1&hide_customer=1`,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const anonymous = (await extractText(new Uint8Array(hidden.rawPayload), { mergePages: true })).text;
    for (const name of ['HYPERLINK', 'Gulf Energy', 'Nordic', 'Customer'])
      expect(anonymous).not.toContain(name);
    expect(anonymous).toContain('Supplier A');
    expect(anonymous).toContain('Supplier B');
    expect(anonymous).toContain('390,000.00');

    expect((await get(other, `/api/inquiries/${inquiry.id}/offers.pdf`)).statusCode).toBe(404);
    const bad = await get(user, `/api/inquiries/${inquiry.id}/offers.pdf?hide_customer=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'hide_customer', message: 'Hide customer must be 1 or 0' }]);
  });
});
