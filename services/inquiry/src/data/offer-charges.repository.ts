import { sql, type Kysely, type Selectable } from 'kysely';
import type { ChargeInput } from '@mfd/contracts';
import type { InquiryDB, OfferChargesTable } from './db';

export type OfferChargeRow = Selectable<OfferChargesTable>;

/** A revision's charges, kept beside every earlier revision's (what was offered when). */
export async function insertCharges(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerId: string,
  revision: number,
  charges: ChargeInput[],
): Promise<void> {
  if (charges.length === 0) return;
  await db
    .insertInto('offer_charges')
    .values(
      charges.map((charge, position) => ({
        offer_id: offerId,
        revision,
        position,
        tenant_id: tenantId,
        kind: charge.kind,
        basis: charge.basis,
        amount: charge.amount,
        threshold_mt: charge.threshold_mt,
        amount_above: charge.amount_above,
        product_line_ids: charge.product_line_ids,
        note: charge.note,
      })),
    )
    .execute();
}

/** The charges of each offer's given revision (its current one), in the supplier's order, grouped by offer. */
export async function chargesByOffer(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offers: { id: string; revision: number }[],
): Promise<Map<string, OfferChargeRow[]>> {
  const grouped = new Map<string, OfferChargeRow[]>(offers.map((o) => [o.id, []]));
  if (offers.length === 0) return grouped;
  const rows = await db
    .selectFrom('offer_charges')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    // The pairs as two arrays: an OR of one AND per offer took the planner milliseconds at 200 offers
    // and overflowed the query compiler's stack at a few thousand (the scorecards of a busy quarter).
    .where(
      sql<boolean>`(offer_id, revision) in (select * from unnest(${offers.map((o) => o.id)}::uuid[], ${offers.map((o) => o.revision)}::int[]))`,
    )
    .orderBy('offer_id')
    .orderBy('position')
    .execute();
  for (const row of rows) grouped.get(row.offer_id)?.push(row);
  return grouped;
}
