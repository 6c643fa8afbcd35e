import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { InquiryStatus } from '@mfd/contracts';
import { likeEscape } from '@mfd/db';
import type { InquiriesTable, InquiryDB } from './db';

export type InquiryRow = Selectable<InquiriesTable>;
type NewInquiry = Omit<
  InquiryRow,
  | 'created_at'
  | 'updated_at'
  | 'status'
  | 'revision'
  | 'amended_at'
  | 'round'
  | 'sent_version'
  | 'offers_sealed'
>;

export async function insertInquiry(db: Kysely<InquiryDB>, values: NewInquiry): Promise<void> {
  await db.insertInto('inquiries').values(values).execute();
}

/** One inquiry of the tenant; `lock` holds it for the rest of the transaction (status changes). */
/** Who owns an inquiry of the company (whose signature its supplier mails carry); null if none. */
export async function inquiryOwnerId(db: Kysely<InquiryDB>, tenantId: string, id: string) {
  const row = await db
    .selectFrom('inquiries')
    .select('owner_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.owner_id ?? null;
}

export function findInquiry(db: Kysely<InquiryDB>, tenantId: string, id: string, lock = false) {
  let query = db.selectFrom('inquiries').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateInquiry(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  values: Omit<Updateable<InquiriesTable>, 'id' | 'tenant_id' | 'created_by' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('inquiries')
    .set({ ...values, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setOwner(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  owner: { id: string; name: string },
): Promise<void> {
  await updateInquiry(db, tenantId, id, { owner_id: owner.id, owner_name: owner.name });
}

/** Gives every inquiry of `statuses` the member owns to `to`; answers the ids, locked for the transaction. */
export async function handOverOpenInquiries(
  db: Kysely<InquiryDB>,
  tenantId: string,
  fromUserId: string,
  to: { id: string; name: string },
  statuses: readonly InquiryStatus[],
): Promise<string[]> {
  const rows = await db
    .updateTable('inquiries')
    .set({ owner_id: to.id, owner_name: to.name, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('owner_id', '=', fromUserId)
    .where('status', 'in', [...statuses])
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort();
}

export interface InquiryListFilter {
  q?: string;
  status?: InquiryStatus;
  /** Only the inquiries this member owns ("My inquiries"). */
  ownerId?: string;
  limit: number;
  offset: number;
}

/** The tenant's inquiries, newest first, matching the text on vessel, IMO, customer or port. */
export async function listInquiries(db: Kysely<InquiryDB>, tenantId: string, filter: InquiryListFilter) {
  let query = db.selectFrom('inquiries').where('tenant_id', '=', tenantId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.ownerId) query = query.where('owner_id', '=', filter.ownerId);
  if (filter.q) {
    const pattern = `%${likeEscape(filter.q)}%`;
    query = query.where((eb) =>
      eb.or(
        (['vessel_name', 'imo', 'customer_name', 'port_name', 'port_unlocode'] as const).map((column) =>
          eb(column, 'ilike', pattern),
        ),
      ),
    );
  }
  const count = () =>
    query
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow()
      .then((c) => c.total);
  if (filter.q) {
    // A '%…%' match is beyond the planner's estimates (it guessed 1,000 of 100,000 where 63 matched)
    // and it walked the newest-first index through the whole company; materialized, the matches come
    // from the trigram index and only they are sorted. The total counts the same matches: a second
    // statement found them again, the trigram scan (most of a search's time) twice.
    const found = await db
      .with(
        (cte) => cte('found').materialized(),
        () => query.selectAll(),
      )
      .selectFrom('found')
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('found')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('total'),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const rows = found.map(({ total: _total, ...row }) => row);
    // A page past the last match has no row to carry the total.
    const total = found[0]?.total ?? (filter.offset > 0 ? await count() : 0);
    return { rows, total };
  }
  // Unfiltered, the total is the company's count the triggers keep (a count here read every row).
  const unfiltered = !filter.status && !filter.ownerId;
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    unfiltered ? countInquiries(db, tenantId).then((c) => c.total) : count(),
  ]);
  return { rows, total };
}

/** The company's inquiries and its open ones (ACTIVE_INQUIRY_STATUSES, migration 0023), as the triggers keep them. */
export async function countInquiries(db: Kysely<InquiryDB>, tenantId: string) {
  const row = await db
    .selectFrom('company_counts')
    .select(['inquiries as total', 'active_inquiries as active'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ?? { total: 0, active: 0 };
}

export function recentInquiries(db: Kysely<InquiryDB>, tenantId: string, limit: number) {
  return db
    .selectFrom('inquiries')
    .select(['id', 'vessel_name', 'port_name', 'customer_name', 'status', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
