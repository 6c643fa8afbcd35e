import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { suggested } from './distribution-fixtures';
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

describe('a supplier declines to quote through its link', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const decline = (token: string, payload: object) =>
    s.inquiry.app.inject({ method: 'POST', url: `/api/public/offers/${token}/decline`, payload });
  const get = (user: Caller, url: string) =>
    s.inquiry.app.inject({ method: 'GET', url, headers: bearer(user) });

  it('when it declines, then the Suppliers tab, its page, the trail, the bell and the statistics say so; offering clears it and declining again withdraws the offer', async () => {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id, { supplierName: 'Lion City Bunkering' });

    const first = await decline(link.token, { reason: 'no_availability', remarks: 'Barge in dry dock' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, offer_withdrawn: false });

    const sent = async () =>
      ((await suggested(s, trader, inquiry.id, true)).json() as { id: string; sent: object[] }[]).find(
        (x) => x.id === link.supplierId,
      )!.sent[0];
    expect(await sent()).toMatchObject({
      decline_reason: 'no_availability',
      decline_remarks: 'Barge in dry dock',
      declined_at: expect.any(String),
      has_offer: false,
    });
    expect((await publicGet(s, link.token)).json()).toMatchObject({
      state: 'open',
      decline: { reason: 'no_availability', remarks: 'Barge in dry dock' },
      offer: null,
    });
    const bell = (await get(trader, '/api/notifications')).json() as { items: { kind: string }[] };
    expect(bell.items.map((n) => n.kind)).toContain('offer_declined');

    // It may still offer while the link is open: the decline no longer stands.
    expect((await publicPost(s, link.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    expect(await sent()).toMatchObject({ declined_at: null, decline_reason: null, has_offer: true });
    expect((await publicGet(s, link.token)).json()).toMatchObject({
      decline: null,
      offer: { status: 'submitted' },
    });

    // Declining after offering withdraws the offer: it no longer competes nor can be awarded.
    const again = await decline(link.token, { reason: 'cannot_meet_dates' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().offer_withdrawn).toBe(true);
    const offers = (await get(trader, `/api/inquiries/${inquiry.id}/offers`)).json() as {
      id: string;
      status: string;
      revision: number;
      cheapest_total: boolean;
    }[];
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: 'withdrawn', cheapest_total: false });
    const award = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/offers/${offers[0]!.id}/award`,
      headers: bearer(trader),
      payload: { revision: offers[0]!.revision },
    });
    expect(award.statusCode, award.body).toBe(409);

    const timeline = (await get(trader, `/api/inquiries/${inquiry.id}/timeline`)).json() as {
      items: { type: string; actor: { kind: string; name: string }; detail: Record<string, unknown> }[];
    };
    const declines = timeline.items.filter((i) => i.type === 'offer_declined');
    expect(declines.map((d) => d.detail)).toEqual([
      expect.objectContaining({ reason: 'no_availability', withdrawn_revision: null }),
      expect.objectContaining({ reason: 'cannot_meet_dates', remarks: null, withdrawn_revision: 1 }),
    ]);
    expect(declines[0]!.actor).toEqual({ kind: 'supplier', name: 'Lion City Bunkering' });

    const stats = (await get(trader, '/api/offers/supplier-stats')).json() as {
      supplier_id: string;
      offers: number;
      declines: number;
    }[];
    expect(stats.find((r) => r.supplier_id === link.supplierId)).toMatchObject({ offers: 0, declines: 1 });
  });

  it('when the reason is missing or unknown, then 400 names the field; a closed or unknown link declines nothing', async () => {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id);

    const missing = await decline(link.token, { remarks: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    const unknown = await decline(link.token, { reason: 'too_busy' });
    expect(unknown.statusCode).toBe(400);

    expect((await decline('A'.repeat(43), { reason: 'other' })).statusCode).toBe(404);

    await s.inquiry.deps.database.db
      .updateTable('inquiry_recipients')
      .set({ reply_by: new Date(Date.now() - 60_000) })
      .where('id', '=', link.recipientId)
      .execute();
    const late = await decline(link.token, { reason: 'other' });
    expect(late.statusCode).toBe(410);
    expect(late.json().state).toBe('expired');
    const row = await s.inquiry.deps.database.db
      .selectFrom('inquiry_recipients')
      .select('declined_at')
      .where('id', '=', link.recipientId)
      .executeTakeFirstOrThrow();
    expect(row.declined_at).toBeNull();
  });
});
