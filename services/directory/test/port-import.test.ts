import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PORTS } from '@mfd/contracts';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startDirectory } from './harness';

/** The real UNECE extract and the broken-rows file of ../shared/data (see its SOURCE.md and bad-rows.expected.md). */
const referenceFile = (name: string) =>
  resolve(import.meta.dirname, '../../../../shared/data/unlocode', name);
const sample = readFileSync(referenceFile('code-list-sample.csv'), 'utf8');
const badRows = readFileSync(referenceFile('bad-rows.csv'), 'utf8');
/** The same rows as UNECE publishes its part files: no header row. */
const withoutHeader = (csv: string) => csv.slice(csv.indexOf('\n') + 1);
const HEADER = sample.slice(0, sample.indexOf('\n'));

const LIMIT = 4 * 1024 * 1024;
// An operator (shared data) who is also a company admin: allowed whichever check the route makes.
const importer = () => makeUser({ role: 'admin', operator: true });

async function multipart(content: Uint8Array | string, filename = 'code-list.csv', type = 'text/csv') {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }),
    filename,
  );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

// SOURCE.md: 5,826 rows; CNSHA is an airport in the 2017-1 edition (not a port), two rows are marked "X" (to be
// removed), so 3 rows are not imported ports; eight GR codes come twice;
// and 19 real port rows (US, CN, ...) give minutes of 60 or more in their coordinates ("4741N 12284W").
const SAMPLE_ROWS = 5826;
const BAD_COORDINATES = 19;
const NOT_PORTS = 3;
const SAMPLE_PORTS = 5826 - NOT_PORTS - 8 - BAD_COORDINATES;
const SAMPLE_SKIPPED = 8 + BAD_COORDINATES;
// Nine of the ten built-in ports are port rows of the sample (all but CNSHA).
const BUILT_IN_IN_SAMPLE = 9;
const GR_DUPLICATES = ['GRHER', 'GRHYD', 'GRKIM', 'GRLAV', 'GRLEV', 'GRVTH', 'GRSYS', 'GRJSY'];

function useDirectory() {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  const admin = importer();
  beforeAll(async () => {
    d = await startDirectory({ UPLOAD_MAX_BYTES: String(LIMIT) });
  });
  afterAll(() => d.close());
  return {
    get app() {
      return d.app;
    },
    async upload(content: Uint8Array | string, user: TestUser = admin, filename?: string, type?: string) {
      const { payload, contentType } = await multipart(content, filename, type);
      return d.app.inject({
        method: 'POST',
        url: '/api/ports/bulk-import',
        headers: { ...bearer(user), 'content-type': contentType },
        payload,
      });
    },
    get: (url: string) => d.app.inject({ method: 'GET', url, headers: bearer(admin) }),
  };
}

