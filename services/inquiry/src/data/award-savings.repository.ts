import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';
import { anyId } from '@mfd/db';

export interface AwardSavingsRow {
  inquiry_id: string;
  vs_average_usd: string | null;
  vs_highest_usd: string | null;
}

/** Of these inquiries of the tenant, the awarded ones (an award is final). */
export async function awardedAmong(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  if (inquiryIds.length === 0) return [];
  const rows = await db
    .selectFrom('inquiries')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(anyId('id', inquiryIds))
    .where('status', '=', 'awarded')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Writes each row over what was kept. In inquiry id order, so two writers of overlapping sets
 * (a dashboard read and the start-up backfill) lock the rows in the same order and never deadlock.
 */
export async function upsertAwardSavings(
  db: Kysely<InquiryDB>,
  tenantId: string,
  rows: AwardSavingsRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('award_savings')
    .values(
      [...rows]
        .sort((a, b) => a.inquiry_id.localeCompare(b.inquiry_id))
        .map((r) => ({ ...r, tenant_id: tenantId })),
    )
    .onConflict((oc) =>
      oc.column('inquiry_id').doUpdateSet({
        vs_average_usd: (eb) => eb.ref('excluded.vs_average_usd'),
        vs_highest_usd: (eb) => eb.ref('excluded.vs_highest_usd'),
        computed_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export async function deleteAwardSavings(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryIds: string[],
): Promise<void> {
  if (inquiryIds.length === 0) return;
  await db
    .deleteFrom('award_savings')
    .where('tenant_id', '=', tenantId)
    .where(anyId('inquiry_id', inquiryIds))
    .execute();
}

/** Up to `limit` awarded inquiries of any company that have no kept saving yet, by company. */
export function awardsWithoutSavings(db: Kysely<InquiryDB>, limit: number) {
  return db
    .selectFrom('inquiries as i')
    .select(['i.tenant_id', 'i.id'])
    .where('i.status', '=', 'awarded')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('award_savings as s').select('s.inquiry_id').whereRef('s.inquiry_id', '=', 'i.id')),
      ),
    )
    .orderBy('i.tenant_id')
    .orderBy('i.id')
    .limit(limit)
    .execute();
}
