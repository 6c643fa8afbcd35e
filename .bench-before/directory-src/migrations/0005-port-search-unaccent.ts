import { sql, type Kysely } from 'kysely';

/**
 * Port names are searched accent-insensitively both ways ("Ålesund" finds "Alesund" and back):
 * `search_text` folds a text as PostgreSQL's unaccent does, lower-cased. unaccent itself is not
 * immutable (its dictionary could change), so this wrapper names the dictionary and is declared
 * immutable, which lets the typeahead's indexes be built on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`
    create function search_text(value text) returns text
    language sql immutable strict parallel safe
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`.execute(db);

  await sql`drop index ports_name_prefix_idx`.execute(db);
  await sql`drop index ports_country_name_prefix_idx`.execute(db);
  await sql`drop index ports_name_trgm_idx`.execute(db);
  await sql`create index ports_name_prefix_idx on ports (search_text(name_ascii) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index ports_country_name_prefix_idx on ports (country, search_text(name_ascii) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index ports_name_trgm_idx on ports using gin (search_text(name_ascii) public.gin_trgm_ops)`.execute(
    db,
  );
}