describe('UN/LOCODE bulk import of the reference files', () => {
  const t = useDirectory();
  const totalPorts = async () => (await t.get('/api/ports/stats')).json().total_ports as number;

  it('when the real sample (with a header) is imported twice, then every port row is taken once and the second run changes nothing', async () => {
    const first = await t.upload(sample);
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json();
    expect(r).toMatchObject({
      success: true,
      total_processed: SAMPLE_ROWS,
      inserted: SAMPLE_PORTS - BUILT_IN_IN_SAMPLE,
      updated: BUILT_IN_IN_SAMPLE,
      unchanged: 0,
      skipped_total: SAMPLE_SKIPPED,
    });
    const duplicates = r.skipped.filter((s: { reason: string }) => s.reason.startsWith('duplicate of line'));
    expect(duplicates.map((s: { unlocode: string }) => s.unlocode).sort()).toEqual([...GR_DUPLICATES].sort());
    expect(r.skipped.filter((s: { reason: string }) => /minutes of 60 or more/.test(s.reason))).toHaveLength(
      BAD_COORDINATES,
    );
    expect(r.skipped).toContainEqual({
      line: 684,
      unlocode: 'USBA3',
      reason: 'coordinates "4741N 12284W" have minutes of 60 or more',
    });
    expect(r.skipped.find((s: { unlocode: string }) => s.unlocode === 'GRHYD')).toEqual({
      line: 5110,
      unlocode: 'GRHYD',
      reason: 'duplicate of line 5109',
    });
    expect(r.message).toBe(
      `Imported ${SAMPLE_PORTS.toString()} ports from ${SAMPLE_ROWS} rows: ${SAMPLE_PORTS - BUILT_IN_IN_SAMPLE} new, 9 updated, 0 unchanged, ${SAMPLE_SKIPPED} rows skipped, 3 rows not ports.`,
    );
    expect(await totalPorts()).toBe(BUILT_IN_PORTS.length + SAMPLE_PORTS - BUILT_IN_IN_SAMPLE);

    const second = (await t.upload(sample)).json();
    expect(second).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: SAMPLE_PORTS,
      total_processed: SAMPLE_ROWS,
    });
    expect(second.message).toBe(
      `No changes: all ${SAMPLE_PORTS} ports already up to date (${SAMPLE_ROWS} rows read), ${SAMPLE_SKIPPED} rows skipped, 3 rows not ports.`,
    );

    const lookup = async (code: string) => (await t.get(`/api/ports/${code}/lookup`)).json().port;
    expect(await lookup('NLRTM')).toMatchObject({ lat: 51.9167, lon: 4.5, timezone: 'Europe/Amsterdam' });
    // No coordinates in the file: the zone comes from the (one-zone) country.
    expect(await lookup('DEHAM')).toMatchObject({ lat: null, lon: null, timezone: 'Europe/Berlin' });
    expect(await lookup('GBFXT')).toMatchObject({ lat: null, lon: null, timezone: 'Europe/London' });
    expect((await t.get('/api/ports/CNSHA/lookup')).json().port).toMatchObject({ source: 'seed' });
  });

  it('when the bad-rows file follows, then each of its 22 invalid rows is reported with its line and reason, and only the valid rows change anything', async () => {
    const before = await totalPorts();
    const res = await t.upload(badRows);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.skipped).toEqual([
      { line: 2, unlocode: null, reason: 'country "SGP" must be 2 capital letters' },
      { line: 3, unlocode: null, reason: 'country "S" must be 2 capital letters' },
      { line: 4, unlocode: null, reason: 'location "SINX" must be 3 capital letters or digits 2-9' },
      { line: 5, unlocode: null, reason: 'location "r7m" must be 3 capital letters or digits 2-9' },
      { line: 6, unlocode: null, reason: 'location "RT1" must be 3 capital letters or digits 2-9' },
      { line: 7, unlocode: 'NLRTX', reason: 'missing name' },
      { line: 8, unlocode: 'NLRTX', reason: 'missing name' },
      { line: 9, unlocode: 'SGSIX', reason: 'coordinates "123N 10350E" are not in the form ddmmN dddmmE' },
      { line: 10, unlocode: 'SGSIX', reason: 'coordinates "0117N 1035E" are not in the form ddmmN dddmmE' },
      { line: 11, unlocode: 'SGSIX', reason: 'coordinates "9999N 99999E" have minutes of 60 or more' },
      { line: 12, unlocode: 'SGSIX', reason: 'coordinates "0117N 18100E" are out of range' },
      { line: 13, unlocode: 'SGSIX', reason: 'coordinates "0117X 10351E" are not in the form ddmmN dddmmE' },
      {
        line: 14,
        unlocode: 'NLRTX',
        reason: 'function "1-3--Z--" has "Z" at position 6 (allowed: "6" or "-")',
      },
      { line: 15, unlocode: 'NLRTX', reason: 'function "1-3" must have 8 characters' },
      {
        line: 16,
        unlocode: 'NLRTX',
        reason: 'function "31------" has "3" at position 1 (allowed: "1" or "0" or "-")',
      },
      { line: 17, unlocode: null, reason: '4 columns, expected 12' },
      { line: 18, unlocode: null, reason: '13 columns, expected 12' },
      { line: 22, unlocode: null, reason: 'country "nl" must be 2 capital letters' },
      { line: 23, unlocode: null, reason: 'country "ZZ" is not in the ISO 3166 country list' },
      { line: 24, unlocode: null, reason: 'country "N1" must be 2 capital letters' },
      { line: 25, unlocode: 'NLRTX', reason: 'status "ZZ" is not a UN/LOCODE status indicator' },
      { line: 26, unlocode: null, reason: 'unreadable CSV: Invalid Closing Quote' },
    ]);
    expect(body).toMatchObject({
      total_processed: 25,
      skipped_total: 22,
      inserted: 2,
      updated: 0,
      unchanged: 1,
    });
    // The NLRTM row repeats the sample's: an upsert, so still one Rotterdam; the two valid rows are the only new ports.
    expect(await totalPorts()).toBe(before + 2);
    for (const code of ['NLRTX', 'SGSIX', 'ZZABC', 'NLRT1'])
      expect((await t.get(`/api/ports/${code}/lookup`)).statusCode, code).not.toBe(200);
    expect((await t.get('/api/ports/DKAAB/lookup')).json().port).toMatchObject({
      name: 'Åbenrå',
      lat: 55.0333,
      lon: 9.4333,
      timezone: 'Europe/Copenhagen',
    });
    expect((await t.get('/api/ports/IEARK/lookup')).json().port).toMatchObject({
      name: 'Arklow',
      lat: null,
      lon: null,
      subdivision: null,
      timezone: 'Europe/Dublin',
    });
  });

  it('when the upload is not a code list, then 400 and nothing is written', async () => {
    const before = await totalPorts();
    const notCsv = await t.upload('name,email\nAnna,anna@example.com\n');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().errors[0].field).toBe('file');
    const binary = await t.upload(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
      undefined,
      'logo.png',
      'image/png',
    );
    expect(binary.statusCode).toBe(400);
    expect(await totalPorts()).toBe(before);
  });

  it('when the upload is larger than allowed, then 413 naming the limit in MB, and nothing of it is imported', async () => {
    const before = await totalPorts();
    const rows = withoutHeader(sample);
    // Just over the file limit but under the request's slack, so the cut-off stream is what trips.
    const body = `${HEADER}\n${rows.repeat(Math.ceil(LIMIT / rows.length))}`.slice(0, LIMIT + 10 * 1024);
    const res = await t.upload(body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, detail: 'The file is larger than 4.0 MB' });
    expect(await totalPorts()).toBe(before);
  });

  it('when a record runs past 16 KB (a file without line breaks), then 400 at once', async () => {
    const started = Date.now();
    const res = await t.upload(`${HEADER}\n${'x'.repeat(3 * 1024 * 1024)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe('Line 2 is longer than 16 KB: this is not a UN/LOCODE code list.');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('when a trader imports, then 403', async () => {
    expect((await t.upload('x', makeUser())).statusCode).toBe(403);
  });
});

describe('UN/LOCODE bulk import of a header-less part file', () => {
  const t = useDirectory();

  it('when the sample rows come without the header (as UNECE publishes them), then they import in the UNECE column order', async () => {
    const res = await t.upload(withoutHeader(sample), undefined, '2024-2 UNLOCODE CodeListPart2.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total_processed: SAMPLE_ROWS,
      inserted: SAMPLE_PORTS - BUILT_IN_IN_SAMPLE,
      updated: BUILT_IN_IN_SAMPLE,
      skipped_total: SAMPLE_SKIPPED,
    });
    // Lines count from the file's first line, which is now a data row.
    expect(res.json().skipped.find((s: { unlocode: string }) => s.unlocode === 'GRHYD')).toMatchObject({
      line: 5109,
    });
    expect((await t.get('/api/ports/NLRTM/lookup')).json().port).toMatchObject({ lat: 51.9167, lon: 4.5 });

    const bad = (await t.upload(withoutHeader(badRows))).json();
    expect(bad).toMatchObject({ total_processed: 25, skipped_total: 22, inserted: 2, unchanged: 1 });
    expect(bad.skipped[0]).toEqual({
      line: 1,
      unlocode: null,
      reason: 'country "SGP" must be 2 capital letters',
    });
  });
});

describe('UN/LOCODE bulk import: reports and names', () => {
  const t = useDirectory();
  const portRow = (code: string, name: string) =>
    `,"${code.slice(0, 2)}","${code.slice(2)}","${name}","${name}",,"1-------","AF","0501",,,`;

  it('when one new port is imported and then the same file again, then the messages count it right', async () => {
    const file = `${HEADER}\n${portRow('NOAES', 'Ålesund')}\n`;
    expect((await t.upload(file)).json().message).toBe(
      'Imported 1 port from 1 row: 1 new, 0 updated, 0 unchanged, 0 rows skipped, 0 rows not ports.',
    );
    expect((await t.upload(file)).json().message).toBe(
      'No changes: all 1 port already up to date (1 row read), 0 rows skipped, 0 rows not ports.',
    );
  });

  it('when a file has thousands of bad rows, then the answer lists the first 100 and counts them all', async () => {
    const rows = Array.from(
      { length: 2500 },
      (_, i) =>
        `,"ZZ","${(1296 + i).toString(36).toUpperCase()}","Nowhere","Nowhere",,"1-------","AF","0501",,,`,
    );
    const res = await t.upload(`${HEADER}\n${rows.join('\n')}\n`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.skipped).toHaveLength(100);
    expect(body.skipped_total).toBe(2500);
    expect(body.skipped[99].line).toBe(101);
    expect(res.body.length).toBeLessThan(20 * 1024);
  });

  it('when imported names break the rules of typed names, then those rows are skipped with the reason, never a 500', async () => {
    const res = await t.upload(
      [
        HEADER,
        portRow('NOLOG', 'L'.repeat(6000)),
        portRow('NOHYP', '=HYPERLINK(""http://evil.example"")'),
        portRow('NOSUM', '@SUM(A1:A9)'),
        portRow('NOSCR', 'Port <script>alert(1)</script>'),
        portRow('NOBEL', 'Bell\u0007Port'),
        portRow('NOOKK', 'Okay Harbour'),
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.skipped.map((s: { unlocode: string; reason: string }) => [s.unlocode, s.reason])).toEqual([
      ['NOLOG', 'Name: Name must be at most 200 characters'],
      ['NOHYP', 'Name: Name must not start with =, +, - or @'],
      ['NOSUM', 'Name: Name must not start with =, +, - or @'],
      ['NOSCR', 'Name: Name must not contain HTML tags'],
      ['NOBEL', expect.stringMatching(/^Name: Name must be a single line/)],
    ]);
    expect(body.inserted).toBe(1);
  });

  it('when a port is typed with a formula or a tag for its name, then 400 as for an import', async () => {
    for (const name of ['=1+2', 'A <b>bold</b> port']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ports',
        headers: bearer(importer()),
        payload: { unlocode: 'NOTYP', name, country: 'NO' },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors[0].field).toBe('name');
    }
  });
});

describe('UN/LOCODE bulk import of a file written in several batches', () => {
  const t = useDirectory();
  const totalPorts = async () => (await t.get('/api/ports/stats')).json().total_ports as number;
  const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';
  // More rows than one write batch holds (5,000), each a port code of its own.
  const rows = Array.from({ length: 6000 }, (_, i) => {
    const location = [Math.floor(i / 34 / 34), Math.floor(i / 34) % 34, i % 34]
      .map((d) => CODE_CHARS[d])
      .join('');
    return `,"NO","${location}","Havn ${i}","Havn ${i}",,"1-------","AF","0501",,"5958N 01045E",`;
  });

  it('when a row repeats a code from an earlier batch, then it is reported as a duplicate and every other row is imported', async () => {
    const before = await totalPorts();
    const res = await t.upload(`${[...rows, rows[0]].join('\n')}\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total_processed: 6001, inserted: 6000, updated: 0, skipped_total: 1 });
    expect(res.json().skipped).toEqual([{ line: 6001, unlocode: 'NOAAA', reason: 'duplicate of line 1' }]);
    expect(await totalPorts()).toBe(before + 6000);
    expect((await t.get('/api/ports/NOFGP/lookup')).json().port).toMatchObject({
      name: 'Havn 5999',
      lat: 59.9667,
      lon: 10.75,
      timezone: 'Europe/Oslo',
    });
  });

  it('when the file turns out not to be a code list after a batch was written, then 400 and none of its ports are kept', async () => {
    const before = await totalPorts();
    // Two batches, so the first has been written (and waited for) before the broken line is read.
    const fresh = [...rows, ...rows].map((r, i) => r.replace('"NO"', i < rows.length ? '"SE"' : '"FI"'));
    const res = await t.upload(`${fresh.join('\n')}\n${'x'.repeat(20 * 1024)}\n`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe('Line 12001 is longer than 16 KB: this is not a UN/LOCODE code list.');
    expect(await totalPorts()).toBe(before);
  });
});
