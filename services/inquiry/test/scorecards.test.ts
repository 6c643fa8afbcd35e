import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

describe('supplier scorecards', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  let seed: ReturnType<typeof insightSeeder>;
  const user = makeUser();
  const other = makeUser();
  const port = randomUUID();
  const [alpha, beta, gamma] = [randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    ctx = await startInquiry();
    seed = insightSeeder(ctx.deps.database.db);
  });
  afterAll(() => ctx.close());

  const get = (caller: TestUser, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(caller) });

  it('when suppliers were sent inquiries in the period, then each shows its rates, median response, win rate and distance from the best, from the company’s own records', async () => {
    // Inquiry 1: Alpha 600 (after 30 min, awarded), Beta 660 (after 60 min), Gamma silent.
    const first = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    for (const [id, name] of [
      [alpha, 'Alpha'],
      [beta, 'Beta'],
      [gamma, 'Gamma'],
    ] as const)
      await seed.send(first, id, name, '2026-11-02T10:00:00Z');
    await seed.offer(first, ['600'], {
      supplierId: alpha,
      supplier: 'Alpha',
      status: 'awarded',
      submittedAt: '2026-11-02T10:30:00Z',
      awardedAt: '2026-11-02T12:00:00Z',
    });
    await seed.offer(first, ['660'], {
      supplierId: beta,
      supplier: 'Beta',
      status: 'not_awarded',
      submittedAt: '2026-11-02T11:00:00Z',
    });
    // Inquiry 2: Alpha 606 (after 20 min), Beta 600 (after 2 h, awarded).
    const second = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.send(second, alpha, 'Alpha', '2026-11-03T10:00:00Z');
    await seed.send(second, beta, 'Beta', '2026-11-03T10:00:00Z');
    await seed.offer(second, ['606'], {
      supplierId: alpha,
      supplier: 'Alpha',
      status: 'not_awarded',
      submittedAt: '2026-11-03T10:20:00Z',
    });
    await seed.offer(second, ['600'], {
      supplierId: beta,
      supplier: 'Beta',
      status: 'awarded',
      submittedAt: '2026-11-03T12:00:00Z',
      awardedAt: '2026-11-03T13:00:00Z',
    });
    // Before the period, and another company's: left out.
    const october = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.send(october, alpha, 'Alpha', '2026-10-02T10:00:00Z');
    const theirs = await seed.inquiry(other.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.send(theirs, alpha, 'Alpha', '2026-11-02T10:00:00Z');
    await seed.offer(theirs, ['500'], {
      supplierId: alpha,
      supplier: 'Alpha',
      submittedAt: '2026-11-02T10:05:00Z',
    });

    const res = await get(user, '/api/insights/suppliers?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const zero = {
      decline_rate: 0,
      decline_reasons: [],
      stems_delivered: 0,
      claims_quantity: 0,
      claims_quality: 0,
      invoices_flagged: 0,
    };
    expect(res.json().items).toEqual([
      {
        supplier_id: alpha,
        trading_name: 'Alpha',
        inquiries_received: 2,
        response_rate: 1,
        median_response_seconds: 1500,
        win_rate: 0.5,
        // (0% + (303,000 − 300,000) / 300,000 = 1%) / 2.
        avg_diff_to_best_pct: '0.50',
        ...zero,
      },
      {
        supplier_id: beta,
        trading_name: 'Beta',
        inquiries_received: 2,
        response_rate: 1,
        median_response_seconds: 5400,
        win_rate: 0.5,
        // (10% + 0%) / 2.
        avg_diff_to_best_pct: '5.00',
        ...zero,
      },
      {
        supplier_id: gamma,
        trading_name: 'Gamma',
        inquiries_received: 1,
        response_rate: 0,
        median_response_seconds: null,
        win_rate: 0,
        avg_diff_to_best_pct: null,
        ...zero,
      },
    ]);

    const theirView = await get(other, '/api/insights/suppliers?from=2026-11-01&to=2026-11-30');
    expect(theirView.json().items).toEqual([
      expect.objectContaining({
        supplier_id: alpha,
        inquiries_received: 1,
        response_rate: 1,
        avg_diff_to_best_pct: '0.00',
      }),
    ]);
    expect((await get(user, '/api/insights/suppliers?from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);

    // One supplier's scorecard (the supplier page): the same row, measured against every offer;
    // a supplier with nothing in the period (or another company's only) has none; a bad id is a 400.
    const one = await get(user, `/api/insights/suppliers?from=2026-11-01&to=2026-11-30&supplier_id=${beta}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().items).toEqual([res.json().items[1]]);
    const none = await get(
      other,
      `/api/insights/suppliers?from=2026-11-01&to=2026-11-30&supplier_id=${beta}`,
    );
    expect(none.json().items).toEqual([]);
    const bad = await get(user, '/api/insights/suppliers?supplier_id=beta');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'supplier_id', message: 'Supplier must be a valid id' }]);
  });
  it('when suppliers declined, delivered, were claimed against and invoiced, then their scorecards count the company’s own records of the period', async () => {
    const [delta, echo] = [randomUUID(), randomUUID()];
    const vlsfo = [{ product: 'VLSFO', max: '500' }];
    // A: Delta 600 awarded, delivered 480 MT and invoiced 288,000.00 (exact: not flagged), a
    // quantity, a quality and a demurrage claim; Echo declines.
    const a = await seed.inquiry(user.tenantId, port, vlsfo);
    await seed.send(a, delta, 'Delta', '2026-09-02T10:00:00Z');
    await seed.send(a, echo, 'Echo', '2026-09-02T10:00:00Z');
    await seed.decline(a, echo, 'no_availability');
    const aOffer = await seed.offer(a, ['600'], {
      supplierId: delta,
      supplier: 'Delta',
      status: 'awarded',
      submittedAt: '2026-09-02T11:00:00Z',
    });
    const aStem = await seed.stem(a, aOffer, {
      supplierId: delta,
      status: 'invoiced',
      prices: ['600'],
      maxMt: ['500'],
      deliveredMt: ['480'],
    });
    await seed.invoice(aStem, '288000.00');
    for (const kind of ['quantity', 'quality', 'demurrage'] as const) await seed.claim(aStem, kind);
    // B: Echo 610 awarded, delivered 500 MT and invoiced USD 150 over 305,000 (flagged), two
    // quality claims; Delta declines.
    const b = await seed.inquiry(user.tenantId, port, vlsfo);
    await seed.send(b, delta, 'Delta', '2026-09-03T10:00:00Z');
    await seed.send(b, echo, 'Echo', '2026-09-03T10:00:00Z');
    await seed.decline(b, delta, 'cannot_meet_dates');
    const bOffer = await seed.offer(b, ['610'], {
      supplierId: echo,
      supplier: 'Echo',
      status: 'awarded',
      submittedAt: '2026-09-03T12:00:00Z',
    });
    const bStem = await seed.stem(b, bOffer, {
      supplierId: echo,
      status: 'invoiced',
      prices: ['610'],
      maxMt: ['500'],
      deliveredMt: ['500'],
    });
    await seed.invoice(bStem, '305150.00');
    await seed.claim(bStem, 'quality');
    await seed.claim(bStem, 'quality');
    // C: Delta 605 awarded, its stem acknowledged but not yet delivered.
    const c = await seed.inquiry(user.tenantId, port, vlsfo);
    await seed.send(c, delta, 'Delta', '2026-09-04T10:00:00Z');
    const cOffer = await seed.offer(c, ['605'], {
      supplierId: delta,
      supplier: 'Delta',
      status: 'awarded',
      submittedAt: '2026-09-04T10:30:00Z',
    });
    await seed.stem(c, cOffer, {
      supplierId: delta,
      status: 'acknowledged',
      prices: ['605'],
      maxMt: ['500'],
    });
    // Left out: Delta's August inquiry (before the period) and another company's September one,
    // each with a delivered stem, a flagged invoice and claims; a decline at the other company.
    for (const [tenantId, at] of [
      [user.tenantId, '2026-08-20T10:00:00Z'],
      [other.tenantId, '2026-09-02T10:00:00Z'],
    ] as const) {
      const out = await seed.inquiry(tenantId, port, vlsfo);
      await seed.send(out, delta, 'Delta', at);
      await seed.send(out, echo, 'Echo', at);
      await seed.decline(out, echo, 'no_credit');
      const offer = await seed.offer(out, ['600'], {
        supplierId: delta,
        supplier: 'Delta',
        status: 'awarded',
        submittedAt: at,
      });
      const stem = await seed.stem(out, offer, {
        supplierId: delta,
        status: 'invoiced',
        prices: ['600'],
        maxMt: ['500'],
        deliveredMt: ['500'],
      });
      await seed.invoice(stem, '1.00');
      await seed.claim(stem, 'quantity');
      await seed.claim(stem, 'quality');
    }

    const res = await get(user, '/api/insights/suppliers?from=2026-09-01&to=2026-09-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      {
        supplier_id: delta,
        trading_name: 'Delta',
        inquiries_received: 3,
        response_rate: 2 / 3,
        decline_rate: 1 / 3,
        decline_reasons: [{ reason: 'cannot_meet_dates', count: 1 }],
        median_response_seconds: 2700,
        win_rate: 2 / 3,
        avg_diff_to_best_pct: '0.00',
        stems_delivered: 1,
        claims_quantity: 1,
        claims_quality: 1,
        invoices_flagged: 0,
      },
      {
        supplier_id: echo,
        trading_name: 'Echo',
        inquiries_received: 2,
        response_rate: 0.5,
        decline_rate: 0.5,
        decline_reasons: [{ reason: 'no_availability', count: 1 }],
        median_response_seconds: 7200,
        win_rate: 0.5,
        avg_diff_to_best_pct: '0.00',
        stems_delivered: 1,
        claims_quantity: 0,
        claims_quality: 2,
        invoices_flagged: 1,
      },
    ]);
  });
  it('when a supplier declined several inquiries, then its scorecard counts the standing declines by reason, the most given first', async () => {
    const foxtrot = randomUUID();
    const vlsfo = [{ product: 'VLSFO', max: '500' }];
    const sent = async (tenantId: string, day: string) => {
      const inquiry = await seed.inquiry(tenantId, port, vlsfo);
      await seed.send(inquiry, foxtrot, 'Foxtrot', `2026-06-${day}T10:00:00Z`);
      return inquiry;
    };
    // Five June inquiries: no credit twice, cannot meet the dates once, and no availability once
    // through its desk and then, later, other through its trading address (the latest reason
    // counts: one decline per inquiry); a no-availability decline it cleared by offering after it.
    await seed.decline(await sent(user.tenantId, '02'), foxtrot, 'no_credit');
    await seed.decline(await sent(user.tenantId, '03'), foxtrot, 'cannot_meet_dates');
    await seed.decline(await sent(user.tenantId, '04'), foxtrot, 'no_credit');
    const twice = await sent(user.tenantId, '05');
    await seed.send(twice, foxtrot, 'Foxtrot', '2026-06-05T10:00:00Z', 'trading@foxtrot.example');
    await seed.decline(twice, foxtrot, 'no_availability', {
      at: '2026-06-05T11:00:00Z',
      email: 'desk@foxtrot.example',
    });
    await seed.decline(twice, foxtrot, 'other', {
      at: '2026-06-05T12:00:00Z',
      email: 'trading@foxtrot.example',
    });
    const cleared = await sent(user.tenantId, '06');
    await seed.decline(cleared, foxtrot, 'no_availability', { at: '2026-06-06T11:00:00Z' });
    await seed.offer(cleared, ['600'], {
      supplierId: foxtrot,
      supplier: 'Foxtrot',
      submittedAt: '2026-06-06T12:00:00Z',
    });
    // Left out: a decline on 1 June, before the period, and another company's June ones.
    await seed.decline(await sent(user.tenantId, '01'), foxtrot, 'no_credit');
    for (const day of ['02', '03'])
      await seed.decline(await sent(other.tenantId, day), foxtrot, 'cannot_meet_dates');

    const res = await get(user, '/api/insights/suppliers?from=2026-06-02&to=2026-06-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        supplier_id: foxtrot,
        inquiries_received: 5,
        decline_rate: 4 / 5,
        // No credit 2 first; the ties (1 each) in the offer page's order.
        decline_reasons: [
          { reason: 'no_credit', count: 2 },
          { reason: 'cannot_meet_dates', count: 1 },
          { reason: 'other', count: 1 },
        ],
      }),
    ]);
    const theirs = await get(other, '/api/insights/suppliers?from=2026-06-02&to=2026-06-30');
    expect(theirs.json().items).toEqual([
      expect.objectContaining({
        supplier_id: foxtrot,
        inquiries_received: 2,
        decline_reasons: [{ reason: 'cannot_meet_dates', count: 2 }],
      }),
    ]);
  });
});
