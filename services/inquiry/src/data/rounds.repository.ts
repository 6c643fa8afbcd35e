import { sql, type Insertable, type Kysely } from 'kysely';
import { anyId } from '@mfd/db';
import type { InquiryDB, InquiryRoundsTable } from './db';

export async function insertRound(
  db: Kysely<InquiryDB>,
  values: Insertable<InquiryRoundsTable>,
): Promise<void> {
  await db.insertInto('inquiry_rounds').values(values).execute();
}

export function findRound(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string, round: number) {
  return db
    .selectFrom('inquiry_rounds')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('round', '=', round)
    .executeTakeFirst();
}

/** The shortlisted offers are the ones the round invites; they alone may revise while it runs. */
export async function shortlistOffers(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerIds: string[],
  round: number,
): Promise<void> {
  await db
    .updateTable('offers')
    .set({ shortlisted_round: round })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', offerIds)
    .execute();
}

/** A round's reply-by becomes the invited addresses' own: their new links take offers until then. */
export async function setRecipientsReplyBy(
  db: Kysely<InquiryDB>,
  tenantId: string,
  recipientIds: string[],
  replyBy: Date,
): Promise<void> {
  await db
    .updateTable('inquiry_recipients')
    .set({ reply_by: replyBy })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', recipientIds)
    .execute();
}

/**
 * Per offer, its landed cost as last submitted in an earlier round than its current one (what the
 * revision recorded then); offers not revised in a later round have none.
 */
export async function previousRoundTotals(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerIds: string[],
): Promise<Map<string, string | null>> {
  if (offerIds.length === 0) return new Map();
  // From the offers by key: joined the other way the planner scanned every offer of the company.
  const rows = await db
    .selectFrom('offers as o')
    .innerJoin('offer_revisions as v', (join) =>
      join.onRef('v.offer_id', '=', 'o.id').onRef('v.round', '<', 'o.round'),
    )
    .distinctOn('v.offer_id')
    .select(['v.offer_id', sql<string | null>`v.content->>'total_landed_cost'`.as('total')])
    .where('o.tenant_id', '=', tenantId)
    .where(anyId('o.id', offerIds))
    .where('v.tenant_id', '=', tenantId)
    .orderBy('v.offer_id')
    .orderBy('v.revision', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.offer_id, r.total]));
}

/** Some addresses of one inquiry by id, as a mail to them needs them. */
export function recipientsByIds(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inquiry_recipients')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('id', 'in', ids)
    .execute();
}
