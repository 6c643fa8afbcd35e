import { sql, type Insertable, type Kysely } from 'kysely';
import type { AuditEventsTable, InquiryDB } from './db';

export type NewAuditEvent = Insertable<AuditEventsTable>;

/**
 * Appends rows to the audit trail in one statement; answers their sequence numbers in order. The
 * only statement of the service that touches the table besides reads: it never updates or deletes.
 */
export async function insertAuditEvents(db: Kysely<InquiryDB>, rows: NewAuditEvent[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('audit_events').values(rows).returning('seq').execute();
  return inserted.map((r) => r.seq);
}

/**
 * Which of these bounces the trail has already (the same mail, address and time of the bounce): a
 * bounce comes after its mail's outbox row was confirmed, so the confirmation cannot tell a
 * redelivered event from a new one. Answers the keys `bounceKey` makes of those recorded.
 */
export async function recordedBounces(
  db: Kysely<InquiryDB>,
  bounces: { tenantId: string; inquiryId: string; mail: string; to: string; at: Date }[],
): Promise<Set<string>> {
  if (bounces.length === 0) return new Set();
  const rows = await db
    .selectFrom('audit_events')
    .select([
      'inquiry_id',
      'at',
      sql<string>`detail->>'mail'`.as('mail'),
      sql<string>`detail->>'to'`.as('to'),
    ])
    .where('type', '=', 'mail_outcome')
    .where(sql<string>`detail->>'status'`, '=', 'bounced')
    .where('tenant_id', 'in', [...new Set(bounces.map((b) => b.tenantId))])
    .where('inquiry_id', 'in', [...new Set(bounces.map((b) => b.inquiryId))])
    .where(
      'at',
      'in',
      bounces.map((b) => b.at),
    )
    .execute();
  return new Set(rows.map((r) => bounceKey({ inquiryId: r.inquiry_id, mail: r.mail, to: r.to, at: r.at })));
}

export const bounceKey = (b: { inquiryId: string; mail: string; to: string; at: Date }) =>
  `${b.inquiryId} ${b.mail} ${b.to} ${b.at.toISOString()}`;

/** The name the trail last recorded for a user of the tenant, or null if it never recorded one. */
export async function lastRecordedName(
  db: Kysely<InquiryDB>,
  tenantId: string,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('audit_events')
    .select('actor_name')
    .where('tenant_id', '=', tenantId)
    .where('actor_kind', '=', 'user')
    .where('actor_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.actor_name ?? null;
}

/**
 * One page of an inquiry's trail, oldest first (by time, then by insertion), after the row whose
 * sequence number is `after`; a link's first open comes with its last open and count.
 */
export function timelinePage(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  after: string | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('audit_events as a')
    .leftJoin('offer_link_opens as o', 'o.audit_seq', 'a.seq')
    .select([
      'a.seq',
      'a.at',
      'a.actor_kind',
      'a.actor_name',
      'a.type',
      'a.detail',
      'a.changes',
      'o.last_opened_at',
      'o.open_count',
    ])
    .where('a.tenant_id', '=', tenantId)
    .where('a.inquiry_id', '=', inquiryId);
  if (after !== undefined)
    query = query.where(
      sql<boolean>`(a.at, a.seq) > (
        select c.at, c.seq from audit_events c
        where c.seq = ${after} and c.tenant_id = ${tenantId} and c.inquiry_id = ${inquiryId})`,
    );
  return query.orderBy('a.at').orderBy('a.seq').limit(limit).execute();
}
