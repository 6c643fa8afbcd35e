import { sql, type Kysely } from 'kysely';

/**
 * What the inbound listener keeps: suppliers' replies with their attachments, and the mail it kept
 * apart (spam-looking: SPF fail, too many recipients), byte for byte and never forwarded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('replies')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    /** The mail the supplier answered. */
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('messages.id'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull())
    .addColumn('recipient_id', 'uuid', (c) => c.notNull())
    /** The reply's own Message-ID: a copy the sending server delivers again is stored once. */
    .addColumn('header_message_id', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** Sanitized: safe to show or forward as it is. */
    .addColumn('html', 'text')
    .addColumn('auto_submitted', 'boolean', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index replies_once_idx on replies (message_id, header_message_id)
    where header_message_id is not null`.execute(db);
  await db.schema
    .createIndex('replies_inquiry_idx')
    .on('replies')
    .columns(['tenant_id', 'inquiry_id', 'received_at'])
    .execute();

  await db.schema
    .createTable('reply_attachments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('reply_id', 'uuid', (c) => c.notNull().references('replies.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reply_attachments_reply_idx')
    .on('reply_attachments')
    .column('reply_id')
    .execute();

  await db.schema
    .createTable('quarantined_mails')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('envelope_from', 'text')
    .addColumn('recipients', sql`text[]`, (c) => c.notNull())
    .addColumn('remote_address', 'text', (c) => c.notNull())
    .addColumn('helo', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('raw', 'bytea', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('quarantined_mails_received_idx')
    .on('quarantined_mails')
    .column('received_at')
    .execute();
}
