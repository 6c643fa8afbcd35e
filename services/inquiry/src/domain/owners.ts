import type { Kysely } from 'kysely';
import { ACTIVE_INQUIRY_STATUSES, type IdentityMemberRemovedEvent } from '@mfd/contracts';
import type { InquiryDB } from '../data/db';
import { findInquiry, handOverOpenInquiries, setOwner } from '../data/inquiries.repository';
import { byUser, recordAudit, userActor } from './audit';
import { InquiryNotFoundError, type Caller } from './inquiries';

/**
 * Hands one inquiry to another member of the company (`to`, as identity named the member just
 * now), whatever its status, under its lock and with its trail row. Handing it to its owner
 * changes nothing and records nothing.
 */
export async function handOver(
  db: Kysely<InquiryDB>,
  caller: Caller,
  inquiryId: string,
  to: { id: string; name: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, caller.tenantId, inquiryId, true);
    if (!inquiry) throw new InquiryNotFoundError('inquiry');
    if (inquiry.owner_id === to.id) return;
    await setOwner(trx, caller.tenantId, inquiryId, to);
    await recordAudit(trx, {
      ...byUser(caller, inquiryId),
      type: 'owner_changed',
      detail: { from: { id: inquiry.owner_id, name: inquiry.owner_name }, to, reason: 'handed_over' },
      changes: { owner: { before: inquiry.owner_name, after: to.name } },
    });
  });
}

/**
 * An admin removed a member: the member's open inquiries become `reassign_to`'s, each hand-over in
 * its trail by the admin. Closed ones (awarded, cancelled) keep their owner as the record of who
 * had them. Idempotent: a redelivered event finds nothing left to hand over.
 */
export async function reassignRemovedMember(
  db: Kysely<InquiryDB>,
  event: IdentityMemberRemovedEvent,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const moved = await handOverOpenInquiries(
      trx,
      event.tenant_id,
      event.user_id,
      event.reassign_to,
      ACTIVE_INQUIRY_STATUSES,
    );
    await recordAudit(
      trx,
      moved.map((inquiryId) => ({
        tenantId: event.tenant_id,
        inquiryId,
        actor: userActor({ userId: event.removed_by.id, name: event.removed_by.name }),
        type: 'owner_changed' as const,
        detail: {
          from: { id: event.user_id, name: event.user_name },
          to: event.reassign_to,
          reason: 'member_removed' as const,
        },
        changes: { owner: { before: event.user_name, after: event.reassign_to.name } },
      })),
    );
    return moved.length;
  });
}
