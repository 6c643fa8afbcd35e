import { sql, type Kysely } from 'kysely';

/**
 * The RFQ loop: who an inquiry was sent to (recipients, with their mail's delivery), the personal
 * offer links (only a hash of each token), the offers with their priced lines and every revision,
 * and the award. An inquiry's revision counts amendments made after it was first sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('selling_terms', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('amended_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('distributions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('sent_by', 'uuid', (c) => c.notNull())
    .addColumn('sender_name', 'text')
    .addColumn('sender_company', 'text')
    .addColumn('sender_email', 'text')
    .addColumn('reply_by', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('inquiry_recipients')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('distribution_id', 'uuid', (c) => c.notNull().references('distributions.id'))
    .addColumn('supplier_id', 'uuid', (c) => c.notNull())
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'uuid')
    .addColumn('contact_name', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reply_by', 'timestamptz', (c) => c.notNull())
    .addColumn('first_sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('send_count', 'integer', (c) => c.notNull().defaultTo(1))
    /** The outbox id (= job id) of the last mail to this address: only its status events count. */
    .addColumn('mail_job_id', 'text')
    .addColumn('mail_status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mail_error', 'text')
    .addColumn('mail_status_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index inquiry_recipients_address_idx
    on inquiry_recipients (inquiry_id, supplier_id, lower(email))`.execute(db);
  await db.schema
    .createIndex('inquiry_recipients_supplier_idx')
    .on('inquiry_recipients')
    .columns(['tenant_id', 'supplier_id'])
    .execute();

  await db.schema
    .createTable('offer_links')
    .addColumn('token_hash', 'bytea', (c) => c.primaryKey())
    .addColumn('recipient_id', 'uuid', (c) =>
      c.notNull().references('inquiry_recipients.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('offers')
    .addColumn('recipient_id', 'uuid', (c) => c.references('inquiry_recipients.id'))
    /** Where the award or not-awarded note goes: the recipient's address, or the supplier's for a recorded offer. */
    .addColumn('supplier_email', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('link'))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inquiry_revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('barging_charges', sql`numeric(14, 2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('other_charges', sql`numeric(14, 2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('payment_terms', 'text')
    .addColumn('valid_until', 'timestamptz')
    .addColumn('remarks', 'text')
    .addColumn('recorded_by', 'uuid')
    .addColumn('awarded_at', 'timestamptz')
    .addColumn('awarded_by', 'uuid')
    .addColumn('award_notes', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One offer per supplier and inquiry: a second submission, by link or recorded, revises it.
  await db.schema
    .createIndex('offers_inquiry_supplier_idx')
    .on('offers')
    .columns(['inquiry_id', 'supplier_id'])
    .unique()
    .execute();
  await sql`alter table offers add constraint offers_status_check
    check (status in ('draft', 'submitted', 'awarded', 'not_awarded', 'withdrawn'))`.execute(db);
  await sql`alter table offers add constraint offers_source_check
    check (source in ('link', 'manual'))`.execute(db);

  await db.schema
    .createTable('offer_lines')
    .addColumn('offer_id', 'uuid', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('product_line_id', 'uuid', (c) =>
      c.notNull().references('inquiry_products.id').onDelete('cascade'),
    )
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('price_per_mt', sql`numeric(12, 2)`, (c) => c.notNull())
    .addColumn('min_deliverable', sql`numeric(10, 1)`, (c) => c.notNull())
    .addColumn('max_deliverable', sql`numeric(10, 1)`, (c) => c.notNull())
    .addColumn('delivery_method', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('offer_lines_pk', ['offer_id', 'product_line_id'])
    .addCheckConstraint('offer_lines_price', sql`price_per_mt > 0`)
    .addCheckConstraint('offer_lines_range', sql`min_deliverable <= max_deliverable`)
    .execute();

  await db.schema
    .createTable('offer_revisions')
    .addColumn('offer_id', 'uuid', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('offer_revisions_pk', ['offer_id', 'revision'])
    .execute();
}
