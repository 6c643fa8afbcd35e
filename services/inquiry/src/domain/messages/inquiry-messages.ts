import type { Kysely } from 'kysely';
import type { InquiryMessagesResponse, MarkMessagesReadResponse } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { findInquiry } from '../../data/inquiries.repository';
import { markMessagesRead, messagesOf } from '../../data/messages.repository';
import { InquiryNotFoundError, type Caller } from '../inquiries';
import { fromLine } from './from-line';

async function assertInquiry(db: Kysely<InquiryDB>, caller: Caller, inquiryId: string) {
  if (!(await findInquiry(db, caller.tenantId, inquiryId))) throw new InquiryNotFoundError('inquiry');
}

/** The suppliers' replies on the inquiry, oldest first; another company's inquiry is a 404. */
export async function inquiryMessages(
  db: Kysely<InquiryDB>,
  caller: Caller,
  inquiryId: string,
): Promise<InquiryMessagesResponse> {
  await assertInquiry(db, caller, inquiryId);
  const rows = await messagesOf(db, caller.tenantId, inquiryId);
  return {
    items: rows.map((m) => ({
      id: m.id,
      supplier_id: m.supplier_id,
      supplier_name: m.supplier_name,
      from: fromLine({ name: m.from_name, address: m.from_address }),
      subject: m.subject,
      text: m.text,
      received_at: m.received_at.toISOString(),
      read_at: m.read_at?.toISOString() ?? null,
      attachments: m.attachments,
    })),
  };
}

/**
 * Marks the named messages of the inquiry read (a message read before keeps its first time; ids
 * that are not the inquiry's change nothing); answers how many stay unread.
 */
export async function markInquiryMessagesRead(
  db: Kysely<InquiryDB>,
  caller: Caller,
  inquiryId: string,
  ids: string[],
  now: Date,
): Promise<MarkMessagesReadResponse> {
  await assertInquiry(db, caller, inquiryId);
  const unread = await markMessagesRead(db, caller.tenantId, inquiryId, ids, now);
  return { success: true, detail: 'Messages marked as read', unread_count: unread };
}
