import { sql, type Kysely } from 'kysely';

/**
 * The price history reads a company's inquiries at one port, its lines of one grade (by name in any
 * case) and their offers within the period: an index for each step, the last two covering what is
 * read, so a year of 100,000 offers answers without touching the tables' other rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('inquiries_tenant_port_idx')
    .on('inquiries')
    .columns(['tenant_id', 'port_id'])
    .execute();
  await sql`create index inquiry_products_grade_idx
    on inquiry_products (tenant_id, lower(product_name), inquiry_id) include (id, quantity_mt_max)`.execute(
    db,
  );
  await sql`create index offers_inquiry_submitted_idx
    on offers (inquiry_id, submitted_at) include (status, id)`.execute(db);
}
