import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startRfq } from './harness';
import { mailJobs, testSecrets } from './distribution-fixtures';
import { newInquiry } from './inquiry-fixtures';
import {
  createInquiry,
  createSupplier,
  latestLinkToken,
  offerBody,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the walk knows as it goes: the ids the owner's calls made along the way. */
interface Walk {
  inquiryId: string;
  lineIds: string[];
  addedLineId: string;
  cancelId: string;
  customerId: string;
  portId: string;
  /** The supplier's link as its latest mail carries it (an amendment supersedes the one before). */
  token: () => Promise<string>;
  offerId: string;
  /** The offer's revision now, which an award names (the walk revises it). */
  revision: () => Promise<number>;
  supplierId: string;
  phonedSupplierId: string;
  /** Another inquiry with one offer, which the split award awards line by line. */
  split: { inquiryId: string; lineIds: string[]; offerId: string };
  /** The user walking, who owns the inquiries it makes. */
  userId: string;
  /** The stem the award made. */
  stemId: () => Promise<string>;
  clauseId: string;
  /** The stem as sent (until the walk sends it itself, the row is moved there), ready for its delivery. */
  sentStemId: () => Promise<string>;
  documentId: string;
  claimId: string;
  /** Settles the walk's claim through its route, so the stem may close. */
  settleClaim: () => Promise<void>;
  /** The acknowledgement link of the stem's last confirmation mail, as the supplier's mailbox reads it. */
  stemToken: () => Promise<string>;
}

type Probe = (w: Walk) => Call | Promise<Call>;
type Call = {
  path: string;
  body?: object;
  /** A multipart upload instead of a JSON body. */
  upload?: { payload: Buffer; contentType: string };
  remember?: (w: Walk, answer: unknown) => void;
  /** A link's one-time use, which no company owns: another company has nothing to be refused. */
  once?: boolean;
};

const BOUNDARY = '----audit-walk';
const BDN_PDF = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bdn.pdf"\r\n`),
  Buffer.from('Content-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF\n'),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/**
 * Every route of the inquiry service, called as its owner would with good input, in an order that
 * lets each succeed (the award and the cancel last). A new route fails the first expectation until
 * it is listed here.
 */
const probes: Record<string, Probe> = {
  'GET /openapi.json': () => ({ path: '/openapi.json' }),
  'GET /livez': () => ({ path: '/livez' }),
  'GET /readyz': () => ({ path: '/readyz' }),
  'GET /health': () => ({ path: '/health' }),
  'GET /api/dashboard': () => ({ path: '/api/dashboard' }),
  'GET /api/dashboard/stems': () => ({ path: '/api/dashboard/stems' }),
  'GET /api/inquiries': () => ({ path: '/api/inquiries' }),
  'POST /api/inquiries': (w) => ({ path: '/api/inquiries', body: newInquiry(w.customerId, w.portId) }),
  'GET /api/inquiries/:id': (w) => ({ path: `/api/inquiries/${w.inquiryId}` }),
  // To its owner again: identity knows the walker alone in the company.
  'PUT /api/inquiries/:id/owner': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/owner`,
    body: { user_id: w.userId },
  }),
  'PUT /api/inquiries/:id': (w) => ({
    path: `/api/inquiries/${w.inquiryId}`,
    body: { ...newInquiry(w.customerId, w.portId, { vessel_name: 'MSC OSCAR II' }), products: undefined },
  }),
  'POST /api/inquiries/:id/copy': (w) => ({ path: `/api/inquiries/${w.inquiryId}/copy` }),
  'POST /api/inquiries/:id/products': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/products`,
    body: { product_name: 'HSFO', quantity_mt_min: 100, quantity_mt_max: 150 },
    remember: (walk, answer) => (walk.addedLineId = (answer as { id: string }).id),
  }),
  'PUT /api/inquiries/:id/products/:productId': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/products/${w.addedLineId}`,
    body: { product_name: 'HSFO', quantity_mt_min: 100, quantity_mt_max: 180 },
  }),
  'DELETE /api/inquiries/:id/products/:productId': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/products/${w.addedLineId}`,
  }),
  // The vessel renamed above waits for this amendment.
  'POST /api/inquiries/:id/amendments': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/amendments`,
    body: { message: 'The vessel was renamed.' },
  }),
  'GET /api/inquiries/:id/suggested-suppliers': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/suggested-suppliers?all=1`,
  }),
  'POST /api/inquiries/:id/distribute': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/distribute`,
    body: { recipients: [{ supplier_id: w.supplierId, contact_id: null }], resend: true },
  }),
  'GET /api/inquiries/:id/recipients': (w) => ({ path: `/api/inquiries/${w.inquiryId}/recipients` }),
  'GET /api/public/offers/:token': async (w) => ({ path: `/api/public/offers/${await w.token()}` }),
  // Before the offer below: declining withdraws the offer, and offering again clears the decline.
  'POST /api/public/offers/:token/decline': async (w) => ({
    path: `/api/public/offers/${await w.token()}/decline`,
    body: { reason: 'other', remarks: 'Asked again below' },
  }),
  'POST /api/public/offers/:token': async (w) => ({
    path: `/api/public/offers/${await w.token()}`,
    body: offerBody(w.lineIds, ['605', '840']),
  }),
  'POST /api/inquiries/:id/offers': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/offers`,
    body: { supplier_id: w.phonedSupplierId, ...offerBody(w.lineIds, ['640', '880']) },
  }),
  'GET /api/inquiries/:id/offers': (w) => ({ path: `/api/inquiries/${w.inquiryId}/offers` }),
  'GET /api/inquiries/:id/offer-seal': (w) => ({ path: `/api/inquiries/${w.inquiryId}/offer-seal` }),
  'GET /api/offers/:id/revisions': (w) => ({ path: `/api/offers/${w.offerId}/revisions` }),
  'GET /api/offers/supplier-stats': () => ({ path: '/api/offers/supplier-stats' }),
  'PUT /api/inquiries/:id/index-values': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/index-values`,
    body: {
      values: [{ index_name: 'Platts Singapore Marine Fuel 0.5%', value: '600', as_of: '2030-11-20' }],
    },
  }),
  'GET /api/inquiries/:id/index-values': (w) => ({ path: `/api/inquiries/${w.inquiryId}/index-values` }),
  'GET /api/inquiries/:id/timeline': (w) => ({ path: `/api/inquiries/${w.inquiryId}/timeline` }),
  'GET /api/notifications': () => ({ path: '/api/notifications' }),
  'POST /api/notifications/read': () => ({ path: '/api/notifications/read', body: { all: true } }),
  'GET /api/notifications/preferences': () => ({ path: '/api/notifications/preferences' }),
  'PUT /api/notifications/preferences': () => ({
    path: '/api/notifications/preferences',
    body: { email: { offer_expiring: false } },
  }),
  'POST /api/inquiries/:id/rounds': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/rounds`,
    body: {
      offer_ids: [w.offerId],
      reply_by: new Date(Date.now() + 3_600_000).toISOString(),
      show_rank: true,
    },
  }),
  'POST /api/offers/:id/award': async (w) => ({
    path: `/api/offers/${w.offerId}/award`,
    body: { notes: null, revision: await w.revision() },
  }),
  'POST /api/inquiries/:id/award': (w) => ({
    path: `/api/inquiries/${w.split.inquiryId}/award`,
    body: {
      lines: w.split.lineIds.map((id) => ({ product_line_id: id, offer_id: w.split.offerId, revision: 1 })),
      notes: null,
    },
  }),
  'GET /api/inquiries/:id/messages': (w) => ({ path: `/api/inquiries/${w.inquiryId}/messages` }),
  'POST /api/inquiries/:id/messages/read': (w) => ({
    path: `/api/inquiries/${w.inquiryId}/messages/read`,
    body: { ids: ['00000000-0000-4000-8000-000000000000'] },
  }),
  'GET /api/inquiries/:id/last-done': (w) => ({ path: `/api/inquiries/${w.inquiryId}/last-done` }),
  'GET /api/insights/prices': (w) => ({ path: `/api/insights/prices?port_id=${w.portId}&product=VLSFO` }),
  'GET /api/insights/suppliers': () => ({ path: '/api/insights/suppliers' }),
  'GET /api/insights/margins': () => ({ path: '/api/insights/margins' }),
  'GET /api/inquiries/:id/offers.xlsx': (w) => ({ path: `/api/inquiries/${w.inquiryId}/offers.xlsx` }),
  'GET /api/inquiries/:id/offers.pdf': (w) => ({ path: `/api/inquiries/${w.inquiryId}/offers.pdf` }),
  'GET /api/insights/suppliers.xlsx': () => ({ path: '/api/insights/suppliers.xlsx' }),
  'GET /api/insights/prices.xlsx': (w) => ({
    path: `/api/insights/prices.xlsx?port_id=${w.portId}&product=VLSFO`,
  }),
  'GET /api/clauses': () => ({ path: '/api/clauses' }),
  'POST /api/clauses': () => ({
    path: '/api/clauses',
    body: { title: 'Law', text: 'English law applies.', default: true },
    remember: (walk, answer) => (walk.clauseId = (answer as { id: string }).id),
  }),
  'PUT /api/clauses/:id': (w) => ({
    path: `/api/clauses/${w.clauseId}`,
    body: { title: 'Law and arbitration', text: 'English law; London arbitration.', default: true },
  }),
  'GET /api/stems': () => ({ path: '/api/stems?status=draft' }),
  'GET /api/stems/:id': async (w) => ({ path: `/api/stems/${await w.stemId()}` }),
  'PUT /api/stems/:id/pricing': async (w) => ({
    path: `/api/stems/${await w.stemId()}/pricing`,
    body: { mode: 'markup', lines: [{ product_line_id: w.lineIds[0], basis: 'per_mt', amount: '5' }] },
  }),
  'PUT /api/stems/:id/clauses': async (w) => ({
    path: `/api/stems/${await w.stemId()}/clauses`,
    body: { clause_ids: [w.clauseId] },
  }),
  'GET /api/stems/:id/confirmation.pdf': async (w) => ({
    path: `/api/stems/${await w.stemId()}/confirmation.pdf?copy=customer`,
  }),
  'POST /api/stems/:id/send': async (w) => ({
    path: `/api/stems/${await w.stemId()}/send`,
    body: { to_supplier: true, to_customer: true },
  }),
  'POST /api/public/offers/:token/acknowledge': async (w) => ({
    path: `/api/public/offers/${await w.stemToken()}/acknowledge`,
    body: { name: 'Lee Wong' },
    once: true,
  }),
  'POST /api/stems/:id/delivery': async (w) => ({
    path: `/api/stems/${await w.sentStemId()}/delivery`,
    body: {
      bdn_number: 'BDN-1',
      delivered_at: new Date(Date.now() - 3_600_000).toISOString(),
      lines: w.lineIds.map((id) => ({ product_line_id: id, quantity_mt: '550', density_kg_m3: '991' })),
    },
  }),
  'POST /api/stems/:id/documents': async (w) => ({
    path: `/api/stems/${await w.stemId()}/documents`,
    upload: { payload: BDN_PDF, contentType: `multipart/form-data; boundary=${BOUNDARY}` },
    remember: (walk, answer) => (walk.documentId = (answer as { id: string }).id),
  }),
  'GET /api/stems/:id/documents/:documentId': async (w) => ({
    path: `/api/stems/${await w.stemId()}/documents/${w.documentId}`,
  }),
  'PUT /api/stems/:id/index-values': async (w) => ({
    path: `/api/stems/${await w.stemId()}/index-values`,
    body: { values: [{ index_name: 'Platts SG 0.5', value: '600', as_of: '2026-11-20' }] },
  }),
  'POST /api/stems/:id/invoice': async (w) => ({
    path: `/api/stems/${await w.stemId()}/invoice`,
    body: { number: 'INV-1', date: '2026-11-24', amount_usd: '500000' },
  }),
  'POST /api/stems/:id/claims': async (w) => ({
    path: `/api/stems/${await w.stemId()}/claims`,
    body: { kind: 'quality', description: 'Off-spec viscosity' },
    remember: (walk, answer) => (walk.claimId = (answer as { id: string }).id),
  }),
  'PATCH /api/claims/:id': (w) => ({ path: `/api/claims/${w.claimId}`, body: { status: 'submitted' } }),
  'POST /api/stems/:id/close': async (w) => {
    await w.settleClaim();
    return { path: `/api/stems/${await w.stemId()}/close` };
  },
  'DELETE /api/clauses/:id': (w) => ({ path: `/api/clauses/${w.clauseId}` }),
  'POST /api/inquiries/:id/cancel': (w) => ({
    path: `/api/inquiries/${w.cancelId}/cancel`,
    body: { reason: 'Vessel diverted' },
  }),
};

