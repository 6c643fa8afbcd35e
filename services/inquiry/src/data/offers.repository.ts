import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { InquiryDB, OfferRevisionsTable, OffersTable } from './db';
import { executeNamed } from '@mfd/db';

export type OfferRow = Selectable<OffersTable>;

/** The company's offers but drafts, as the triggers keep them. */
export async function countOffers(db: Kysely<InquiryDB>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('company_counts')
    .select('offers')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.offers ?? 0;
}

export function recentOffers(db: Kysely<InquiryDB>, tenantId: string, limit: number) {
  return db
    .selectFrom('offers')
    .innerJoin('inquiries', 'inquiries.id', 'offers.inquiry_id')
    .select([
      'offers.id',
      'offers.inquiry_id',
      'inquiries.vessel_name',
      'offers.supplier_name',
      'offers.status',
      'offers.submitted_at',
    ])
    .where('offers.tenant_id', '=', tenantId)
    .where('offers.status', '<>', 'draft')
    .orderBy('offers.submitted_at', 'desc')
    .limit(limit)
    .execute();
}

export function findOffer(db: Kysely<InquiryDB>, tenantId: string, id: string) {
  return db
    .selectFrom('offers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A supplier's one offer on an inquiry, if it made one. */
export function findSupplierOffer(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  supplierId: string,
) {
  return db
    .selectFrom('offers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('supplier_id', '=', supplierId)
    .executeTakeFirst();
}

export type OfferValues = Omit<
  Insertable<OffersTable>,
  'id' | 'revision' | 'created_at' | 'updated_at' | 'awarded_at' | 'awarded_by' | 'award_notes'
> & { supplier_id: string; submitted_at: Date };

/**
 * Writes a supplier's offer: the first submission creates it, each later one revises it in place
 * and counts the revision. Callers hold the inquiry's row lock, so revisions never interleave.
 */
export async function saveOffer(
  db: Kysely<InquiryDB>,
  id: string,
  values: OfferValues,
): Promise<{ id: string; revision: number }> {
  const { tenant_id: _tenant, inquiry_id: _inquiry, supplier_id: _supplier, ...changed } = values;
  return db
    .insertInto('offers')
    .values({ id, ...values, revision: 1 })
    .onConflict((oc) =>
      oc.columns(['inquiry_id', 'supplier_id']).doUpdateSet({
        ...changed,
        revision: sql<number>`offers.revision + 1`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning(['id', 'revision'])
    .executeTakeFirstOrThrow();
}

export async function insertRevision(
  db: Kysely<InquiryDB>,
  values: Insertable<OfferRevisionsTable>,
): Promise<void> {
  await db.insertInto('offer_revisions').values(values).execute();
}

/** Some revisions of an offer as they were made, by revision number. */
export async function revisionContents(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerId: string,
  revisions: number[],
): Promise<Map<number, unknown>> {
  const rows = await db
    .selectFrom('offer_revisions')
    .select(['revision', 'content'])
    .where('tenant_id', '=', tenantId)
    .where('offer_id', '=', offerId)
    .where('revision', 'in', revisions)
    .execute();
  return new Map(rows.map((r) => [r.revision, r.content]));
}

export function listRevisions(db: Kysely<InquiryDB>, tenantId: string, offerId: string) {
  return db
    .selectFrom('offer_revisions')
    .select(['revision', 'source', 'submitted_at', 'content'])
    .where('tenant_id', '=', tenantId)
    .where('offer_id', '=', offerId)
    .orderBy('revision')
    .execute();
}

/**
 * What the comparison shows of an offer: the other columns (created_at, updated_at, who recorded or
 * awarded it...) cost the Offers tab two date parses per offer for nothing.
 */
const COMPARED_COLUMNS = [
  'offers.id',
  'offers.status',
  'offers.submitted_at',
  'offers.revision',
  'offers.source',
  'offers.supplier_id',
  'offers.supplier_name',
  'offers.inquiry_revision',
  'offers.payment_method',
  'offers.payment_days',
  'offers.payment_basis',
  'offers.payment_terms',
  'offers.valid_until',
  'offers.remarks',
  'offers.awarded_at',
  'offers.award_notes',
  'offers.awarded_line_ids',
  'offers.round',
  'offers.response_seconds',
] as const;

/**
 * The offers of one inquiry for the comparison, each with its response time, at most `limit` of
 * them, in the order they were first made: a revision does not move its column under the trader's
 * cursor.
 */
export function listInquiryOffers(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string, limit: number) {
  const query = db
    .selectFrom('offers')
    .select(COMPARED_COLUMNS)
    .where('offers.tenant_id', '=', tenantId)
    .where('offers.inquiry_id', '=', inquiryId)
    .orderBy('offers.created_at')
    .orderBy('offers.id')
    .limit(limit);
  // The Offers tab reads it on every refresh: a named statement, parsed and planned once.
  return executeNamed(db, 'inquiry_offers_compared', query.compile());
}

/** Some offers of one inquiry by id; ids of other inquiries or companies are simply not found. */
export function findInquiryOffers(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('offers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('id', 'in', ids)
    .execute();
}

export async function markAwarded(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  award: { by: string; notes: string | null; at: Date; lineIds: string[] },
): Promise<void> {
  await db
    .updateTable('offers')
    .set({
      status: 'awarded',
      awarded_at: award.at,
      awarded_by: award.by,
      award_notes: award.notes,
      awarded_line_ids: award.lineIds,
      updated_at: award.at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Every other standing offer of the inquiry loses; answers those, to tell their suppliers. */
export function markOthersNotAwarded(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  winnerIds: string[],
) {
  return db
    .updateTable('offers')
    .set({ status: 'not_awarded', updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('id', 'not in', winnerIds)
    .where('status', '=', 'submitted')
    .returning(['id', 'supplier_id', 'supplier_name', 'supplier_email', 'recipient_id'])
    .execute();
}

export interface SupplierResponseRow {
  supplier_id: string;
  inquiries_sent: number;
  offers: number;
  declines: number;
  median_response_seconds: number | null;
}

/**
 * Per supplier the tenant sent anything to: how many inquiries went to it, on how many of those it
 * made an offer (by link or recorded), on how many it declined to quote instead, and the median
 * time from the first mail of an inquiry to its first offer on it. Counted in SQL over distinct inquiries, so resends and revisions count once.
 */
export async function supplierResponses(
  db: Kysely<InquiryDB>,
  tenantId: string,
): Promise<SupplierResponseRow[]> {
  const { rows } = await sql<SupplierResponseRow>`
    with sent as (
      select supplier_id, inquiry_id, min(first_sent_at) as first_sent_at,
        bool_or(declined_at is not null) as declined
      from inquiry_recipients
      where tenant_id = ${tenantId}
      group by supplier_id, inquiry_id
    ),
    answered as (
      select o.supplier_id, o.inquiry_id, min(v.submitted_at) as first_offer_at
      from offers o
      join offer_revisions v on v.offer_id = o.id
      where o.tenant_id = ${tenantId}
        and o.status in ('submitted', 'awarded', 'not_awarded')
      group by o.supplier_id, o.inquiry_id
    )
    select
      s.supplier_id,
      count(*)::int as inquiries_sent,
      count(a.inquiry_id)::int as offers,
      -- A decline stands only while the supplier has no offer in (offering clears it).
      count(*) filter (where s.declined and a.inquiry_id is null)::int as declines,
      -- greatest() skips nulls (it would make an unanswered inquiry a 0 s response): filter them first.
      round(percentile_cont(0.5) within group (
        order by greatest(0, extract(epoch from a.first_offer_at - s.first_sent_at))
      ) filter (where a.first_offer_at is not null))::int as median_response_seconds
    from sent s
    left join answered a on a.supplier_id = s.supplier_id and a.inquiry_id = s.inquiry_id
    group by s.supplier_id
    order by s.supplier_id
  `.execute(db);
  return rows;
}
