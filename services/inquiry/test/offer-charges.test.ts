import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSendJob, MailTemplate, OfferView } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import { startRfq } from './harness';
import {
  createInquiry,
  createSupplier,
  offerBody,
  publicGet,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

/** The example: VLSFO 500–800 MT, MGO 50–100 MT. */
const TWO_LINES = {
  products: [
    { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
    { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
  ],
};

const tariff = {
  kind: 'barging',
  basis: 'lump_sum_up_to',
  amount: 1500,
  threshold_mt: '500',
  amount_above: '3.00',
};
const wharfage = { kind: 'wharfage', basis: 'per_mt', amount: '1.50' };
const tax = { kind: 'tax', basis: 'percent', amount: 5, note: 'GST' };

describe('itemised charges and landed cost', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(trader), ...(payload ? { payload } : {}) });
  const offersOf = async (inquiryId: string) => {
    const res = await api('GET', `/api/inquiries/${inquiryId}/offers`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as OfferView[]).map((v) => [v.supplier.trading_name, v]));
  };
  /** Every field a 400 names, in order. */
  const fields = (res: { json(): { errors?: { field: string }[] } }) =>
    (res.json().errors ?? []).map((e) => e.field);

  it('when one supplier itemises barging, wharfage and tax and another quotes dearer per line with none, then the landed costs are the desk’s and the plain offer is the cheapest total', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const [vlsfo, mgo] = lineIds as [string, string];
    const itemised = await seedLink(s, trader, id, { supplierName: 'Itemised Bunkers' });
    const plain = await seedLink(s, trader, id, { supplierName: 'Plain Marine' });
    const sent = await publicPost(s, itemised.token, {
      ...offerBody(lineIds, ['600.00', '900.00']),
      barging_charges: undefined,
      other_charges: undefined,
      charges: [tariff, wharfage, tax],
      payment: { method: 'credit', days: '30', basis: 'delivery' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const other = await publicPost(s, plain.token, {
      ...offerBody(lineIds, [605, 905]),
      barging_charges: null,
      other_charges: null,
    });
    expect(other.statusCode, other.body).toBe(200);

    const views = await offersOf(id);
    const a = views.get('Itemised Bunkers')!;
    expect(a.per_product_lines[vlsfo]).toMatchObject({
      pricing: 'fixed',
      price_per_mt: '600.00',
      effective_price_per_mt: '600.00',
      fuel_cost: '480000.00',
    });
    expect(a.per_product_lines[mgo]!.fuel_cost).toBe('90000.00');
    expect(a.charges).toEqual([
      {
        ...tariff,
        amount: '1500.00',
        threshold_mt: '500',
        amount_above: '3.00',
        product_line_ids: null,
        note: null,
        amount_usd: '2700.00',
        contingent: false,
      },
      {
        ...wharfage,
        threshold_mt: null,
        amount_above: null,
        product_line_ids: null,
        note: null,
        amount_usd: '1350.00',
        contingent: false,
      },
      {
        ...tax,
        amount: '5.00',
        threshold_mt: null,
        amount_above: null,
        product_line_ids: null,
        amount_usd: '28500.00',
        contingent: false,
      },
    ]);
    expect(a).toMatchObject({
      fuel_cost: '570000.00',
      charges_cost: '32550.00',
      total_landed_cost: '602550.00',
      total_stem_cost: '602550.00',
      all_in_per_mt: '669.50',
      indicative: false,
      // Nothing was a lump sum of barging or other.
      barging_charges: '0.00',
      other_charges: '0.00',
      payment: { method: 'credit', days: 30, basis: 'delivery' },
      cheapest_total: false,
    });
    expect(a.cheapest_lines.sort()).toEqual([vlsfo, mgo].sort());
    expect(views.get('Plain Marine')).toMatchObject({
      total_landed_cost: '574500.00',
      charges: [],
      charges_cost: '0.00',
      payment: null,
      cheapest_total: true,
      cheapest_lines: [],
    });

    // The supplier's page gives the charges back as sent, to revise from.
    const page = (await publicGet(s, itemised.token)).json();
    expect(page.offer.charges.map((c: { basis: string }) => c.basis)).toEqual([
      'lump_sum_up_to',
      'per_mt',
      'percent',
    ]);
    expect(page.offer.charges[0]).not.toHaveProperty('amount_usd');
    expect(page.offer.payment).toEqual({ method: 'credit', days: 30, basis: 'delivery' });
  });

  it('when a trader records an offer with a charge on one line and demurrage per hour, then the charge counts that line only and demurrage is shown but never added', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const [vlsfo, mgo] = lineIds as [string, string];
    const supplierId = await createSupplier(s, trader, 'Phone Charges Co');
    const res = await api('POST', `/api/inquiries/${id}/offers`, {
      ...offerBody(lineIds, ['600', '900']),
      barging_charges: null,
      other_charges: null,
      supplier_id: supplierId,
      charges: [
        { kind: 'barging', basis: 'per_mt', amount: 4, product_line_ids: [mgo] },
        { kind: 'demurrage', basis: 'per_hour', amount: '850', note: 'After 6 h free time' },
      ],
      payment: { method: 'prepayment' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = (await offersOf(id)).get('Phone Charges Co')!;
    expect(view.charges.map((c) => [c.kind, c.product_line_ids, c.amount_usd, c.contingent])).toEqual([
      ['barging', [mgo], '400.00', false],
      ['demurrage', null, null, true],
    ]);
    expect(view).toMatchObject({
      charges_cost: '400.00',
      total_landed_cost: '570400.00',
      payment: { method: 'prepayment' },
    });
    expect(view.per_product_lines[vlsfo]).toBeDefined();
  });

  it('when both forms of charges, a tariff without its threshold, a threshold on a lump sum, a percentage over 100 or a charge on an unpriced line is sent, then 400 names each field and nothing is written', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const link = await seedLink(s, trader, id);
    const vlsfoOnly = offerBody([lineIds[0]!], ['600']);
    const cases: [object, string[]][] = [
      [{ ...offerBody(lineIds), charges: [wharfage] }, ['charges']],
      [{ ...vlsfoOnly, barging_charges: null, charges: [wharfage] }, ['charges']],
      [
        {
          ...vlsfoOnly,
          barging_charges: null,
          other_charges: null,
          charges: [
            { kind: 'barging', basis: 'lump_sum_up_to', amount: 1500 },
            { kind: 'wharfage', basis: 'lump_sum', amount: 100, threshold_mt: 500 },
            { kind: 'tax', basis: 'percent', amount: '100.01' },
          ],
        },
        ['charges.0.threshold_mt', 'charges.0.amount_above', 'charges.1.threshold_mt', 'charges.2.amount'],
      ],
      [
        {
          ...vlsfoOnly,
          barging_charges: null,
          other_charges: null,
          charges: [{ ...wharfage, product_line_ids: [lineIds[1]] }],
        },
        ['charges.0.product_line_ids.0'],
      ],
      [
        {
          ...vlsfoOnly,
          barging_charges: null,
          other_charges: null,
          charges: [{ kind: 'fees', basis: 'per_day', amount: '-1' }],
        },
        ['charges.0.kind', 'charges.0.basis', 'charges.0.amount'],
      ],
      [
        {
          ...vlsfoOnly,
          charges: Array.from({ length: 21 }, () => wharfage),
          barging_charges: null,
          other_charges: null,
        },
        ['charges'],
      ],
      [{ ...vlsfoOnly, payment: { method: 'credit' } }, ['payment.days', 'payment.basis']],
      [{ ...vlsfoOnly, payment: { method: 'credit', days: 30, basis: 'bdn' } }, ['payment.basis']],
      [{ ...vlsfoOnly, payment: { method: 'cash_on_delivery', days: 10 } }, ['payment.days']],
      [{ ...vlsfoOnly, payment: { method: 'credit', days: 366, basis: 'invoice' } }, ['payment.days']],
    ];
    for (const [body, expected] of cases) {
      const res = await publicPost(s, link.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fields(res), res.body).toEqual(expected);
    }
    const both = await publicPost(s, link.token, cases[0]![0]);
    expect(both.json().errors[0].message).toBe(
      'Send either itemised charges or barging and other charges, not both',
    );
    expect(await offersOf(id)).toEqual(new Map());
  });

  it('when an offer is revised, then each revision keeps its own charges and the view shows the latest', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const link = await seedLink(s, trader, id, { supplierName: 'Revising Oil' });
    const first = await publicPost(s, link.token, {
      ...offerBody(lineIds),
      barging_charges: null,
      other_charges: null,
      charges: [tariff, tax],
    });
    const second = await publicPost(
      s,
      link.token,
      offerBody(lineIds, ['600', '900'], { barging_charges: '2000', other_charges: '12.5' }),
    );
    expect(second.json().revision, second.body).toBe(2);
    const offerId = first.json().offer_id as string;
    const rows = await s.inquiry.deps.database.db
      .selectFrom('offer_charges')
      .select(['revision', 'kind', 'basis', 'amount'])
      .where('offer_id', '=', offerId)
      .orderBy('revision')
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { revision: 1, kind: 'barging', basis: 'lump_sum_up_to', amount: '1500.00' },
      { revision: 1, kind: 'tax', basis: 'percent', amount: '5.00' },
      { revision: 2, kind: 'barging', basis: 'lump_sum', amount: '2000.00' },
      { revision: 2, kind: 'other', basis: 'lump_sum', amount: '12.50' },
    ]);
    const view = (await offersOf(id)).get('Revising Oil')!;
    expect(view).toMatchObject({
      barging_charges: '2000.00',
      other_charges: '12.50',
      charges_cost: '2012.50',
    });
    const history = (await api('GET', `/api/offers/${offerId}/revisions`)).json();
    expect(history[0].offer.charges.map((c: { kind: string }) => c.kind)).toEqual(['barging', 'tax']);
  });

  it('when an offer with itemised charges is awarded, then the confirmation lists each charge with its grades and the landed total', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const [, mgo] = lineIds as [string, string];
    const link = await seedLink(s, trader, id, { supplierName: 'Awarded Charges Ltd' });
    const sent = await publicPost(s, link.token, {
      ...offerBody(lineIds, ['600.00', '900.00']),
      barging_charges: null,
      other_charges: null,
      charges: [
        tariff,
        { ...wharfage, product_line_ids: [mgo] },
        { kind: 'overtime', basis: 'per_hour', amount: 300 },
      ],
      payment: { method: 'credit', days: 30, basis: 'invoice' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await api('POST', `/api/offers/${sent.json().offer_id}/award`, {
      notes: null,
      revision: sent.json().revision,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await s.inquiry.deps.database.db.selectFrom('outbox').select('payload').execute();
    const mail = rows
      .map((r) => r.payload)
      .find(
        (p): p is MailSendJob =>
          p.type === 'mail.send' && p.to === link.email && p.mail.template === 'offer-awarded',
      );
    const data = (mail!.mail as Extract<MailTemplate, { template: 'offer-awarded' }>).data;
    expect(data.charges.map((c) => [c.kind, c.product_names, c.amount_usd, c.contingent])).toEqual([
      ['barging', null, '2700.00', false],
      ['wharfage', ['MGO'], '150.00', false],
      ['overtime', null, null, true],
    ]);
    expect(data).toMatchObject({
      fuel_cost: '570000.00',
      charges_cost: '2850.00',
      total_landed_cost: '572850.00',
      payment: { method: 'credit', days: 30, basis: 'invoice' },
    });
    expect(data).not.toHaveProperty('barging_charges');
  });
});
