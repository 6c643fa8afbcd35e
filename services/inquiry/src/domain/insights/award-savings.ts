import type { Kysely } from 'kysely';
import type { InquirySavings } from '@mfd/contracts';
import {
  awardedAmong,
  awardsWithoutSavings,
  deleteAwardSavings,
  upsertAwardSavings,
} from '../../data/award-savings.repository';
import type { InquiryDB } from '../../data/db';
import { savingsByInquiry } from './savings';

/** Inquiries priced at once: bounds the offers, lines and charges held in memory and each query's list. */
export const SAVINGS_BATCH = 500;

/**
 * Keeps award_savings in step with savingsByInquiry (the one rule: the table is its memo) for these
 * inquiries of the tenant: a row per awarded inquiry, its figures null when the rule gives none;
 * the row of an inquiry that is not awarded goes. Answers the savings, as savingsByInquiry does.
 *
 * Called in the award's transaction (whole and split, domain/rfq/award.ts), the one write that
 * changes a saving: once awarded, an inquiry, its lines, offers and index values can no longer
 * change (edits and index values are refused with 409, offers are decided) and nothing reverses an
 * award. Awards written without it (before migration 0024, straight SQL as `npm run seed` and the
 * tests' fixtures do) are filled by the dashboard's read and the start-up backfill.
 */
export async function refreshAwardSavings(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryIds: string[],
): Promise<Map<string, InquirySavings>> {
  const all = new Map<string, InquirySavings>();
  const ids = [...new Set(inquiryIds)];
  for (let i = 0; i < ids.length; i += SAVINGS_BATCH) {
    const batch = ids.slice(i, i + SAVINGS_BATCH);
    const awarded = await awardedAmong(db, tenantId, batch);
    const savings = await savingsByInquiry(db, tenantId, awarded);
    await upsertAwardSavings(
      db,
      tenantId,
      awarded.map((id) => ({
        inquiry_id: id,
        vs_average_usd: savings.get(id)?.vs_average_usd ?? null,
        vs_highest_usd: savings.get(id)?.vs_highest_usd ?? null,
      })),
    );
    const kept = new Set(awarded);
    await deleteAwardSavings(
      db,
      tenantId,
      batch.filter((id) => !kept.has(id)),
    );
    for (const [id, saving] of savings) all.set(id, saving);
  }
  return all;
}

/**
 * Fills the rows of every awarded inquiry that has none, SAVINGS_BATCH at a time, until none is
 * left or `signal` aborts; answers how many it wrote. Run in the background at the service's start,
 * so a big company's first dashboard after an upgrade or a seed does not pay for its whole year.
 * Replicas running it together write the same figures (an upsert), so it needs no lock.
 */
export async function backfillAwardSavings(db: Kysely<InquiryDB>, signal?: AbortSignal): Promise<number> {
  let filled = 0;
  while (!signal?.aborted) {
    const missing = await awardsWithoutSavings(db, SAVINGS_BATCH);
    if (missing.length === 0) break;
    const byTenant = new Map<string, string[]>();
    for (const { tenant_id, id } of missing)
      byTenant.set(tenant_id, [...(byTenant.get(tenant_id) ?? []), id]);
    for (const [tenantId, ids] of byTenant) await refreshAwardSavings(db, tenantId, ids);
    filled += missing.length;
  }
  return filled;
}
