import { sql, type Kysely } from 'kysely';
import type { DirectoryPortsMergedEvent } from '@mfd/contracts';
import type { InquiryDB } from './db';

/** An inquiry a port merge moved, with the port it named before. */
export interface MovedInquiry {
  id: string;
  tenant_id: string;
  was_name: string | null;
  was_unlocode: string | null;
}

/**
 * Inquiries naming a company's own port that the directory merged into a shared port name the
 * shared port, with its facts (kept on the inquiry for lists and mails). Only rows of the company
 * each merged port belonged to are touched, and a second delivery of the event finds nothing left
 * to change. Answers the inquiries moved, with the port each named before.
 */
export async function repointInquiries(
  db: Kysely<InquiryDB>,
  event: Pick<DirectoryPortsMergedEvent, 'port' | 'merged'>,
): Promise<MovedInquiry[]> {
  const { port, merged } = event;
  return db
    .with('moved', (db) =>
      db
        .selectFrom('inquiries')
        .select(['id', 'port_name', 'port_unlocode'])
        .where(
          sql<boolean>`(tenant_id, port_id) in (select * from unnest(${merged.map((m) => m.tenant_id)}::uuid[], ${merged.map((m) => m.port_id)}::uuid[]))`,
        )
        .forUpdate(),
    )
    .updateTable('inquiries')
    .from('moved')
    .set({
      port_id: port.id,
      port_name: port.name,
      port_unlocode: port.unlocode,
      port_country: port.country,
      port_timezone: port.timezone,
      port_region: port.region,
    })
    .whereRef('inquiries.id', '=', 'moved.id')
    .returning([
      'inquiries.id',
      'inquiries.tenant_id',
      'moved.port_name as was_name',
      'moved.port_unlocode as was_unlocode',
    ])
    .execute();
}
