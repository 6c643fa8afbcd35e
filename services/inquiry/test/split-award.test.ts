import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { startRfqWithMailer } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfqWithMailer>>;

/** The example lines: VLSFO 500–800 MT, MGO 50–100 MT. */
const TWO_LINES = {
  products: [
    { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
    { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
  ],
};

/** The RFQ stack with a mailer on its Redis prefix: each award mail goes the whole way to the SMTP sink. */
describe('a split award by fuel line', () => {
  let s: Stack;
  let mailer: MailerHarness;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfqWithMailer();
    mailer = s.mailer;
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object, who: Caller = trader) =>
    s.inquiry.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
  const offersOf = async (inquiryId: string) => {
    const res = await api('GET', `/api/inquiries/${inquiryId}/offers`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json() as OfferView[]).map((v) => [v.supplier.trading_name, v]));
  };
  const statusOf = async (inquiryId: string) =>
    (await api('GET', `/api/inquiries/${inquiryId}`)).json().status;
  const mailsTo = (email: string) => mailer.sink.messages.filter((m) => m.to.includes(email));

  /**
   * Three suppliers on the two lines: one itemises barging (tariff), wharfage and a tax on MGO only,
   * one quotes a lump-sum barging, one is dearest on both.
   */
  async function threeOffers() {
    const inquiry = await createInquiry(s, trader, TWO_LINES);
    const [vlsfo, mgo] = inquiry.lineIds as [string, string];
    const itemised = await seedLink(s, trader, inquiry.id, { supplierName: 'Itemised Bunkers' });
    const plain = await seedLink(s, trader, inquiry.id, { supplierName: 'Plain Marine' });
    const dear = await seedLink(s, trader, inquiry.id, { supplierName: 'Dear Oil' });
    for (const [link, body] of [
      [
        itemised,
        {
          ...offerBody(inquiry.lineIds, ['600.00', '900.00']),
          barging_charges: undefined,
          other_charges: undefined,
          charges: [
            {
              kind: 'barging',
              basis: 'lump_sum_up_to',
              amount: 1500,
              threshold_mt: '500',
              amount_above: '3',
            },
            { kind: 'wharfage', basis: 'per_mt', amount: '1.50' },
            { kind: 'tax', basis: 'percent', amount: 5, product_line_ids: [mgo], note: 'GST' },
          ],
        },
      ],
      [
        plain,
        offerBody(inquiry.lineIds, ['605.00', '880.00'], { barging_charges: '1000', other_charges: 0 }),
      ],
      [dear, offerBody(inquiry.lineIds, ['650.00', '950.00'], { barging_charges: 0, other_charges: 0 })],
    ] as const) {
      const res = await publicPost(s, link.token, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const views = await offersOf(inquiry.id);
    const id = (name: string) => views.get(name)!.id;
    return { inquiry, vlsfo, mgo, itemised, plain, dear, id };
  }

  it('when VLSFO goes to one supplier and MGO to another, then each is awarded its line, the third is not, and each winner’s mail names only its line with its charges recomputed over it', async () => {
    const { inquiry, vlsfo, mgo, itemised, plain, dear, id } = await threeOffers();
    const res = await api('POST', `/api/inquiries/${inquiry.id}/award`, {
      lines: [
        { product_line_id: vlsfo, offer_id: id('Itemised Bunkers'), revision: 1 },
        { product_line_id: mgo, offer_id: id('Plain Marine'), revision: 1 },
      ],
      not_placed: [],
      notes: 'Delivery by barge, please confirm the window',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, detail: 'Inquiry awarded successfully!' });
    expect(await statusOf(inquiry.id)).toBe('awarded');

    const views = await offersOf(inquiry.id);
    expect(views.get('Itemised Bunkers')).toMatchObject({ status: 'awarded', awarded_line_ids: [vlsfo] });
    expect(views.get('Plain Marine')).toMatchObject({ status: 'awarded', awarded_line_ids: [mgo] });
    expect(views.get('Dear Oil')).toMatchObject({ status: 'not_awarded', awarded_line_ids: null });

    // Itemised Bunkers won VLSFO (800 MT): its tariff and wharfage over those tonnes, the MGO tax left out.
    const first = await mailer.sink.waitFor(
      (m) => m.to.includes(itemised.email) && /^Offer accepted/.test(m.subject),
    );
    expect(first.text).toContain('VLSFO');
    expect(first.text).toContain('USD 600.00');
    expect(first.text).toContain('USD 480,000.00');
    expect(first.text).toContain('USD 2,400.00');
    expect(first.text).toContain('USD 1,200.00');
    expect(first.text).toContain('USD 483,600.00');
    expect(first.text).not.toContain('MGO');
    expect(first.text).not.toContain('USD 900.00');
    expect(first.text).not.toContain('GST');
    expect(first.text).toContain('Delivery by barge, please confirm the window');

    // Plain Marine won MGO (100 MT): its lump-sum barging stays whole.
    const second = await mailer.sink.waitFor(
      (m) => m.to.includes(plain.email) && /^Offer accepted/.test(m.subject),
    );
    expect(second.text).toContain('MGO');
    expect(second.text).toContain('USD 880.00');
    expect(second.text).toContain('USD 88,000.00');
    expect(second.text).toContain('USD 1,000.00');
    expect(second.text).toContain('USD 89,000.00');
    expect(second.text).not.toContain('VLSFO');
    expect(second.text).not.toContain('USD 605.00');

    await mailer.sink.waitFor((m) => m.to.includes(dear.email) && /^Awarded elsewhere/.test(m.subject));
    expect(mailsTo(itemised.email).filter((m) => /^Offer accepted/.test(m.subject))).toHaveLength(1);
    expect(mailsTo(plain.email).filter((m) => /^Offer accepted/.test(m.subject))).toHaveLength(1);
    expect(mailsTo(dear.email).filter((m) => /^Offer accepted/.test(m.subject))).toHaveLength(0);

    // The trail has one award row per winner, naming its lines.
    const timeline = (await api('GET', `/api/inquiries/${inquiry.id}/timeline`)).json() as {
      items: { type: string; detail: { supplier_name: string; product_names?: string[] } }[];
    };
    const awards = timeline.items.filter((i) => i.type === 'offer_awarded');
    expect(awards.map((a) => [a.detail.supplier_name, a.detail.product_names])).toEqual([
      ['Itemised Bunkers', ['VLSFO']],
      ['Plain Marine', ['MGO']],
    ]);
  });

  it('when a line is left unplaced, then only the other line is awarded and every other offer is told it was not chosen', async () => {
    const { inquiry, vlsfo, mgo, id } = await threeOffers();
    const res = await api('POST', `/api/inquiries/${inquiry.id}/award`, {
      lines: [{ product_line_id: vlsfo, offer_id: id('Plain Marine'), revision: 1 }],
      not_placed: [mgo],
      notes: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const views = await offersOf(inquiry.id);
    expect(views.get('Plain Marine')).toMatchObject({ status: 'awarded', awarded_line_ids: [vlsfo] });
    expect(views.get('Itemised Bunkers')!.status).toBe('not_awarded');
    expect(views.get('Dear Oil')!.status).toBe('not_awarded');
  });

  it('when the lines do not add up, then 400 names each field and nothing changes', async () => {
    const { inquiry, vlsfo, mgo, id } = await threeOffers();
    const unknownOffer = '0190b4a0-0000-7000-8000-000000000001';
    const cases: [object, { field: string; message: string }[]][] = [
      [
        { lines: [{ product_line_id: vlsfo, offer_id: id('Plain Marine'), revision: 1 }] },
        [{ field: 'lines', message: 'Award each fuel line or list it as not placed: MGO' }],
      ],
      [
        {
          lines: [
            { product_line_id: vlsfo, offer_id: id('Plain Marine'), revision: 1 },
            { product_line_id: vlsfo, offer_id: id('Dear Oil'), revision: 1 },
          ],
          not_placed: [mgo],
        },
        [{ field: 'lines.1.product_line_id', message: 'VLSFO is awarded twice' }],
      ],
      [
        {
          lines: [
            { product_line_id: vlsfo, offer_id: unknownOffer, revision: 1 },
            { product_line_id: mgo, offer_id: id('Plain Marine'), revision: 1 },
          ],
          not_placed: [mgo],
        },
        [
          { field: 'lines.0.offer_id', message: 'Offer is not an offer on this inquiry' },
          { field: 'not_placed.0', message: 'MGO is both awarded and not placed' },
        ],
      ],
      [
        { lines: [], not_placed: [vlsfo, mgo] },
        [{ field: 'lines', message: 'Award at least one fuel line' }],
      ],
      [
        { lines: [{ product_line_id: vlsfo, offer_id: id('Plain Marine') }], not_placed: [mgo] },
        [{ field: 'lines.0.revision', message: 'Revision is required' }],
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await api('POST', `/api/inquiries/${inquiry.id}/award`, { notes: null, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await statusOf(inquiry.id)).toBe('quoting');
  });

  it('when a winner revised after the trader loaded the offers, then 409 names it and its revision now, and nothing is awarded; another company’s inquiry is 404', async () => {
    const { inquiry, vlsfo, mgo, itemised, id } = await threeOffers();
    const revised = await publicPost(s, itemised.token, offerBody(inquiry.lineIds, ['590.00', '890.00']));
    expect(revised.json()).toMatchObject({ revision: 2 });
    const body = {
      lines: [
        { product_line_id: vlsfo, offer_id: id('Itemised Bunkers'), revision: 1 },
        { product_line_id: mgo, offer_id: id('Plain Marine'), revision: 1 },
      ],
      notes: null,
    };
    const stale = await api('POST', `/api/inquiries/${inquiry.id}/award`, body);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      detail: 'This offer was revised (now revision 2): review it before awarding',
      current_revision: 2,
      offer_id: id('Itemised Bunkers'),
    });
    expect(await statusOf(inquiry.id)).toBe('quoting');
    expect([...(await offersOf(inquiry.id)).values()].map((v) => v.status)).toEqual([
      'submitted',
      'submitted',
      'submitted',
    ]);

    const stranger = await signUpTrader(s.identity);
    const foreign = await api('POST', `/api/inquiries/${inquiry.id}/award`, body, stranger);
    expect(foreign.statusCode, foreign.body).toBe(404);
  });
});
