import { sql, type Kysely } from 'kysely';

/**
 * The typo pass of the typeahead asks its own index for candidates: each name's trigram set as an
 * array (pg_trgm's show_trgm) with the name's trigram count beside it (btree_gin). pg_trgm's `%`
 * offers every name sharing a third of the text's trigrams: for a three-letter text two, which
 * every name whose word starts with the same two letters shares (5,500 of 110,000 names for "san",
 * each read from the table and compared). A name similar enough must share more than that unless
 * it is very short, so the pass asks for short names sharing a few trigrams or any name sharing one
 * of the text's rarer trigrams (ports.repository's searchPorts says why that loses no answer).
 *
 * The name index keeps the containing pass (LIKE) only, so it no longer holds the trigram count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ports_name_trigram_set_idx on ports
    using gin (public.show_trgm(search_name), search_trigrams) with (fastupdate = off)`.execute(db);
  await sql`drop index ports_name_trgm_idx`.execute(db);
  await sql`create index ports_name_trgm_idx on ports using gin (search_name public.gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
}
