import type { Kysely } from 'kysely';
import { QUEUES } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import type { InquiryRow } from '../../data/inquiries.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { recipientsOfInquiry } from '../../data/recipients.repository';
import { envelope } from './recipient-mail';
import { rfqFacts } from './rfq-facts';
import { sentFacts } from './sent-version';
import type { NoticeSource } from './supplier-mail-gate';

/** Notices carry this reference, so their delivery never overwrites the recipient's invitation status. */
export const noticeReference = (recipientId: string) => `notice:${recipientId}`;

/**
 * Tells every address the inquiry went to that it was cancelled, in the cancelling transaction,
 * through the supplier mail gate. No link: there is nothing left to price. Answers how many
 * notices were written.
 */
export async function writeCancelNotices(
  trx: Kysely<InquiryDB>,
  notices: NoticeSource,
  inquiry: InquiryRow,
  reason: string | null,
): Promise<number> {
  const recipients = await recipientsOfInquiry(trx, inquiry.tenant_id, inquiry.id);
  if (recipients.length === 0) return 0;
  const ctx = { secrets: notices.secrets, sender: await notices.gate.admit(recipients.map((r) => r.email)) };
  const lines = await linesByInquiry(trx, inquiry.tenant_id, [inquiry.id]);
  // The inquiry as they were told it: changes never sent are not theirs to read now.
  const sent = sentFacts(inquiry, lines.get(inquiry.id) ?? []);
  const rfq = rfqFacts(sent, sent.lines);
  for (const recipient of recipients)
    await writeOutbox(trx, QUEUES.mailSend, {
      ...envelope(ctx, recipient),
      reference: noticeReference(recipient.id),
      mail: { template: 'rfq-cancelled', data: { supplier_name: recipient.supplier_name, rfq, reason } },
    });
  return recipients.length;
}
