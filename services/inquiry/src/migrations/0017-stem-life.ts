import { sql, type Kysely } from 'kysely';

/**
 * What happens to a stem after it is confirmed: the bunker delivery note (one per stem, its lines
 * per stem line), the documents uploaded for it (the BDN's PDF or image, its bytes kept here behind
 * the DocumentStore interface), the final values of its indexes, the supplier's invoice (one per
 * stem; what it should have been is computed when read, so a later index value updates it) and the
 * claims against the delivery with their time bars. Each row carries its tenant for isolation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stem_deliveries')
    .addColumn('stem_id', 'uuid', (c) => c.primaryKey().references('stems.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('bdn_number', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('barge_name', 'text')
    .addColumn('seals', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('remarks', 'text')
    .addColumn('recorded_by', 'uuid', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('stem_delivery_lines')
    .addColumn('stem_id', 'uuid', (c) =>
      c.notNull().references('stem_deliveries.stem_id').onDelete('cascade'),
    )
    .addColumn('product_line_id', 'uuid', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('quantity_mt', sql`numeric(12, 3)`, (c) => c.notNull())
    .addColumn('density_kg_m3', sql`numeric(6, 1)`)
    .addColumn('sulphur_pct', sql`numeric(6, 3)`)
    .addColumn('viscosity_cst', sql`numeric(8, 2)`)
    .addPrimaryKeyConstraint('stem_delivery_lines_pk', ['stem_id', 'product_line_id'])
    .execute();

  await db.schema
    .createTable('stem_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('stem_id', 'uuid', (c) => c.notNull().references('stems.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'uuid', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('stem_documents_size', sql`size_bytes between 1 and 10485760`)
    .execute();
  await db.schema.createIndex('stem_documents_stem_idx').on('stem_documents').column('stem_id').execute();

  await db.schema
    .createTable('stem_index_values')
    .addColumn('stem_id', 'uuid', (c) => c.notNull().references('stems.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('index_name', 'text', (c) => c.notNull())
    .addColumn('value', sql`numeric(12, 2)`, (c) => c.notNull())
    .addColumn('as_of', 'date', (c) => c.notNull())
    .addPrimaryKeyConstraint('stem_index_values_pk', ['stem_id', 'index_name'])
    .execute();

  await db.schema
    .createTable('stem_invoices')
    .addColumn('stem_id', 'uuid', (c) => c.primaryKey().references('stems.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('invoice_date', 'date', (c) => c.notNull())
    .addColumn('amount_usd', sql`numeric(14, 2)`, (c) => c.notNull())
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('recorded_by', 'uuid', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('stem_invoices_due_idx')
    .on('stem_invoices')
    .columns(['tenant_id', 'due_date'])
    .execute();

  await db.schema
    .createTable('stem_claims')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('stem_id', 'uuid', (c) => c.notNull().references('stems.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_usd', sql`numeric(14, 2)`)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('time_bar_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('stem_claims_kind', sql`kind in ('quantity', 'quality', 'demurrage', 'other')`)
    .addCheckConstraint(
      'stem_claims_status',
      sql`status in ('open', 'submitted', 'settled', 'rejected', 'time_barred')`,
    )
    .execute();
  await db.schema.createIndex('stem_claims_stem_idx').on('stem_claims').column('stem_id').execute();
  // The time-bar job and the dashboard read open claims by their bar.
  await sql`create index stem_claims_open_bar_idx on stem_claims (time_bar_at) where status = 'open'`.execute(
    db,
  );
}
