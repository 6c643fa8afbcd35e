import type { Kysely } from 'kysely';
import type { amendmentSend, AuditChanges, RfqChange } from '@mfd/contracts';
import type { z } from 'zod';
import type { InquiryDB } from '../../data/db';
import { updateInquiry } from '../../data/inquiries.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { recipientsOfInquiry, setReplyBy } from '../../data/recipients.repository';
import { byUser, recordAudit } from '../audit';
import { assertChangeable, changeInquiry, InquiryInputError, type Caller } from '../inquiries';
import { amendmentChanges } from './amendments';
import { writeLinkMails } from './recipient-mail';
import { resolveReplyBy } from './reply-by';
import { rfqFacts } from './rfq-facts';
import { currentFacts, sentFacts, versionOf } from './sent-version';
import type { NoticeSource } from './supplier-mail-gate';

type AmendmentInput = z.output<typeof amendmentSend>;

/** The suppliers already have the inquiry as it stands (409): there is no amendment to send. */
export class NothingPendingError extends Error {
  constructor() {
    super('Nothing to send: the suppliers already have this version of the inquiry.');
  }
}

/** Each change the mail lists, as the trail keeps it: its label, before and after. */
const auditChangesOf = (changes: RfqChange[]): AuditChanges =>
  Object.fromEntries(changes.map((c) => [c.label, { before: c.before, after: c.after }]));

/**
 * "Send amendment": the edits made since the suppliers were last told, in one mail per address
 * listing every change before → after, with the trader's message and, when given, a new reply-by
 * for every address. Under the inquiry's lock, through the supplier mail gate: the revision goes
 * up, the inquiry as it stands becomes the version suppliers see, each address gets a new link
 * (the old ones answer 410 superseded) and the trail records it. Answers the number of mails.
 */
export async function sendAmendment(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  input: AmendmentInput,
  notices: NoticeSource,
  now: Date = new Date(),
): Promise<number> {
  const first = await assertChangeable(db, caller, id, 'edit');
  if (!first.sent_version) throw new NothingPendingError();
  await notices.gate.prepare();
  return notices.gate.settle(
    changeInquiry(db, caller, id, 'edit', async (trx, inquiry) => {
      const lines = (await linesByInquiry(trx, caller.tenantId, [id])).get(id) ?? [];
      const before = sentFacts(inquiry, lines);
      const after = currentFacts(inquiry, lines);
      const changes = amendmentChanges(before, after);
      const recipients = await recipientsOfInquiry(trx, caller.tenantId, id);
      if (changes.length === 0 || recipients.length === 0) throw new NothingPendingError();

      // Read under the lock: the reply-by is held to the ETA the amendment announces.
      let replyBy: Date | null = null;
      if (input.reply_by) {
        const resolved = resolveReplyBy(new Date(input.reply_by), inquiry.eta, now);
        if (!resolved.ok) throw new InquiryInputError([{ field: 'reply_by', message: resolved.message }]);
        replyBy = resolved.replyBy;
      } else if (recipients.some((r) => r.reply_by.getTime() <= now.getTime()))
        throw new InquiryInputError([
          { field: 'reply_by', message: 'The reply-by time has passed: set a new one to send the amendment' },
        ]);

      const sender = await notices.gate.admit(recipients.map((r) => r.email));
      if (replyBy) await setReplyBy(trx, caller.tenantId, id, replyBy);
      const revision = inquiry.revision + 1;
      await updateInquiry(trx, caller.tenantId, id, {
        revision,
        amended_at: now,
        sent_version: versionOf(after),
      });
      await writeLinkMails(
        trx,
        { secrets: notices.secrets, sender },
        recipients.map((r) => ({ ...r, reply_by: replyBy ?? r.reply_by })),
        rfqFacts(after, after.lines),
        { template: 'rfq-amendment', changes, message: input.message },
      );
      await recordAudit(trx, {
        ...byUser(caller, id),
        type: 'amendment_sent',
        detail: {
          revision,
          recipient_count: recipients.length,
          message: input.message,
          reply_by: replyBy?.toISOString() ?? null,
        },
        changes: auditChangesOf(changes),
      });
      return recipients.length;
    }),
  );
}
