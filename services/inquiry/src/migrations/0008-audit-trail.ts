import { sql, type Kysely } from 'kysely';

/**
 * The audit trail: one append-only table of every change to an inquiry (and later its stems),
 * written in the transaction of the change. PostgreSQL itself refuses UPDATE, DELETE and TRUNCATE
 * of it, so not even a bug of the service can rewrite history. Link opens keep their first and
 * last time per link in a table of their own (one upsert per page view), pointing at the audit
 * row of the first open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    // Insertion order: the tie-break of rows written at the same instant, and the timeline's cursor.
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id'))
    .addColumn('stem_id', 'uuid')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'uuid')
    /** The name as it was: a member removed later, or a supplier renamed, keeps it here. */
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addCheckConstraint('audit_events_actor_kind', sql`actor_kind in ('user', 'supplier', 'system')`)
    .addCheckConstraint('audit_events_actor_name', sql`length(actor_name) between 1 and 200`)
    .addCheckConstraint('audit_events_type', sql`length(type) between 1 and 50`)
    .addCheckConstraint('audit_events_request_id', sql`length(request_id) <= 200`)
    // The service bounds them first (contracts); this holds whatever writes here.
    .addCheckConstraint(
      'audit_events_size',
      sql`pg_column_size(detail) <= 65536 and pg_column_size(changes) <= 65536`,
    )
    .execute();
  await db.schema
    .createIndex('audit_events_inquiry_idx')
    .on('audit_events')
    .columns(['tenant_id', 'inquiry_id', 'at', 'seq'])
    .execute();
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`create trigger audit_events_no_change before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);
  await sql`create trigger audit_events_no_truncate before truncate on audit_events
    for each statement execute function audit_events_append_only()`.execute(db);

  await db.schema
    .createTable('offer_link_opens')
    .addColumn('token_hash', 'bytea', (c) =>
      c.primaryKey().references('offer_links.token_hash').onDelete('cascade'),
    )
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    /** The audit row of the first open; set in the transaction that wrote both. */
    .addColumn('audit_seq', 'bigint', (c) => c.references('audit_events.seq').unique())
    .addColumn('first_opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
