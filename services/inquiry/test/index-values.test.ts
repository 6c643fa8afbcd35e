import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import { startRfq } from './harness';
import {
  createInquiry,
  offerBody,
  publicGet,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const TWO_LINES = {
  products: [
    { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
    { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
  ],
};
const PLATTS = 'Platts Singapore Marine Fuel 0.5%';

describe('index-linked offers and the inquiry’s index values', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const offersOf = async (inquiryId: string) => {
    const res = await api(trader, 'GET', `/api/inquiries/${inquiryId}/offers`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as OfferView[]).map((v) => [v.supplier.trading_name, v]));
  };
  const setValues = (inquiryId: string, values: object[], user = trader) =>
    api(user, 'PUT', `/api/inquiries/${inquiryId}/index-values`, { values });

  /** VLSFO at Platts + differential, MGO fixed, with a 5% tax over both. */
  const indexOffer = (lineIds: string[], differential: string | number, extra: object = {}) => ({
    ...offerBody(lineIds, [], { barging_charges: null, other_charges: null }),
    lines: [
      {
        product_line_id: lineIds[0],
        pricing: 'index',
        index_name: PLATTS,
        differential,
        min_deliverable: 500,
        max_deliverable: 800,
        delivery_method: 'barge',
      },
      {
        product_line_id: lineIds[1],
        price_per_mt: '850',
        min_deliverable: 50,
        max_deliverable: 100,
        delivery_method: 'barge',
      },
    ],
    charges: [{ kind: 'tax', basis: 'percent', amount: 5 }],
    ...extra,
  });

  it('when an index line has no value, then the offer is indicative with null totals, never cheapest total, while its fixed line still competes; once valued it is priced and may win', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const [vlsfo, mgo] = lineIds as [string, string];
    const indexed = await seedLink(s, trader, id, { supplierName: 'Index Bunkers' });
    const fixed = await seedLink(s, trader, id, { supplierName: 'Fixed Fuels' });
    expect((await publicPost(s, indexed.token, indexOffer(lineIds, '-20'))).statusCode).toBe(200);
    expect((await publicPost(s, fixed.token, offerBody(lineIds, ['600', '900']))).statusCode).toBe(200);

    let views = await offersOf(id);
    const before = views.get('Index Bunkers')!;
    expect(before.per_product_lines[vlsfo]).toMatchObject({
      pricing: 'index',
      price_per_mt: null,
      index_name: PLATTS,
      differential: '-20.00',
      index_value: null,
      effective_price_per_mt: null,
      fuel_cost: null,
    });
    expect(before).toMatchObject({
      indicative: true,
      fuel_cost: null,
      charges_cost: null,
      total_landed_cost: null,
      total_stem_cost: null,
      all_in_per_mt: null,
      deliverable_total: null,
      cheapest_total: false,
      cheapest_lines: [mgo],
    });
    expect(before.charges[0]!.amount_usd).toBeNull();
    expect(views.get('Fixed Fuels')).toMatchObject({ cheapest_total: true, cheapest_lines: [vlsfo] });
    // What the supplier sees of its own offer: the formula, never the trader's values.
    const page = (await publicGet(s, indexed.token)).json();
    expect(page.offer.lines[0]).toMatchObject({
      pricing: 'index',
      index_name: PLATTS,
      differential: '-20.00',
      price_per_mt: null,
    });

    // Matched trimmed and in any case.
    const saved = await setValues(id, [
      { index_name: `  ${PLATTS.toUpperCase()} `, value: 590, as_of: '2026-11-20' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      values: [{ index_name: PLATTS.toUpperCase(), value: '590.00', as_of: '2026-11-20' }],
    });
    views = await offersOf(id);
    const after = views.get('Index Bunkers')!;
    expect(after.per_product_lines[vlsfo]).toMatchObject({
      index_value: '590.00',
      index_as_of: '2026-11-20',
      effective_price_per_mt: '570.00',
      fuel_cost: '456000.00',
    });
    // 570 × 800 + 850 × 100 = 541,000 fuel and a 5% tax of 27,050, against the fixed offer's
    // 600 × 800 + 900 × 100 + 1,200 barging = 571,200.
    expect(after).toMatchObject({
      indicative: false,
      fuel_cost: '541000.00',
      charges_cost: '27050.00',
      total_landed_cost: '568050.00',
      all_in_per_mt: '631.17',
      cheapest_total: true,
    });
    expect(after.cheapest_lines.sort()).toEqual([vlsfo, mgo].sort());
    expect(views.get('Fixed Fuels')).toMatchObject({
      total_landed_cost: '571200.00',
      cheapest_total: false,
      cheapest_lines: [],
    });
  });

  it('when the values are read, replaced or refused, then the inquiry keeps exactly the last good set', async () => {
    const { id } = await createInquiry(s, trader, TWO_LINES);
    expect((await api(trader, 'GET', `/api/inquiries/${id}/index-values`)).json()).toEqual([]);
    await setValues(id, [
      { index_name: PLATTS, value: '590.25', as_of: '2026-11-20' },
      { index_name: 'MOPS Gasoil', value: '700', as_of: '2026-11-19' },
    ]);
    const bad = await setValues(id, [
      { index_name: PLATTS, value: '600', as_of: '2026-11-21' },
      { index_name: ` ${PLATTS.toLowerCase()}`, value: '601', as_of: '20/11/2026' },
      { index_name: '', value: 0, as_of: '2026-11-21' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'values.1.as_of',
      'values.2.index_name',
      'values.2.value',
    ]);
    const duplicate = await setValues(id, [
      { index_name: PLATTS, value: '600', as_of: '2026-11-21' },
      { index_name: PLATTS.toLowerCase(), value: '601', as_of: '2026-11-21' },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual([{ field: 'values', message: 'Each index may be given once' }]);

    const stranger = await signUpTrader(s.identity);
    expect((await setValues(id, [], stranger)).statusCode).toBe(404);
    expect((await api(stranger, 'GET', `/api/inquiries/${id}/index-values`)).statusCode).toBe(404);

    const listed = (await api(trader, 'GET', `/api/inquiries/${id}/index-values`)).json();
    expect(listed.map((v: { index_name: string; value: string }) => [v.index_name, v.value])).toEqual([
      ['MOPS Gasoil', '700.00'],
      [PLATTS, '590.25'],
    ]);
    const replaced = await setValues(id, [
      { index_name: 'MOPS Gasoil', value: '701.5', as_of: '2026-11-21' },
    ]);
    expect(replaced.json().values).toHaveLength(1);

    await api(trader, 'POST', `/api/inquiries/${id}/cancel`, { reason: null });
    const closed = await setValues(id, []);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe('This inquiry can no longer be changed: it has been cancelled.');
    expect((await api(trader, 'GET', `/api/inquiries/${id}/index-values`)).json()).toHaveLength(1);
  });

  it('when an index line also sends a price, or lacks its index or differential, or a fixed line sends a differential, then 400 names each field', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const link = await seedLink(s, trader, id);
    const [indexLine, fixedLine] = indexOffer(lineIds, 5).lines;
    const res = await publicPost(s, link.token, {
      ...indexOffer(lineIds, 5),
      lines: [
        { ...indexLine, price_per_mt: '600', index_name: ' ', differential: '1.234' },
        { ...fixedLine, price_per_mt: null, differential: '-3' },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'lines.0.index_name',
      'lines.0.differential',
      'lines.1.price_per_mt',
      'lines.1.differential',
    ]);
    const kinds = await publicPost(s, link.token, {
      ...indexOffer(lineIds, 5),
      lines: [
        { ...indexLine, price_per_mt: '600', index_name: undefined },
        { ...fixedLine, price_per_mt: null, differential: '-3' },
      ],
    });
    expect(kinds.json().errors).toEqual([
      { field: 'lines.0.index_name', message: 'Index name is required for an index-linked line' },
      {
        field: 'lines.0.price_per_mt',
        message: 'An index-linked line has no fixed price: give the differential',
      },
      { field: 'lines.1.price_per_mt', message: 'Price per MT is required' },
      { field: 'lines.1.differential', message: 'Differential applies only to an index-linked line' },
    ]);
    expect(await offersOf(id)).toEqual(new Map());
  });

  it('when an offer cannot deliver the requested max of a line, then its deliverable total is the landed cost at what it can deliver and the line says by how much it is short', async () => {
    const { id, lineIds } = await createInquiry(s, trader, TWO_LINES);
    const [vlsfo, mgo] = lineIds as [string, string];
    const link = await seedLink(s, trader, id, { supplierName: 'Short Supply' });
    const body = offerBody(lineIds, ['600', '900'], {
      barging_charges: null,
      other_charges: null,
      charges: [
        { kind: 'barging', basis: 'lump_sum_up_to', amount: 1500, threshold_mt: 500, amount_above: 3 },
      ],
    });
    body.lines[0]!.max_deliverable = '600';
    body.lines[1]!.max_deliverable = '100';
    expect((await publicPost(s, link.token, body)).statusCode).toBe(200);
    const view = (await offersOf(id)).get('Short Supply')!;
    expect(view.per_product_lines[vlsfo]).toMatchObject({ short: true, short_by_mt: '200' });
    expect(view.per_product_lines[mgo]).toMatchObject({ short: false, short_by_mt: null });
    // At 800 + 100 MT: 570,000 + 1,500 + 400 × 3; at 600 + 100 MT: 450,000 + 1,500 + 200 × 3.
    expect(view).toMatchObject({ total_landed_cost: '572700.00', deliverable_total: '452100.00' });
  });
});
