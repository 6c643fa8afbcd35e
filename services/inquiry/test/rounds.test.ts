import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { mailJobs, testSecrets } from './distribution-fixtures';
import { startRfqWithMailer } from './harness';
import {
  createInquiry,
  offerBody,
  publicGet,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
  type SeededLink,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfqWithMailer>>;

const TWO_LINES = {
  products: [
    { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: 800 },
    { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: 100 },
  ],
};
const HOUR = 3_600_000;

/** The RFQ stack with a mailer on its Redis prefix: the round mails go the whole way to the SMTP sink. */
describe('negotiation rounds', () => {
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
  /** The link of the round mail to this address, as its mailbox reads it. */
  const roundToken = async (link: SeededLink) => {
    const mail = (await mailJobs(s, 'rfq-round')).filter((m) => m.job.reference === link.recipientId).at(-1);
    if (!mail) throw new Error(`no round mail for ${link.email}`);
    return testSecrets.open(mail.job.mail.data.token, link.email);
  };

  /** Three offers: A 570,000.00, B 576,000.00, C 615,000.00 in landed cost. */
  async function threeOffers() {
    const inquiry = await createInquiry(s, trader, TWO_LINES);
    const links: Record<'a' | 'b' | 'c', SeededLink> = {
      a: await seedLink(s, trader, inquiry.id, { supplierName: 'Alpha Bunkers' }),
      b: await seedLink(s, trader, inquiry.id, { supplierName: 'Bravo Marine' }),
      c: await seedLink(s, trader, inquiry.id, { supplierName: 'Charlie Oil' }),
    };
    const prices = { a: ['600', '900'], b: ['610', '880'], c: ['650', '950'] };
    for (const key of ['a', 'b', 'c'] as const) {
      const res = await publicPost(
        s,
        links[key].token,
        offerBody(inquiry.lineIds, prices[key], { barging_charges: 0, other_charges: 0 }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const views = await offersOf(inquiry.id);
    const id = (name: string) => views.get(name)!.id;
    return { inquiry, links, id };
  }

  it('when the trader invites the best two with their rank, then each gets "Round 2" with only its own rank and a fresh link, the third may only look, and a revision records its round and the change', async () => {
    const { inquiry, links, id } = await threeOffers();
    const replyBy = new Date(Date.now() + 2 * HOUR).toISOString();
    const res = await api('POST', `/api/inquiries/${inquiry.id}/rounds`, {
      offer_ids: [id('Alpha Bunkers'), id('Bravo Marine')],
      reply_by: replyBy,
      message: 'Best and final, please.',
      show_rank: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, round: 2, invited_count: 2 });

    const toA = await mailer.sink.waitFor(
      (m) => m.to.includes(links.a.email) && /^Round 2 RFQ: /.test(m.subject),
    );
    expect(toA.text).toContain('1st of 3');
    expect(toA.text).toContain('Best and final, please.');
    const toB = await mailer.sink.waitFor(
      (m) => m.to.includes(links.b.email) && /^Round 2 RFQ: /.test(m.subject),
    );
    expect(toB.text).toContain('2nd of 3');
    // Never another supplier's price.
    expect(toB.text).not.toContain('570,000');
    expect(toB.text).not.toContain('600.00');
    expect(
      mailer.sink.messages.filter((m) => m.to.includes(links.c.email) && /^Round/.test(m.subject)),
    ).toEqual([]);

    // The old link is superseded; the new one shows the round and the supplier's own rank.
    expect((await publicGet(s, links.b.token)).statusCode).toBe(410);
    const bToken = await roundToken(links.b);
    const page = await publicGet(s, bToken);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      state: 'open',
      round: {
        round: 2,
        reply_by: replyBy,
        message: 'Best and final, please.',
        rank: { position: 2, of: 3 },
      },
    });

    // Charlie was not shortlisted: it sees its offer read-only and may not revise.
    const charlie = await publicGet(s, links.c.token);
    expect(charlie.statusCode, charlie.body).toBe(200);
    expect(charlie.json()).toMatchObject({ state: 'not_shortlisted', round: null, offer: { revision: 1 } });
    const refused = await publicPost(
      s,
      links.c.token,
      offerBody(inquiry.lineIds, ['500', '800'], { barging_charges: 0, other_charges: 0 }),
    );
    expect(refused.statusCode, refused.body).toBe(410);
    expect(refused.json()).toMatchObject({ success: false, state: 'not_shortlisted' });

    // Bravo improves in round 2: 590 × 800 + 870 × 100 = 559,000.00, 17,000.00 less than in round 1.
    const improved = await publicPost(
      s,
      bToken,
      offerBody(inquiry.lineIds, ['590', '870'], { barging_charges: 0, other_charges: 0 }),
    );
    expect(improved.statusCode, improved.body).toBe(200);
    const views = await offersOf(inquiry.id);
    expect(views.get('Bravo Marine')).toMatchObject({
      round: 2,
      revision: 2,
      total_landed_cost: '559000.00',
      previous_round_total: '576000.00',
      change_from_previous_round: '-17000.00',
    });
    expect(views.get('Alpha Bunkers')).toMatchObject({ round: 1, previous_round_total: null });
    expect(views.get('Charlie Oil')).toMatchObject({ round: 1, revision: 1 });
    // Now Bravo is first: its page says so.
    expect((await publicGet(s, bToken)).json().round.rank).toEqual({ position: 1, of: 3 });

    const timeline = (await api('GET', `/api/inquiries/${inquiry.id}/timeline`)).json() as {
      items: { type: string; detail: { round?: number; invited?: string[] } }[];
    };
    expect(timeline.items.find((i) => i.type === 'round_started')?.detail).toMatchObject({
      round: 2,
      invited: ['Alpha Bunkers', 'Bravo Marine'],
    });
  });

  it('when a round names no offer, an unknown one or a past reply-by, then 400 names each field and nothing is sent; another company’s inquiry is 404', async () => {
    const { inquiry, id } = await threeOffers();
    const future = new Date(Date.now() + HOUR).toISOString();
    const roundMailsBefore = (await mailJobs(s, 'rfq-round')).length;
    const cases: [object, { field: string; message: string }[]][] = [
      [
        { offer_ids: [], reply_by: future },
        [{ field: 'offer_ids', message: 'Please select at least one offer' }],
      ],
      [
        { offer_ids: [id('Alpha Bunkers')], reply_by: new Date(Date.now() - HOUR).toISOString() },
        [{ field: 'reply_by', message: 'Reply by must be in the future' }],
      ],
      [
        { offer_ids: [id('Alpha Bunkers'), '0190b4a0-0000-7000-8000-000000000001'], reply_by: future },
        [{ field: 'offer_ids.1', message: 'Offer is not an offer on this inquiry' }],
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await api('POST', `/api/inquiries/${inquiry.id}/rounds`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await mailJobs(s, 'rfq-round')).toHaveLength(roundMailsBefore);
    const stranger = await signUpTrader(s.identity);
    const foreign = await api(
      'POST',
      `/api/inquiries/${inquiry.id}/rounds`,
      { offer_ids: [id('Alpha Bunkers')], reply_by: future },
      stranger,
    );
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await api('GET', `/api/inquiries/${inquiry.id}`)).json()).toMatchObject({ status: 'quoting' });
    expect([...(await offersOf(inquiry.id)).values()].every((v) => v.round === 1)).toBe(true);
  });
});
