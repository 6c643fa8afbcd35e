import type { Kysely } from 'kysely';
import type { IdentityMemberRemovedEvent } from '@mfd/contracts';
import type { Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { reassignRemovedMember } from '../domain/owners';

/** Identity removed a member from a company: their open inquiries go to the member it names. */
export async function handleMemberRemoved(
  db: Kysely<InquiryDB>,
  event: IdentityMemberRemovedEvent,
  logger: Logger,
): Promise<void> {
  const moved = await reassignRemovedMember(db, event);
  if (moved > 0)
    logger.info(
      { tenant: event.tenant_id, inquiries: moved },
      'a removed member’s open inquiries were handed over',
    );
}
