import type { Kysely } from 'kysely';
import type { DirectoryPortsMergedEvent } from '@mfd/contracts';
import type { Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { repointInquiries } from '../data/inquiry-ports.repository';
import { PORT_REGISTER_ACTOR, recordAudit } from '../domain/audit';
import { portText } from '../domain/audit-changes';

/**
 * The directory merged companies' own ports into a shared port (an operator approved or imported
 * the code): their inquiries follow it, each move in its inquiry's audit trail, in one
 * transaction. Idempotent, so the consumer may confirm it after a redelivery.
 */
export async function handlePortsMerged(
  db: Kysely<InquiryDB>,
  event: DirectoryPortsMergedEvent,
  logger: Logger,
): Promise<void> {
  const moved = await db.transaction().execute(async (trx) => {
    const rows = await repointInquiries(trx, event);
    await recordAudit(
      trx,
      rows.map((row) => ({
        tenantId: row.tenant_id,
        inquiryId: row.id,
        actor: PORT_REGISTER_ACTOR,
        type: 'port_merged' as const,
        detail: { unlocode: event.port.unlocode },
        changes: {
          port: {
            before: portText(row.was_name, row.was_unlocode),
            after: portText(event.port.name, event.port.unlocode),
          },
        },
      })),
    );
    return rows.length;
  });
  if (moved > 0)
    logger.info({ port: event.port.unlocode, inquiries: moved }, 'inquiries now name the shared port');
}
