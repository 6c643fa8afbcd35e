import { sql, type Kysely } from 'kysely';

/**
 * Stems: the deal an award makes with each winning supplier, as confirmed to both sides. A stem
 * keeps its own copy of what was agreed (vessel, port, window, agent, lines, terms, the clauses
 * chosen), so the confirmation reads the same whatever later happens to the inquiry, the offer or
 * the clause library; its charges are the awarded revision's (offer_charges). Delivery, invoice
 * and claims live in tables of their own that point at `stems.id` (later migrations).
 * References count per company and year; acknowledgement links keep only a hash of their token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stems')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id'))
    .addColumn('offer_id', 'uuid', (c) => c.notNull().references('offers.id'))
    /** The revision awarded: its charges are the stem's. */
    .addColumn('offer_revision', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('company_name', 'text')
    .addColumn('supplier_id', 'uuid')
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('supplier_email', 'text')
    .addColumn('customer_id', 'uuid')
    .addColumn('customer_name', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('vessel_name', 'text', (c) => c.notNull())
    .addColumn('imo', 'text')
    .addColumn('port_id', 'uuid')
    .addColumn('port_name', 'text')
    .addColumn('port_unlocode', 'text')
    .addColumn('port_country', 'text')
    .addColumn('port_timezone', 'text')
    .addColumn('delivery_from', 'timestamptz')
    .addColumn('delivery_to', 'timestamptz')
    .addColumn('agent_name', 'text')
    .addColumn('agent_email', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('payment_days', 'integer')
    .addColumn('payment_basis', 'text')
    .addColumn('payment_terms', 'text')
    .addColumn('selling_terms', 'text')
    .addColumn('pricing_mode', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'text')
    .addCheckConstraint(
      'stems_status',
      sql`status in ('draft', 'sent', 'acknowledged', 'delivered', 'invoiced', 'closed')`,
    )
    .addCheckConstraint('stems_pricing_mode', sql`pricing_mode in ('none', 'markup', 'commission')`)
    .execute();
  await db.schema
    .createIndex('stems_reference_idx')
    .on('stems')
    .columns(['tenant_id', 'reference'])
    .unique()
    .execute();
  await db.schema
    .createIndex('stems_list_idx')
    .on('stems')
    .columns(['tenant_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('stems_inquiry_idx').on('stems').columns(['tenant_id', 'inquiry_id']).execute();
  // One stem per awarded offer: an award retried in another transaction cannot make a second.
  await db.schema.createIndex('stems_offer_idx').on('stems').column('offer_id').unique().execute();

  await db.schema
    .createTable('stem_lines')
    .addColumn('stem_id', 'uuid', (c) => c.notNull().references('stems.id').onDelete('cascade'))
    .addColumn('product_line_id', 'uuid', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('iso_spec', 'text', (c) => c.notNull())
    .addColumn('quantity_mt_min', sql`numeric(10, 1)`, (c) => c.notNull())
    .addColumn('quantity_mt_max', sql`numeric(10, 1)`, (c) => c.notNull())
    .addColumn('pricing', 'text', (c) => c.notNull())
    /** The supplier's fixed price; null on an index-linked line. */
    .addColumn('price_per_mt', sql`numeric(12, 2)`)
    .addColumn('index_name', 'text')
    .addColumn('differential', sql`numeric(12, 2)`)
    .addColumn('delivery_method', 'text', (c) => c.notNull())
    /** The trader's markup or commission on the line (per the stem's pricing_mode). */
    .addColumn('adjustment_basis', 'text')
    .addColumn('adjustment_amount', sql`numeric(12, 2)`)
    .addPrimaryKeyConstraint('stem_lines_pk', ['stem_id', 'product_line_id'])
    .addCheckConstraint(
      'stem_lines_adjustment',
      sql`(adjustment_basis is null) = (adjustment_amount is null)
        and (adjustment_basis is null or adjustment_basis in ('per_mt', 'percent'))
        and (adjustment_amount is null or adjustment_amount >= 0)`,
    )
    .execute();

  await db.schema
    .createTable('clauses')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('clauses_tenant_idx')
    .on('clauses')
    .columns(['tenant_id', 'created_at'])
    .execute();

  // A copy of each clause as chosen: editing or deleting it in the library leaves confirmed stems alone.
  await db.schema
    .createTable('stem_clauses')
    .addColumn('stem_id', 'uuid', (c) => c.notNull().references('stems.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('clause_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stem_clauses_pk', ['stem_id', 'position'])
    .execute();

  await db.schema
    .createTable('stem_reference_sequences')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_sequence', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stem_reference_sequences_pk', ['tenant_id', 'year'])
    .execute();

  // The supplier's acknowledgement links: each send makes a fresh one and retires the earlier.
  await db.schema
    .createTable('stem_links')
    .addColumn('token_hash', 'bytea', (c) => c.primaryKey())
    .addColumn('stem_id', 'uuid', (c) => c.notNull().references('stems.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('retired_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('stem_links_stem_idx').on('stem_links').column('stem_id').execute();
}
