import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { barLapsedClaims } from '../src/domain/stems/stem-claims';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const DAY = 24 * 3_600_000;

/** One file as a browser's form upload sends it. */
function multipart(filename: string, content: Buffer, type = 'application/pdf') {
  const boundary = '----stem-life-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);

describe('a stem from delivery to closed', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity, { company_name: 'Baltic Bunkers ApS' });
  });
  afterAll(() => s.close());

  const call = (user: Caller, method: Method, url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const api = (method: Method, url: string, payload?: object) => call(trader, method, url, payload);
  const upload = (user: Caller, stemId: string, body: ReturnType<typeof multipart>) =>
    s.inquiry.app.inject({
      method: 'POST',
      url: `/api/stems/${stemId}/documents`,
      headers: { ...bearer(user), 'content-type': body.contentType },
      payload: body.payload,
    });

  /**
   * A stem awarded to Winner Fuels (VLSFO 500–600.5 MT at 612.35, MGO 50–80 MT at 845.10, barging
   * 1,500.50), as sent: the send is the stems slice's, so the fixture moves the row there.
   */
  async function sentStem() {
    const inquiry = await createInquiry(s, trader);
    const winner = await seedLink(s, trader, inquiry.id, { supplierName: 'Winner Fuels' });
    const won = await publicPost(
      s,
      winner.token,
      offerBody(inquiry.lineIds, ['612.35', '845.10'], { barging_charges: '1500.5' }),
    );
    expect(won.statusCode, won.body).toBe(200);
    const award = await api('POST', `/api/offers/${won.json().offer_id}/award`, { notes: null, revision: 1 });
    expect(award.statusCode, award.body).toBe(200);
    const items = (await api('GET', `/api/stems?inquiry_id=${inquiry.id}`)).json().items as {
      id: string;
      inquiry_id: string;
    }[];
    const stemId = items.find((i) => i.inquiry_id === inquiry.id)!.id;
    await s.inquiry.deps.database.db
      .updateTable('stems')
      .set({ status: 'sent', sent_at: new Date() })
      .where('id', '=', stemId)
      .execute();
    return { inquiry, stemId };
  }

  const delivery = (lineIds: string[], deliveredAt: string, vlsfo = '612.5') => ({
    bdn_number: 'BDN-77841',
    delivered_at: deliveredAt,
    barge_name: 'Marina Star',
    seals: ['M-1001', 'S-2002'],
    remarks: 'Hoses off 14:20',
    lines: [
      {
        product_line_id: lineIds[0],
        quantity_mt: vlsfo,
        density_kg_m3: null,
        sulphur_pct: '0.48',
        viscosity_cst: '380',
      },
      { product_line_id: lineIds[1], quantity_mt: '80', density_kg_m3: '845.3', sulphur_pct: '0.12' },
    ],
  });

  it('when a trader records delivery, invoice and a claim, then the stem shows variances, the invoice check and the claim, and closes once the claim is settled', async () => {
    const { inquiry, stemId } = await sentStem();
    const [vlsfo, mgo] = inquiry.lineIds as [string, string];
    const deliveredAt = new Date(Date.now() - 2 * DAY).toISOString();

    const early = await api('POST', `/api/stems/${stemId}/invoice`, {
      number: 'INV-1',
      date: '2026-11-20',
      amount_usd: '100',
    });
    expect(early.statusCode).toBe(409);

    const delivered = await api(
      'POST',
      `/api/stems/${stemId}/delivery`,
      delivery(inquiry.lineIds, deliveredAt),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const stem = delivered.json();
    expect(stem.status).toBe('delivered');
    expect(stem.delivery).toMatchObject({
      bdn_number: 'BDN-77841',
      delivered_at: deliveredAt,
      barge_name: 'Marina Star',
      seals: ['M-1001', 'S-2002'],
      lines: [
        {
          product_line_id: vlsfo,
          quantity_mt: '612.5',
          density_kg_m3: null,
          sulphur_pct: '0.48',
          viscosity_cst: '380',
        },
        { product_line_id: mgo, quantity_mt: '80', density_kg_m3: '845.3', sulphur_pct: '0.12' },
      ],
    });
    expect(stem.variances).toEqual([
      {
        kind: 'quantity_outside_range',
        product_line_id: vlsfo,
        detail: 'VLSFO: delivered 612.5 MT, outside the agreed 500–600.5 MT',
        suggested_claim: 'quantity',
      },
      {
        kind: 'density_missing',
        product_line_id: vlsfo,
        detail: 'VLSFO: no density at 15 °C on the delivery note',
        suggested_claim: 'quality',
      },
      {
        kind: 'sulphur_above_limit',
        product_line_id: mgo,
        detail: 'MGO: sulphur 0.12% m/m, above the limit of 0.1% m/m',
        suggested_claim: 'quality',
      },
    ]);
    expect(
      (await api('POST', `/api/stems/${stemId}/delivery`, delivery(inquiry.lineIds, deliveredAt))).statusCode,
    ).toBe(409);

    const doc = await upload(trader, stemId, multipart('bdn.pdf', PDF));
    expect(doc.statusCode, doc.body).toBe(201);
    expect(doc.json()).toMatchObject({
      filename: 'bdn.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
    });
    const download = await api('GET', `/api/stems/${stemId}/documents/${doc.json().id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // 612.35 × 612.5 = 375,064.38; 845.10 × 80 = 67,608.00; barging 1,500.50: expected 444,172.88.
    const invoiced = await api('POST', `/api/stems/${stemId}/invoice`, {
      number: 'WF-2026-0042',
      date: '2026-11-24',
      amount_usd: '444372.88',
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const localDelivery = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(
      new Date(deliveredAt),
    );
    const due = new Date(`${localDelivery}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(invoiced.json()).toMatchObject({
      status: 'invoiced',
      invoice: {
        number: 'WF-2026-0042',
        date: '2026-11-24',
        amount_usd: '444372.88',
        expected_usd: '444172.88',
        difference_usd: '200.00',
        flagged: true,
        waiting_for: [],
        due_date: due.toISOString().slice(0, 10),
      },
    });

    const claim = await api('POST', `/api/stems/${stemId}/claims`, {
      kind: 'quantity',
      description: 'Short by the barge’s own figures',
      amount_usd: '1200.50',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json()).toMatchObject({
      kind: 'quantity',
      status: 'open',
      amount_usd: '1200.50',
      time_bar_at: new Date(new Date(deliveredAt).getTime() + 7 * DAY).toISOString(),
    });
    const claimId = claim.json().id as string;

    const refused = await api('POST', `/api/stems/${stemId}/close`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/open claim/);
    expect((await api('PATCH', `/api/claims/${claimId}`, { status: 'settled' })).statusCode).toBe(409);
    expect((await api('PATCH', `/api/claims/${claimId}`, { status: 'submitted' })).json().status).toBe(
      'submitted',
    );
    expect((await api('POST', `/api/stems/${stemId}/close`)).statusCode).toBe(409);
    expect((await api('PATCH', `/api/claims/${claimId}`, { status: 'settled' })).json().status).toBe(
      'settled',
    );

    const closed = await api('POST', `/api/stems/${stemId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', claims: [{ id: claimId, status: 'settled' }] });
    expect(
      (await api('POST', `/api/stems/${stemId}/claims`, { kind: 'other', description: 'Late' })).statusCode,
    ).toBe(409);

    const types = (
      (await api('GET', `/api/inquiries/${inquiry.id}/timeline`)).json().items as { type: string }[]
    ).map((i) => i.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'stem_delivered',
        'stem_document_uploaded',
        'stem_invoiced',
        'claim_raised',
        'claim_updated',
        'stem_closed',
      ]),
    );
  });

  it('when the BDN upload is too large, not a PDF or image, or not a file, then it is refused and nothing is kept', async () => {
    const { stemId } = await sentStem();
    const tooLarge = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(10 * 1024 * 1024 + 1 - 9, 0x20)]);
    const big = await upload(trader, stemId, multipart('bdn.pdf', tooLarge));
    expect(big.statusCode, big.body).toBe(413);
    const exact = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(10 * 1024 * 1024 - 9, 0x20)]);
    expect((await upload(trader, stemId, multipart('bdn.pdf', exact))).statusCode).toBe(201);
    const exe = await upload(trader, stemId, multipart('bdn.pdf', Buffer.from('MZ\x90\x00 not a pdf')));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().detail).toBe('The file must be a PDF, JPEG or PNG');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await upload(trader, stemId, multipart('photo.png', png, 'image/png'))).json().content_type).toBe(
      'image/png',
    );
    const json = await api('POST', `/api/stems/${stemId}/documents`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    const docs = (await api('GET', `/api/stems/${stemId}`)).json().documents as { size_bytes: number }[];
    expect(docs.map((d) => d.size_bytes)).toEqual([exact.length, png.length]);
  });

  it('when delivery input is wrong, then each field is named and nothing is written', async () => {
    const { inquiry, stemId } = await sentStem();
    const bad = await api('POST', `/api/stems/${stemId}/delivery`, {
      bdn_number: '',
      delivered_at: new Date(Date.now() + DAY).toISOString(),
      lines: [{ product_line_id: inquiry.lineIds[0], quantity_mt: '-1' }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['bdn_number', 'delivered_at', 'lines.0.quantity_mt']));
    const missingLine = await api('POST', `/api/stems/${stemId}/delivery`, {
      ...delivery(inquiry.lineIds, new Date().toISOString()),
      lines: delivery(inquiry.lineIds, new Date().toISOString()).lines.slice(0, 1),
    });
    expect(missingLine.statusCode).toBe(400);
    expect(missingLine.json().detail).toMatch(/MGO/);
    const stem = (await api('GET', `/api/stems/${stemId}`)).json();
    expect(stem).toMatchObject({ status: 'sent', delivery: null, variances: [] });
  });

  it('when a claim is raised after its bar or left open past it, then it is time_barred (the job is safe to repeat) and cannot be submitted', async () => {
    const { inquiry, stemId } = await sentStem();
    const deliveredAt = new Date(Date.now() - 8 * DAY).toISOString();
    await api('POST', `/api/stems/${stemId}/delivery`, delivery(inquiry.lineIds, deliveredAt, '550'));
    const late = await api('POST', `/api/stems/${stemId}/claims`, { kind: 'quantity', description: 'Short' });
    expect(late.json().status).toBe('time_barred');
    const quality = await api('POST', `/api/stems/${stemId}/claims`, {
      kind: 'quality',
      description: 'Off-spec',
    });
    expect(quality.json()).toMatchObject({ status: 'open' });
    const barAt = new Date(quality.json().time_bar_at);

    const { db } = s.inquiry.deps.database;
    expect(await barLapsedClaims(db, new Date(barAt.getTime() - 1000))).toBe(0);
    expect(await barLapsedClaims(db, barAt)).toBeGreaterThanOrEqual(1);
    expect(await barLapsedClaims(db, barAt)).toBe(0);
    const claims = (await api('GET', `/api/stems/${stemId}`)).json().claims as {
      id: string;
      status: string;
    }[];
    expect(claims.map((c) => c.status)).toEqual(['time_barred', 'time_barred']);
    const submit = await api('PATCH', `/api/claims/${quality.json().id}`, { status: 'submitted' });
    expect(submit.statusCode).toBe(409);
    const timeline = (await api('GET', `/api/inquiries/${inquiry.id}/timeline`)).json().items as {
      type: string;
      actor: { name: string };
    }[];
    expect(timeline.filter((i) => i.type === 'claim_updated').map((i) => i.actor.name)).toEqual(['Time bar']);
  });

  it('when an index line has no final value, then the invoice waits for the index until the trader enters it', async () => {
    const { inquiry, stemId } = await sentStem();
    await s.inquiry.deps.database.db
      .updateTable('stem_lines')
      .set({ pricing: 'index', price_per_mt: null, index_name: 'Platts SG MGO', differential: '-2.50' })
      .where('stem_id', '=', stemId)
      .where('product_line_id', '=', inquiry.lineIds[1]!)
      .execute();
    await api(
      'POST',
      `/api/stems/${stemId}/delivery`,
      delivery(inquiry.lineIds, new Date().toISOString(), '600'),
    );
    const invoiced = await api('POST', `/api/stems/${stemId}/invoice`, {
      number: 'I-1',
      date: '2026-11-24',
      amount_usd: '427000',
    });
    expect(invoiced.json().invoice).toMatchObject({
      expected_usd: null,
      difference_usd: null,
      flagged: null,
      waiting_for: ['Platts SG MGO'],
    });
    const set = await api('PUT', `/api/stems/${stemId}/index-values`, {
      values: [{ index_name: 'Platts SG MGO', value: '850', as_of: '2026-11-23' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    // 612.35 × 600 = 367,410.00; (850 − 2.50) × 80 = 67,800.00; barging 1,500.50.
    expect(set.json().invoice).toMatchObject({ expected_usd: '436710.50', flagged: true, waiting_for: [] });
  });

  it('when another company calls any stem-life route, then it is a 404', async () => {
    const { inquiry, stemId } = await sentStem();
    await api('POST', `/api/stems/${stemId}/delivery`, delivery(inquiry.lineIds, new Date().toISOString()));
    const doc = (await upload(trader, stemId, multipart('bdn.pdf', PDF))).json().id as string;
    const claimId = (
      await api('POST', `/api/stems/${stemId}/claims`, { kind: 'other', description: 'x' })
    ).json().id;
    const other = await signUpTrader(s.identity, { company_name: 'Other Trading Ltd' });
    const routes: [Method, string, object?][] = [
      ['POST', `/api/stems/${stemId}/delivery`, delivery(inquiry.lineIds, new Date().toISOString())],
      ['GET', `/api/stems/${stemId}/documents/${doc}`],
      ['PUT', `/api/stems/${stemId}/index-values`, { values: [] }],
      ['POST', `/api/stems/${stemId}/invoice`, { number: 'X', date: '2026-11-24', amount_usd: '1' }],
      ['POST', `/api/stems/${stemId}/close`],
      ['POST', `/api/stems/${stemId}/claims`, { kind: 'other', description: 'x' }],
      ['PATCH', `/api/claims/${claimId}`, { status: 'submitted' }],
    ];
    for (const [method, url, body] of routes)
      expect((await call(other, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    expect((await upload(other, stemId, multipart('bdn.pdf', PDF))).statusCode).toBe(404);
    const claims = (await api('GET', `/api/stems/${stemId}`)).json().claims as { status: string }[];
    expect(claims).toMatchObject([{ status: 'open' }]);
  });
});
