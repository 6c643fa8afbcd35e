import { sql, type Kysely } from 'kysely';

/**
 * The port and customer facts an inquiry shows and mails are kept on it when it is written, so
 * the list, the detail and later the supplier mails never need a directory call per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('port_unlocode', 'text')
    .addColumn('port_country', 'text')
    .addColumn('port_timezone', 'text')
    .addColumn('port_region', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('cancel_reason', 'text')
    .execute();
  await db.schema
    .createIndex('inquiries_tenant_status_idx')
    .on('inquiries')
    .columns(['tenant_id', 'status'])
    .execute();
  await sql`alter table inquiries add constraint inquiries_status_check
    check (status in ('draft', 'distributed', 'quoting', 'awarded', 'cancelled'))`.execute(db);
}
