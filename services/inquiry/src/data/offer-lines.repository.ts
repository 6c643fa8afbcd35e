import type { Kysely, Selectable } from 'kysely';
import { OFFER_LINE_TERMS, type DeliveryMethod, type Pricing } from '@mfd/contracts';
import type { InquiryDB, OfferLinesTable } from './db';
import { anyId, executeNamed } from '@mfd/db';

/** An offer line as read: the company is the reader's, so it is not read again with every line. */
export type OfferLineRow = Omit<Selectable<OfferLinesTable>, 'tenant_id'>;

const OFFER_LINE_COLUMNS = [
  'offer_id',
  'product_line_id',
  ...OFFER_LINE_TERMS,
] as const satisfies readonly (keyof OfferLinesTable)[];

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
  // The Offers tab reads the lines of up to 200 offers on every refresh: a named statement, parsed
  // and planned once, whose columns are named (a kept `select *` fails once a column is added).
  const query = db
    .selectFrom('offer_lines')
    .select(OFFER_LINE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where(anyId('offer_id', offerIds));
  const rows = await executeNamed(db, 'inquiry_offer_lines', query.compile());
  for (const row of rows) grouped.get(row.offer_id)?.push(row);
  return grouped;
}
