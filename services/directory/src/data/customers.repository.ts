import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Customer, customerCreate, customerPatch, SellingTerms } from '@mfd/contracts';
import type { z } from 'zod';
import { likeEscape } from '@mfd/db';
import type { Actor } from './actor';
import type { CompaniesTable, DirectoryDB } from './db';

type CustomerRow = Selectable<CompaniesTable>;

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    type: 'customer',
    legal_entity_name: row.legal_entity_name,
    brand_name: row.brand_name,
    trading_name: row.trading_name,
    display_name: row.brand_name || row.trading_name || row.legal_entity_name,
    contact_name: row.contact_name,
    contact_position: row.contact_position,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    general_email: row.general_email,
    main_phone: row.main_phone,
    website: row.website,
    address: row.address,
    city: row.city,
    state_province: row.state_province,
    country: row.country,
    postal_code: row.postal_code,
    registration_number: row.registration_number,
    tax_id: row.tax_id,
    notes: row.notes,
    selling_terms: row.selling_terms,
    main_ship_type: row.main_ship_type,
    inquiry_count: row.inquiry_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Live customers of a tenant: deleted ones keep their history but are hidden everywhere. */
function customers(db: Kysely<DirectoryDB>, tenantId: string) {
  return db
    .selectFrom('companies')
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'customer')
    .where('deleted_at', 'is', null);
}

export async function listCustomers(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  page: { q?: string | undefined; limit: number; offset: number },
) {
  let query = customers(db, tenantId);
  if (page.q) query = query.where('search_text', 'like', `%${likeEscape(page.q.toLowerCase())}%`);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql`lower(legal_entity_name)`)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export function findCustomer(db: Kysely<DirectoryDB>, tenantId: string, id: string) {
  return customers(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export function customerStats(db: Kysely<DirectoryDB>, tenantId: string) {
  return customers(db, tenantId)
    .select([
      sql<number>`count(*)::int`.as('total_customers'),
      sql<number>`(count(*) filter (where inquiry_count > 0))::int`.as('active_customers'),
      sql<number>`coalesce(sum(inquiry_count), 0)::int`.as('total_inquiries'),
    ])
    .executeTakeFirstOrThrow();
}

/** Typeahead: names that start with the text first, then the closest matches. */
export function searchCustomers(db: Kysely<DirectoryDB>, tenantId: string, q: string, limit: number) {
  const text = q.toLowerCase();
  return customers(db, tenantId)
    .selectAll()
    .where('search_text', 'like', `%${likeEscape(text)}%`)
    .orderBy(
      sql`(lower(legal_entity_name) like ${`${likeEscape(text)}%`} or lower(coalesce(brand_name, '')) like ${`${likeEscape(text)}%`})`,
      'desc',
    )
    .orderBy(sql`similarity(search_text, ${text})`, 'desc')
    .orderBy(sql`lower(legal_entity_name)`)
    .limit(limit)
    .execute();
}

export async function createCustomer(
  db: Kysely<DirectoryDB>,
  actor: Actor,
  values: z.output<typeof customerCreate> & { selling_terms: SellingTerms },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('companies')
    .values({ id, tenant_id: actor.tenantId, type: 'customer', created_by: actor.userId, ...values })
    .execute();
  return id;
}

/** A PUT (every field) or a PATCH (some): the fields given are set, the others kept. */
export async function updateCustomer(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  id: string,
  values: z.output<typeof customerPatch>,
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'customer')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCustomer(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'customer')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface InquiryCreated {
  /** The event's outbox id: each is counted once however often it comes. */
  id: string;
  tenantId: string;
  customerId: string;
}

/**
 * Once per event: the events' processed_events rows and their customers' increments commit
 * together, a relay pass's events in one transaction (a statement per customer, not per event).
 * Ids and customers are taken in sorted order, so batches running side by side that share some
 * lock them in the same order and never deadlock. Returns how many events were new.
 */
export async function countInquiries(db: Kysely<DirectoryDB>, events: InquiryCreated[]): Promise<number> {
  if (events.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(events.map((e) => e.id))].sort();
    const fresh = await trx
      .insertInto('processed_events')
      .values(ids.map((id) => ({ id })))
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    const uncounted = new Set(fresh.map((r) => r.id));
    const perCustomer = new Map<string, { tenantId: string; customerId: string; n: number }>();
    for (const e of events) {
      if (!uncounted.delete(e.id)) continue;
      const key = `${e.customerId}/${e.tenantId}`;
      const entry = perCustomer.get(key) ?? { tenantId: e.tenantId, customerId: e.customerId, n: 0 };
      entry.n += 1;
      perCustomer.set(key, entry);
    }
    const sorted = [...perCustomer.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [, { tenantId, customerId, n }] of sorted)
      await trx
        .updateTable('companies')
        .set({ inquiry_count: sql<number>`inquiry_count + ${n}` })
        .where('id', '=', customerId)
        .where('tenant_id', '=', tenantId)
        .execute();
    return fresh.length;
  });
}
