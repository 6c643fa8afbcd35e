import type { Kysely } from 'kysely';
import type { DirectoryPortsMergedEvent } from '@mfd/contracts';
import type { Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { repointInquiries } from '../data/inquiry-ports.repository';

/**
 * The directory merged companies' own ports into a shared port (an operator approved or imported
 * the code): their inquiries follow it. Idempotent, so the consumer may confirm it after a redelivery.
 */
export async function handlePortsMerged(
  db: Kysely<InquiryDB>,
  event: DirectoryPortsMergedEvent,
  logger: Logger,
): Promise<void> {
  const moved = await repointInquiries(db, event);
  if (moved > 0)
    logger.info({ port: event.port.unlocode, inquiries: moved }, 'inquiries now name the shared port');
}
