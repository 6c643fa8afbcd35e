import type { Kysely, Selectable } from 'kysely';
import type { DeliveryMethod, Pricing } from '@mfd/contracts';
import type { InquiryDB, OfferLinesTable } from './db';
import { anyId } from '@mfd/db';

export type OfferLineRow = Selectable<OfferLinesTable>;

export interface OfferLineValues {
  product_line_id: string;
  pricing: Pricing;
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
  min_deliverable: string;
  max_deliverable: string;
  delivery_method: DeliveryMethod;
}

/** A revision replaces every priced line: a line left out of it is no longer offered. */
export async function replaceOfferLines(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerId: string,
  lines: OfferLineValues[],
): Promise<void> {
  await db
    .deleteFrom('offer_lines')
    .where('tenant_id', '=', tenantId)
    .where('offer_id', '=', offerId)
    .execute();
  if (lines.length === 0) return;
  await db
    .insertInto('offer_lines')
    .values(lines.map((line) => ({ ...line, offer_id: offerId, tenant_id: tenantId })))
    .execute();
}

/** The priced lines of several offers of one tenant, grouped by offer. */
export async function linesByOffer(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerIds: string[],
): Promise<Map<string, OfferLineRow[]>> {
  const grouped = new Map<string, OfferLineRow[]>(offerIds.map((id) => [id, []]));
  if (offerIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('offer_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(anyId('offer_id', offerIds))
    .execute();
  for (const row of rows) grouped.get(row.offer_id)?.push(row);
  return grouped;
}
