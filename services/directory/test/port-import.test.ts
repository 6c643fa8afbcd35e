import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PORTS } from '@mfd/contracts';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startDirectory } from './harness';

const sharedFile = (name: string) => resolve(import.meta.dirname, '../../../../shared/data/unlocode', name);
const ownFixture = (name: string) => resolve(import.meta.dirname, 'fixtures/unlocode', name);

/** The reference file when ../shared/data has it, else our own fixture in the same layout. */
function codeListFile(name: string): string {
  return existsSync(sharedFile(name)) ? sharedFile(name) : ownFixture(name);
}

async function multipart(content: Uint8Array | string, filename = 'code-list.csv', type = 'text/csv') {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** What the file holds, counted independently of the importer: data rows and port entries. */
function expectedCounts(file: string) {
  const records: string[][] = parse(readFileSync(file), { bom: true, relax_column_count: true });
  const data = records.slice(1);
  const ports = data.filter((r) => r[0] !== 'X' && r[2] && r[7]?.startsWith('1'));
  const codes = ports.map((r) => `${r[1]}${r[2]}`);
  const builtIn = codes.filter((c) => BUILT_IN_PORTS.some((p) => p.unlocode === c));
  return { rows: data.length, ports: ports.length, builtIn: builtIn.length };
}

describe('UN/LOCODE bulk import', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  const admin = makeUser({ role: 'admin' });
  beforeAll(async () => {
    d = await startDirectory({ UPLOAD_MAX_BYTES: String(256 * 1024) });
  });
  afterAll(() => d.close());

  async function upload(content: Uint8Array | string, user: TestUser = admin, filename?: string, type?: string) {
    const { payload, contentType } = await multipart(content, filename, type);
    return d.app.inject({ method: 'POST', url: '/api/ports/bulk-import', headers: { ...bearer(user), 'content-type': contentType }, payload });
  }

  it('when the sample code list is imported twice, then the counts match the file and the second run inserts nothing', async () => {
    const file = codeListFile('code-list-sample.csv');
    const expected = expectedCounts(file);
    const first = await upload(readFileSync(file));
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json();
    expect(r.success).toBe(true);
    expect(r.total_processed).toBe(expected.rows);
    // Every port entry is either imported or reported (the real list has a few malformed rows).
    const imported = r.inserted + r.updated + r.unchanged;
    expect(imported + r.skipped.length).toBe(expected.ports);
    expect(r.updated + r.unchanged).toBeLessThanOrEqual(expected.builtIn);
    if (file === ownFixture('code-list-sample.csv')) expect(r.skipped).toEqual([]);

    const stats = (await d.app.inject({ method: 'GET', url: '/api/ports/stats', headers: bearer(admin) })).json();
    expect(stats.total_ports).toBe(BUILT_IN_PORTS.length + r.inserted);

    const second = await upload(readFileSync(file));
    expect(second.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: imported, total_processed: expected.rows });

    const rotterdam = (await d.app.inject({ method: 'GET', url: '/api/ports/NLRTM/lookup', headers: bearer(admin) })).json().port;
    expect(rotterdam).toMatchObject({ lat: 51.9167, lon: 4.5, timezone: 'Europe/Amsterdam' });
    const mariehamn = (await d.app.inject({ method: 'GET', url: '/api/ports/AXMHQ/lookup', headers: bearer(admin) })).json().port;
    expect(mariehamn).toMatchObject({ timezone: 'Europe/Mariehamn', source: 'unlocode' });
    const noCoordinates = (await d.app.inject({ method: 'GET', url: '/api/ports/NLMOE/lookup', headers: bearer(admin) })).json().port;
    expect(noCoordinates).toMatchObject({ lat: null, lon: null, timezone: 'UTC' });
  });

  it('when some rows are bad, then each is reported with its line and the good ones are imported', async () => {
    // Our own file: its bad lines are known, so the report can be checked line by line.
    const res = await upload(readFileSync(ownFixture('bad-rows.csv')));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.skipped.map((s: { line: number }) => s.line)).toEqual([3, 5, 6, 8, 9, 12]);
    expect(body.skipped[5]).toEqual({ line: 12, unlocode: null, reason: 'unreadable CSV: Invalid Closing Quote' });
    expect(body.skipped[0]).toEqual({ line: 3, unlocode: 'NLRTM', reason: 'coordinates "5155N 0430E" are not in the form ddmmN dddmmE' });
    expect(body.skipped[1]).toEqual({ line: 5, unlocode: 'GRPIR', reason: 'missing name' });
    expect(body.skipped[4]).toEqual({ line: 9, unlocode: 'SGSIN', reason: 'duplicate of line 2' });
    expect(body.inserted + body.updated + body.unchanged).toBe(6);
    for (const code of ['ESALG', 'FRMRS', 'JPYOK']) {
      expect((await d.app.inject({ method: 'GET', url: `/api/ports/${code}/lookup`, headers: bearer(admin) })).statusCode, code).toBe(200);
    }
  });

  it.runIf(existsSync(sharedFile('bad-rows.csv')))('when the reference bad-rows file is imported, then every skip names its line and a reason', async () => {
    const res = await upload(readFileSync(sharedFile('bad-rows.csv')));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.skipped.length).toBeGreaterThan(0);
    for (const skip of body.skipped) {
      expect(skip.line).toBeGreaterThan(1);
      expect(skip.reason).not.toBe('');
    }
    expect(body.inserted + body.updated + body.unchanged + body.skipped.length).toBeLessThanOrEqual(body.total_processed);
  });

  it('when the upload is not a code list, then 400 and nothing is written', async () => {
    const before = (await d.app.inject({ method: 'GET', url: '/api/ports/stats', headers: bearer(admin) })).json().total_ports;
    const notCsv = await upload('name,email\nAnna,anna@example.com\n');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().errors[0].field).toBe('file');
    const binary = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), admin, 'logo.png', 'image/png');
    expect(binary.statusCode).toBe(400);
    expect((await d.app.inject({ method: 'GET', url: '/api/ports/stats', headers: bearer(admin) })).json().total_ports).toBe(before);
  });

  it('when the upload is larger than allowed, then 413', async () => {
    const before = (await d.app.inject({ method: 'GET', url: '/api/ports/stats', headers: bearer(admin) })).json().total_ports;
    const lines = readFileSync(codeListFile('code-list-sample.csv')).toString().split('\n');
    // Unique ports, so a partial import would show in the count.
    const rows = Array.from({ length: 4000 }, (_, i) => `"","ZZ","${(i + 1000).toString(36).toUpperCase().padStart(3, '2').slice(-3)}","Port ${i}","Port ${i}","","AI","1-------","2401","","",""`);
    const body = [lines[0], ...rows].join('\n');
    // Over the file limit (256 KB here) but under the request's slack, so the cut-off stream is what trips.
    expect(body.length).toBeGreaterThan(256 * 1024);
    expect(body.length).toBeLessThan(320 * 1024);
    const res = await upload(body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, detail: expect.stringMatching(/larger than/) });
    expect((await d.app.inject({ method: 'GET', url: '/api/ports/stats', headers: bearer(admin) })).json().total_ports).toBe(before);
  });

  it('when a trader imports, then 403', async () => {
    expect((await upload('x', makeUser())).statusCode).toBe(403);
  });
});
