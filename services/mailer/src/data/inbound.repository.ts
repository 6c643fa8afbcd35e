import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { BOUNCEABLE_MAIL_STATUSES } from '@mfd/contracts';
import type {
  MailerDB,
  MessagesTable,
  QuarantinedMailsTable,
  RepliesTable,
  ReplyAttachmentsTable,
} from './db';

/** Quarantined mail is kept this long for a look, then deleted: spam must not fill the schema. */
const QUARANTINE_DAYS = 30;

export type AnsweredMessage = Pick<
  Selectable<MessagesTable>,
  | 'id'
  | 'job_id'
  | 'source'
  | 'template'
  | 'recipient'
  | 'reference'
  | 'tenant_id'
  | 'status'
  | 'attempts'
  | 'smtp_message_id'
  | 'reply_tenant_id'
  | 'reply_inquiry_id'
  | 'reply_recipient_id'
>;

/** The sent message an inbound address's ref names, as a bounce or a reply needs it. */
export function findAnsweredMessage(db: Kysely<MailerDB>, id: string): Promise<AnsweredMessage | undefined> {
  return db
    .selectFrom('messages')
    .select([
      'id',
      'job_id',
      'source',
      'template',
      'recipient',
      'reference',
      'tenant_id',
      'status',
      'attempts',
      'smtp_message_id',
      'reply_tenant_id',
      'reply_inquiry_id',
      'reply_recipient_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The message bounced: only a sent one (or one that may have been) changes, once; answers whether
 * it did, so a bounce delivered twice reports once.
 */
export async function markBounced(
  db: Kysely<MailerDB>,
  id: string,
  bounce: { status: string; error: string },
): Promise<boolean> {
  const row = await db
    .updateTable('messages')
    .set({
      status: 'bounced',
      bounce_status: bounce.status,
      last_error: bounce.error.slice(0, 1000),
      bounced_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', BOUNCEABLE_MAIL_STATUSES)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export type NewReply = Omit<RepliesTable, 'received_at'>;
export type NewAttachment = Omit<ReplyAttachmentsTable, 'reply_id' | 'position'>;

/**
 * Stores a reply and its attachments; answers its received time, or null when the same reply
 * (same answered mail and Message-ID) was stored before: a sending server that got no answer
 * delivers it again.
 */
export async function insertReply(
  db: Kysely<MailerDB>,
  reply: NewReply,
  attachments: NewAttachment[],
): Promise<Date | null> {
  const row = await db
    .insertInto('replies')
    .values(reply)
    .onConflict((oc) =>
      oc.columns(['message_id', 'header_message_id']).where('header_message_id', 'is not', null).doNothing(),
    )
    .returning('received_at')
    .executeTakeFirst();
  if (!row) return null;
  if (attachments.length > 0)
    await db
      .insertInto('reply_attachments')
      .values(attachments.map((a, position) => ({ ...a, reply_id: reply.id, position })))
      .execute();
  return row.received_at;
}

/** Keeps a spam-looking mail apart, as it came; mail kept longer than QUARANTINE_DAYS goes. */
export async function quarantineMail(
  db: Kysely<MailerDB>,
  mail: Omit<QuarantinedMailsTable, 'id' | 'received_at'>,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('quarantined_mails')
    .values({ id, ...mail })
    .execute();
  await db
    .deleteFrom('quarantined_mails')
    .where('received_at', '<', sql<Date>`now() - make_interval(days => ${QUARANTINE_DAYS})`)
    .execute();
  return id;
}

/**
 * The files of a stored reply, in their order, for a mail that forwards it: only a reply of the
 * mail's own tenant (a job naming another company's reply attaches nothing).
 */
export function replyFiles(db: Kysely<MailerDB>, replyId: string, tenantId: string | null) {
  if (!tenantId) return Promise.resolve([]);
  return db
    .selectFrom('reply_attachments as a')
    .innerJoin('replies as r', 'r.id', 'a.reply_id')
    .select(['a.filename', 'a.content_type', 'a.content'])
    .where('r.id', '=', replyId)
    .where('r.tenant_id', '=', tenantId)
    .orderBy('a.position')
    .execute();
}
