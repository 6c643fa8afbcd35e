import { sql, type Kysely } from 'kysely';

/**
 * What each award saved, as savingsByInquiry computes it, kept beside the award (issue 27, lists at
 * volume): the dashboard priced every offer of every award of the last 12 months on each visit
 * (about 1 s at 10,000 inquiries). One row per awarded inquiry, written in the award's transaction;
 * null figures when the rule gives none (no landed cost, nothing comparable), so "computed, none"
 * is told apart from "not computed yet" (no row). No index beyond the key: the dashboard joins its
 * awards to it by inquiry id, and the start-up backfill looks for awarded inquiries without a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table award_savings (
    inquiry_id uuid primary key,
    tenant_id uuid not null,
    vs_average_usd numeric(18, 2),
    vs_highest_usd numeric(18, 2),
    computed_at timestamptz not null default now()
  )`.execute(db);
}
