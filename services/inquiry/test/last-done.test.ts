import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

/**
 * Last done reads awarded_lines (migration 0027), kept by triggers; these tests hold its answers to
 * the query it replaced, which read the offers, lines and inquiries themselves, after each kind of
 * write the kept rows rest on.
 */
describe('last done from the kept awarded lines', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  let seed: ReturnType<typeof insightSeeder>;
  const user = makeUser();
  const other = makeUser();
  const port = randomUUID();
  const elsewhere = randomUUID();
  const inquiries: string[] = [];

  beforeAll(async () => {
    ctx = await startInquiry();
    seed = insightSeeder(ctx.deps.database.db);
  });
  afterAll(() => ctx.close());

  /** The query last done ran before the kept rows: every awarded offer at the port, per line. */
  async function readFromOffers(inquiryId: string) {
    const { rows } = await sql<{
      product_line_id: string;
      inquiry_id: string;
      awarded_at: Date;
      price: string;
    }>`
      select p.id as product_line_id, d.inquiry_id, d.awarded_at, d.price_per_mt as price
      from inquiry_products p
      join inquiries i on i.id = p.inquiry_id
      cross join lateral (
        select min(own.awarded_at) as at from offers own
        where own.tenant_id = ${user.tenantId} and own.inquiry_id = i.id and own.status = 'awarded'
      ) awarded
      cross join lateral (
        select o.inquiry_id, o.awarded_at, l.price_per_mt
        from inquiries i2
        join offers o on o.inquiry_id = i2.id and o.status = 'awarded'
        join inquiry_products p2 on p2.inquiry_id = i2.id and lower(p2.product_name) = lower(p.product_name)
          and (o.awarded_line_ids is null or p2.id = any(o.awarded_line_ids))
        join offer_lines l on l.offer_id = o.id and l.product_line_id = p2.id
        where i2.tenant_id = ${user.tenantId} and i2.port_id = i.port_id and i2.id <> i.id
          and (awarded.at is null or o.awarded_at < awarded.at)
        order by o.awarded_at desc
        limit 1
      ) d
      where p.tenant_id = ${user.tenantId} and p.inquiry_id = ${inquiryId}
      order by p.position, p.id`.execute(ctx.deps.database.db);
    return rows.map((r) => ({ product_line_id: r.product_line_id, inquiry_id: r.inquiry_id }));
  }

  async function expectSameAsBefore() {
    for (const id of inquiries) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/inquiries/${id}/last-done`,
        headers: bearer(user),
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = (res.json().items as { product_line_id: string; inquiry_id: string }[]).map(
        ({ product_line_id, inquiry_id }) => ({ product_line_id, inquiry_id }),
      );
      expect(items).toEqual(await readFromOffers(id));
    }
  }

  const award = (day: number, hour = 8) => ({
    status: 'awarded' as const,
    submittedAt: `2026-10-${String(day).padStart(2, '0')}T03:00:00Z`,
    awardedAt: `2026-10-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`,
  });

  it('when awards are whole, split, in any case of the grade, of another company or later than an inquiry’s own, then each line shows what the offers said', async () => {
    const track = async (...args: Parameters<typeof seed.inquiry>) => {
      const inquiry = await seed.inquiry(...args);
      if (args[0] === user.tenantId) inquiries.push(inquiry.id);
      return inquiry;
    };
    const a = await track(user.tenantId, port, [
      { product: 'VLSFO', max: '500' },
      { product: 'MGO', max: '100' },
    ]);
    await seed.offer(a, ['600', '900'], award(2));
    await seed.offer(a, ['610', '905'], { status: 'not_awarded', submittedAt: '2026-10-02T03:00:00Z' });
    const b = await track(user.tenantId, port, [
      { product: 'vlsfo', max: '500' },
      { product: 'Vlsfo', max: '50' },
    ]);
    await seed.offer(b, ['620', '621'], award(4));
    // Split: the fuel oil went to one supplier, the gasoil to another, on the same minute.
    const c = await track(user.tenantId, port, [
      { product: 'MGO', max: '100' },
      { product: 'VLSFO', max: '700' },
    ]);
    await seed.offer(c, ['880', '630'], { ...award(6), awardedLines: [0] });
    await seed.offer(c, ['890', '640'], { ...award(6), awardedLines: [1] });
    // A priced line the split award did not give: never last done.
    const d = await track(user.tenantId, port, [
      { product: 'HSFO', max: '100' },
      { product: 'MGO', max: '100' },
    ]);
    await seed.offer(d, ['400', '870'], { ...award(8), awardedLines: [1] });
    // Another company's award at the same port, newer than all: never seen.
    const theirs = await seed.inquiry(other.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.offer(theirs, ['100'], award(20));
    const away = await track(user.tenantId, elsewhere, [{ product: 'VLSFO', max: '500' }]);
    await seed.offer(away, ['300'], award(10));
    await track(user.tenantId, port, [
      { product: 'vlsfo', max: '500' },
      { product: 'HSFO', max: '100' },
      { product: 'MGO', max: '100' },
    ]);

    await expectSameAsBefore();
    const open = inquiries.at(-1)!;
    const items = (
      await ctx.app.inject({ method: 'GET', url: `/api/inquiries/${open}/last-done`, headers: bearer(user) })
    ).json().items as { inquiry_id: string; price_per_mt: string }[];
    expect(items.map((i) => [i.inquiry_id, i.price_per_mt])).toEqual([
      [c.id, '640.00'],
      [d.id, '870.00'],
    ]);
    // An awarded inquiry compares with the awards before its own, never its own nor later ones.
    const own = (
      await ctx.app.inject({ method: 'GET', url: `/api/inquiries/${b.id}/last-done`, headers: bearer(user) })
    ).json().items as { inquiry_id: string }[];
    expect(own.map((i) => i.inquiry_id)).toEqual([a.id, a.id]);
  });

  it('when an award, its lines, its inquiry’s port or a line’s grade change, then last done follows them', async () => {
    const db = ctx.deps.database.db;
    const [a, b, c, d] = inquiries;
    // A port merge moves the newest award elsewhere.
    await db.updateTable('inquiries').set({ port_id: elsewhere }).where('id', '=', c!).execute();
    await expectSameAsBefore();
    // A grade renamed (and back in other letters).
    await db
      .updateTable('inquiry_products')
      .set({ product_name: 'ULSFO' })
      .where('inquiry_id', '=', a!)
      .execute();
    await expectSameAsBefore();
    await db
      .updateTable('inquiry_products')
      .set({ product_name: 'vlsFO' })
      .where('inquiry_id', '=', a!)
      .execute();
    await expectSameAsBefore();
    // A split award widened to every line, then an award taken back.
    await db.updateTable('offers').set({ awarded_line_ids: null }).where('inquiry_id', '=', d!).execute();
    await expectSameAsBefore();
    await db
      .updateTable('offers')
      .set({ status: 'not_awarded' })
      .where('inquiry_id', '=', b!)
      .where('status', '=', 'awarded')
      .execute();
    await expectSameAsBefore();
    // Priced lines removed, and an awarded inquiry deleted.
    await db
      .deleteFrom('offer_lines')
      .where('offer_id', 'in', db.selectFrom('offers').select('id').where('inquiry_id', '=', d!))
      .execute();
    await expectSameAsBefore();
    await db.deleteFrom('inquiries').where('id', '=', a!).execute();
    inquiries.splice(inquiries.indexOf(a!), 1);
    await expectSameAsBefore();
    const kept = await sql<{
      n: number;
    }>`select count(*)::int as n from awarded_lines where inquiry_id = ${a!}`.execute(db);
    expect(kept.rows[0]!.n).toBe(0);
  });
});
