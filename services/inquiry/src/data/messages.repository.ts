import { sql, type Insertable, type Kysely } from 'kysely';
import type { MessageAttachment } from '@mfd/contracts';
import { alertRecipient } from './alert-recipient';
import type { InquiryDB, InquiryMessagesTable } from './db';

export type NewMessage = Omit<
  Insertable<InquiryMessagesTable>,
  'attachments' | 'read_at' | 'forward_job_id'
> & {
  attachments: MessageAttachment[];
};

/**
 * The recipient a reply names, on the tenant's inquiry it names (another company's ids find
 * nothing), with the inquiry's facts, who is told about it, and the address that trader's
 * copies go to: the one identity last told (alert mails), else the one they distributed from.
 */
export function replyRecipient(
  db: Kysely<InquiryDB>,
  route: { tenantId: string; inquiryId: string; recipientId: string },
) {
  return db
    .selectFrom('inquiry_recipients as r')
    .innerJoin('inquiries', (join) =>
      join.onRef('inquiries.id', '=', 'r.inquiry_id').onRef('inquiries.tenant_id', '=', 'r.tenant_id'),
    )
    .select((eb) => [
      'r.id',
      'r.supplier_id',
      'r.supplier_name',
      'inquiries.vessel_name',
      'inquiries.port_name',
      alertRecipient(eb).as('user_id'),
    ])
    .where('r.tenant_id', '=', route.tenantId)
    .where('r.inquiry_id', '=', route.inquiryId)
    .where('r.id', '=', route.recipientId)
    .executeTakeFirst();
}

/** Where a user's copies of replies go: their alert address, else the address of their latest distribution. */
export async function traderAddress(db: Kysely<InquiryDB>, tenantId: string, userId: string) {
  const box = await db
    .selectFrom('alert_mailboxes')
    .select(['email', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (box?.email) return { email: box.email, name: box.name };
  const sent = await db
    .selectFrom('distributions')
    .select(['sender_email', 'sender_name'])
    .where('tenant_id', '=', tenantId)
    .where('sent_by', '=', userId)
    .where('sender_email', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return sent?.sender_email ? { email: sent.sender_email, name: sent.sender_name } : null;
}

/** Stores a reply once: answers false when its id was stored before (the event came again). */
export async function insertMessage(db: Kysely<InquiryDB>, message: NewMessage): Promise<boolean> {
  const row = await db
    .insertInto('inquiry_messages')
    .values({ ...message, attachments: JSON.stringify(message.attachments) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setForwardJob(db: Kysely<InquiryDB>, id: string, jobId: string): Promise<void> {
  await db.updateTable('inquiry_messages').set({ forward_job_id: jobId }).where('id', '=', id).execute();
}

/** The inquiry's messages, oldest first. */
export function messagesOf(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string) {
  return db
    .selectFrom('inquiry_messages')
    .select([
      'id',
      'supplier_id',
      'supplier_name',
      'from_address',
      'from_name',
      'subject',
      'text',
      'attachments',
      'received_at',
      'read_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
}

/** Marks the named messages of the inquiry read (ids of other inquiries change nothing); answers how many stay unread. */
export async function markMessagesRead(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  ids: string[],
  at: Date,
): Promise<number> {
  await db
    .updateTable('inquiry_messages')
    .set({ read_at: at })
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('inquiry_messages')
    .select(sql<number>`count(*)::int`.as('unread'))
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.unread;
}
