import type { Kysely } from 'kysely';
import type { InquirySavings } from '@mfd/contracts';
import { awardSavings } from '@mfd/pricing';
import type { InquiryDB } from '../../data/db';
import { comparableTotals } from './comparable-offers';

/** An awarded inquiry as its savings are read: its id, its fuel lines and the offers it compared. */
type Totals = Awaited<ReturnType<typeof comparableTotals>>;

/**
 * The award's landed cost when one comparable offer won every line; a split award, or a winner
 * whose offer is not comparable (indicative, partial, an index without a value), has none here.
 */
export function awardCost(totals: Totals, lineIds: string[]): string | null {
  const winners = totals.filter((t) => t.status === 'awarded');
  if (winners.length !== 1) return null;
  const won = winners[0]!.awarded_line_ids;
  if (won && !lineIds.every((id) => won.includes(id))) return null;
  return winners[0]!.total;
}

/**
 * Per awarded inquiry, what its award saved against the mean and the highest landed cost of its
 * comparable offers (the award's included); inquiries without a comparable whole award are absent.
 */
export async function savingsByInquiry(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiries: { id: string; lineIds: string[] }[],
): Promise<Map<string, InquirySavings>> {
  const totals = await comparableTotals(
    db,
    tenantId,
    inquiries.map((i) => i.id),
  );
  const byInquiry = new Map<string, Totals>();
  for (const t of totals) {
    const group = byInquiry.get(t.inquiry_id);
    if (group) group.push(t);
    else byInquiry.set(t.inquiry_id, [t]);
  }
  const savings = new Map<string, InquirySavings>();
  for (const inquiry of inquiries) {
    const offers = byInquiry.get(inquiry.id) ?? [];
    const award = awardCost(offers, inquiry.lineIds);
    const saved =
      award === null
        ? null
        : awardSavings(
            award,
            offers.map((o) => o.total),
          );
    if (saved) savings.set(inquiry.id, saved);
  }
  return savings;
}
