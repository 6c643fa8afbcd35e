import { sql, type Kysely } from 'kysely';

/**
 * The list's text search reads the trigram index's pending list (entries written since the list
 * was last merged into the index) once per searched column: five times a search, since the five
 * columns' conditions are OR-ed (migration 0021). At the default 4 MB the list holds about 4,000
 * inquiries' entries until autovacuum merges it: with 3,000 new inquiries on the 100,000 of
 * `bench/lists-at-volume.ts`, a search read 2,472 buffers instead of 594 (375 pages, five times).
 * At 64 kB, the least, an insert merges it every 50 or so inquiries: 607 buffers after the same
 * 3,000, and a bulk insert of 20,000 inquiries took 1.10 s instead of 0.93.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter index inquiries_search_idx set (gin_pending_list_limit = 64)`.execute(db);
  await sql`select gin_clean_pending_list('inquiries_search_idx'::regclass)`.execute(db);
}
