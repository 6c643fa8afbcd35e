import { sql, type Kysely } from 'kysely';
import { createOutboxTable } from '@mfd/queue';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inquiries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('customer_id', 'uuid')
    .addColumn('customer_name', 'text')
    .addColumn('port_id', 'uuid')
    .addColumn('port_name', 'text')
    .addColumn('vessel_name', 'text', (c) => c.notNull())
    .addColumn('imo', 'text')
    .addColumn('agent_name', 'text')
    .addColumn('agent_email', 'text')
    .addColumn('eta', 'timestamptz')
    .addColumn('etb', 'timestamptz')
    .addColumn('etd', 'timestamptz')
    .addColumn('commentary', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('inquiries_tenant_created_idx')
    .on('inquiries')
    .columns(['tenant_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('inquiry_products')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid')
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity_mt_min', 'numeric(10, 1)', (c) => c.notNull())
    .addColumn('quantity_mt_max', 'numeric(10, 1)', (c) => c.notNull())
    .addColumn('iso_spec', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('inquiry_products_range', sql`quantity_mt_min <= quantity_mt_max`)
    .execute();
  await db.schema
    .createIndex('inquiry_products_inquiry_idx')
    .on('inquiry_products')
    .column('inquiry_id')
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('supplier_id', 'uuid')
    .addColumn('supplier_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('offers_tenant_idx')
    .on('offers')
    .columns(['tenant_id', 'submitted_at desc'])
    .execute();

  await createOutboxTable(db);
}
