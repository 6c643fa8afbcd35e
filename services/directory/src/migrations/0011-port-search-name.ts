import { sql, type Kysely } from 'kysely';

/**
 * The typeahead reads a port's folded name (search_text of name_ascii) from a stored column instead
 * of computing it per row: checking thousands of trigram candidates called unaccent on each, most
 * of a short query's time. The name prefix indexes are in "C" collation, so a prefix tier reads
 * them in its own order and stops at its limit (the pattern_ops indexes found every row of the
 * prefix and left them to be sorted).
 *
 * `search_trigrams` counts the name's distinct trigrams: a name with more than the text's count
 * divided by pg_trgm's similarity threshold cannot be similar enough (similarity is shared trigrams
 * over the union of both), so the typo pass asks the trigram index for short enough names only
 * (btree_gin keeps the count in the same index) instead of checking every name sharing two trigrams.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gin with schema public`.execute(db);
  await sql`alter table ports
    add column search_name text generated always as (search_text(name_ascii)) stored,
    add column search_trigrams smallint generated always as
      (coalesce(array_length(public.show_trgm(search_text(name_ascii)), 1), 0)) stored`.execute(db);
  await sql`drop index ports_name_prefix_idx`.execute(db);
  await sql`drop index ports_country_name_prefix_idx`.execute(db);
  await sql`drop index ports_name_trgm_idx`.execute(db);
  await sql`create index ports_name_prefix_idx on ports (search_name collate "C")`.execute(db);
  await sql`create index ports_country_name_prefix_idx on ports (country, search_name collate "C")`.execute(
    db,
  );
  await sql`create index ports_name_trgm_idx on ports using gin (search_name public.gin_trgm_ops, search_trigrams) with (fastupdate = off)`.execute(
    db,
  );
}
