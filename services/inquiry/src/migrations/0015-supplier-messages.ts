import { sql, type Kysely } from 'kysely';

/**
 * Suppliers' replies by e-mail, on the inquiry's thread under the recipient (so the supplier) the
 * answered mail went to. The id is the mailer's reply id: an event handed over again stores
 * nothing twice. The files are listed only; their bytes stay with the mailer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inquiry_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('recipient_id', 'uuid', (c) =>
      c.notNull().references('inquiry_recipients.id').onDelete('cascade'),
    )
    .addColumn('supplier_id', 'uuid', (c) => c.notNull())
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_truncated', 'boolean', (c) => c.notNull())
    /** An out-of-office answer (RFC 3834): stored and shown, but nobody is told of it. */
    .addColumn('auto_submitted', 'boolean', (c) => c.notNull())
    /** [{ filename, content_type, size }] */
    .addColumn('attachments', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    /** The outbox id of the copy forwarded to the trader (null: no address known for them). */
    .addColumn('forward_job_id', 'uuid')
    .execute();
  await sql`create index inquiry_messages_inquiry_idx on inquiry_messages (tenant_id, inquiry_id, received_at, id)`.execute(
    db,
  );
}
