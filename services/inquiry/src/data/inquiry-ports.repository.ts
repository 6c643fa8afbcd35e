import { sql, type Kysely } from 'kysely';
import type { DirectoryPortsMergedEvent } from '@mfd/contracts';
import type { InquiryDB } from './db';

/**
 * Inquiries naming a company's own port that the directory merged into a shared port name the
 * shared port, with its facts (kept on the inquiry for lists and mails). Only rows of the company
 * each merged port belonged to are touched, and a second delivery of the event finds nothing left
 * to change. Answers how many inquiries moved.
 */
export async function repointInquiries(
  db: Kysely<InquiryDB>,
  event: Pick<DirectoryPortsMergedEvent, 'port' | 'merged'>,
): Promise<number> {
  const { port, merged } = event;
  const result = await db
    .updateTable('inquiries')
    .set({
      port_id: port.id,
      port_name: port.name,
      port_unlocode: port.unlocode,
      port_country: port.country,
      port_timezone: port.timezone,
      port_region: port.region,
    })
    .where(
      sql<boolean>`(tenant_id, port_id) in (select * from unnest(${merged.map((m) => m.tenant_id)}::uuid[], ${merged.map((m) => m.port_id)}::uuid[]))`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
