import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '@mfd/testing';
import { awardedAmong } from '../src/data/award-savings.repository';
import { linesByOffer } from '../src/data/offer-lines.repository';
import { indexValuesByInquiry } from '../src/data/price-history.repository';
import { linesByInquiry } from '../src/data/product-lines.repository';
import {
  invoicedStems,
  offeredLines,
  offeredOffers,
  requestedLines,
} from '../src/data/scorecards.repository';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

/**
 * The reports read a busy company's quarter by id lists (at 100,000 inquiries a year: 86,000 offers
 * in 90 days); PostgreSQL takes at most 65,535 parameters a statement, so a list must not cost one each.
 */
describe('reports over more ids than a statement has parameters', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  const user = makeUser();

  beforeAll(async () => {
    ctx = await startInquiry();
  });
  afterAll(() => ctx.close());

  it('when 70,000 ids are asked for, then each report read answers the rows of the ids that exist', async () => {
    const db = ctx.deps.database.db;
    const inquiry = await insightSeeder(db).inquiry(user.tenantId, randomUUID(), [
      { product: 'VLSFO', max: '500' },
    ]);
    const offerId = await insightSeeder(db).offer(inquiry, ['600'], { submittedAt: '2026-11-02T10:00:00Z' });
    const ids = (known: string) => [...Array.from({ length: 70_000 }, () => randomUUID()), known];

    expect((await linesByInquiry(db, user.tenantId, ids(inquiry.id))).get(inquiry.id)).toHaveLength(1);
    expect((await linesByOffer(db, user.tenantId, ids(offerId))).get(offerId)).toHaveLength(1);
    expect(await offeredOffers(db, user.tenantId, ids(inquiry.id))).toEqual([
      expect.objectContaining({ id: offerId }),
    ]);
    expect((await requestedLines(db, user.tenantId, ids(inquiry.id))).get(inquiry.id)).toEqual([
      expect.objectContaining({ quantity_mt_max: '500.0' }),
    ]);
    expect((await offeredLines(db, user.tenantId, ids(inquiry.id))).get(offerId)).toEqual([
      expect.objectContaining({ price_per_mt: '600.00' }),
    ]);
    expect((await indexValuesByInquiry(db, user.tenantId, ids(inquiry.id))).size).toBe(0);
    expect(await invoicedStems(db, user.tenantId, ids(inquiry.id))).toEqual([]);
    expect(await awardedAmong(db, user.tenantId, ids(inquiry.id))).toEqual([]);
  });
});