describe('the audit trail is append-only', () => {
  let s: Stack;
  let owner: Caller;
  beforeAll(async () => {
    s = await startRfq();
    // An admin: the walk edits the clause library too.
    owner = await signUpTrader(s.identity, { role: 'admin' });
  });
  afterAll(() => s.close());

  const trail = () =>
    s.inquiry.deps.database.db.selectFrom('audit_events').selectAll().orderBy('seq').execute();

  /** Every row there was is still there, unchanged and in its place; new ones only follow. */
  async function onlyGrew(before: Awaited<ReturnType<typeof trail>>, what: string) {
    const after = await trail();
    expect(after.length, what).toBeGreaterThanOrEqual(before.length);
    expect(after.slice(0, before.length), what).toEqual(before);
    return after;
  }

  it('when every route of the service is called, by its owner with good and broken input and by another company, then no row of the trail ever changes or disappears', async () => {
    const inquiry = await createInquiry(s, owner);
    const detail = (
      await s.inquiry.app.inject({
        method: 'GET',
        url: `/api/inquiries/${inquiry.id}`,
        headers: bearer(owner),
      })
    ).json() as { customer_company_id: string; port_id: string };
    const link = await seedLink(s, owner, inquiry.id, { supplierName: 'Lion City Bunkering' });
    const offered = await publicPost(s, link.token, offerBody(inquiry.lineIds));
    expect(offered.statusCode, offered.body).toBe(200);
    const split = await createInquiry(s, owner);
    const splitLink = await seedLink(s, owner, split.id, { supplierName: 'Straits Fuels' });
    const splitOffer = await publicPost(s, splitLink.token, offerBody(split.lineIds));
    expect(splitOffer.statusCode, splitOffer.body).toBe(200);
    const walk: Walk = {
      inquiryId: inquiry.id,
      lineIds: inquiry.lineIds,
      addedLineId: '',
      cancelId: (await createInquiry(s, owner)).id,
      customerId: detail.customer_company_id,
      portId: detail.port_id,
      token: () => latestLinkToken(s, link),
      offerId: offered.json().offer_id,
      revision: async () =>
        (
          await s.inquiry.deps.database.db
            .selectFrom('offers')
            .select('revision')
            .where('id', '=', offered.json().offer_id)
            .executeTakeFirstOrThrow()
        ).revision,
      supplierId: link.supplierId,
      phonedSupplierId: await createSupplier(s, owner, 'Phone Bunkers Pte'),
      split: { inquiryId: split.id, lineIds: split.lineIds, offerId: splitOffer.json().offer_id },
      userId: owner.userId,
      stemId: async () =>
        (
          await s.inquiry.deps.database.db
            .selectFrom('stems')
            .select('id')
            .where('offer_id', '=', offered.json().offer_id)
            .executeTakeFirstOrThrow()
        ).id,
      clauseId: '',
      sentStemId: async () => {
        const id = await walk.stemId();
        await s.inquiry.deps.database.db
          .updateTable('stems')
          .set({ status: 'sent', sent_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .execute();
        return id;
      },
      documentId: '',
      claimId: '',
      stemToken: async () => {
        const mail = (await mailJobs(s, 'stem-confirmation'))
          .filter((m) => m.job.mail.data.ack_token)
          .at(-1)!;
        return testSecrets.open(mail.job.mail.data.ack_token!, mail.job.to);
      },
      settleClaim: async () => {
        const res = await s.inquiry.app.inject({
          method: 'PATCH',
          url: `/api/claims/${walk.claimId}`,
          headers: bearer(owner),
          payload: { status: 'settled' },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    };
    expect(s.inquiry.app.routeTable.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      Object.keys(probes).sort(),
    );

    const stranger = makeUser();
    let rows = await trail();
    const grewFrom = rows.length;
    for (const [route, probe] of Object.entries(probes)) {
      const method = route.split(' ')[0] as Method;
      const { path, body, upload, remember, once } = await probe(walk);
      const call = (user: Caller, payload?: object | string) =>
        s.inquiry.app.inject({
          method,
          url: path,
          headers: {
            ...bearer(user),
            ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
            ...(upload && payload === undefined ? { 'content-type': upload.contentType } : {}),
          },
          ...(payload !== undefined ? { payload } : upload ? { payload: upload.payload } : {}),
        });
      if (!once) {
        await call(stranger, body);
        rows = await onlyGrew(rows, `${route} by another company`);
      }
      if (body) {
        expect((await call(owner, '{"broken":')).statusCode, route).toBe(400);
        rows = await onlyGrew(rows, `${route} with a broken body`);
      }
      const res = await call(owner, body);
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
      remember?.(walk, res.json());
      rows = await onlyGrew(rows, route);
    }
    // The walk changed things, and each change was written down.
    expect(rows.length - grewFrom).toBeGreaterThanOrEqual(12);
  });

  it('when anything tries to update, delete or truncate the trail in PostgreSQL itself, then it is refused and the rows stay', async () => {
    const inquiry = await createInquiry(s, owner);
    const db = s.inquiry.deps.database.db;
    const before = await trail();
    expect(before.some((r) => r.inquiry_id === inquiry.id)).toBe(true);
    for (const statement of [
      sql`update audit_events set actor_name = 'Someone else' where inquiry_id = ${inquiry.id}`,
      sql`delete from audit_events where inquiry_id = ${inquiry.id}`,
      sql`truncate audit_events cascade`,
      sql`delete from inquiries where id = ${inquiry.id}`,
    ])
      await expect(statement.execute(db)).rejects.toThrow(/append-only|violates foreign key/);
    expect(await trail()).toEqual(before);
  });
});
