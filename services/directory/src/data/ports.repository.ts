import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { portInput } from '@mfd/contracts';
import type { z } from 'zod';
import { executeNamed, likeEscape } from '@mfd/db';
import type { Actor } from './actor';
import type { DirectoryDB, PortsTable } from './db';

const PORT_COLUMNS = [
  'id',
  'unlocode',
  'name',
  'country',
  'subdivision',
  'region',
  'timezone',
  'lat',
  'lon',
  'source',
] as const;

/** A port as answered: `pending` while it is its company's own, never whose it is. */
export const PORT_SELECTION = [
  ...PORT_COLUMNS,
  sql<boolean>`ports.tenant_id is not null`.as('pending'),
] as const;
export type PortView = Pick<Selectable<PortsTable>, (typeof PORT_COLUMNS)[number]> & { pending: boolean };

/**
 * The ports a company sees: the shared ones and its own not yet approved. Every read of ports for
 * a caller filters with it, so another company's port is unknown (404), never listed or suggested.
 */
export function portVisibleTo(tenantId: string, table = 'ports') {
  const owner = sql.ref(`${table}.tenant_id`);
  return sql<SqlBool>`(${owner} is null or ${owner} = ${tenantId})`;
}

/**
 * A search text folded the way port names are stored for search (the search_name column: migration
 * 0005's search_text, unaccented and lower case), so "Ålesund" and "Alesund" find the same ports.
 * Printable ASCII has nothing to unaccent, so it is folded here without asking PostgreSQL.
 */
async function searchFold(db: Kysely<DirectoryDB>, text: string): Promise<string> {
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase();
  const { rows } = await sql<{ folded: string }>`select search_text(${text}) as folded`.execute(db);
  return rows[0]?.folded ?? text.toLowerCase();
}

export async function listPorts(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  page: { q?: string | undefined; country?: string | undefined; limit: number; offset: number },
) {
  let query = db.selectFrom('ports').where(portVisibleTo(tenantId));
  if (page.country) query = query.where('country', '=', page.country);
  if (page.q) {
    const text = likeEscape(await searchFold(db, page.q));
    const code = likeEscape(page.q.toUpperCase());
    query = query.where((eb) =>
      eb.or([eb('search_name', 'like', `%${text}%`), eb('unlocode', 'like', `${code}%`)]),
    );
  }
  const [items, total] = await Promise.all([
    query.select(PORT_SELECTION).orderBy('unlocode').limit(page.limit).offset(page.offset).execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.n };
}

/** The port of a code the company sees: the shared one before its own. */
export function findPortByCode(db: Kysely<DirectoryDB>, tenantId: string, unlocode: string) {
  return db
    .selectFrom('ports')
    .select(PORT_SELECTION)
    .where('unlocode', '=', unlocode)
    .where(portVisibleTo(tenantId))
    .orderBy(sql`tenant_id nulls first`)
    .limit(1)
    .executeTakeFirst();
}

export function findPortById(db: Kysely<DirectoryDB>, tenantId: string, id: string) {
  return db
    .selectFrom('ports')
    .select(PORT_SELECTION)
    .where('id', '=', id)
    .where(portVisibleTo(tenantId))
    .executeTakeFirst();
}

/** The name without diacritics, as the name indexes read it. */
export function asciiName(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

/**
 * Adds a port: shared at once when a platform operator adds it, else the company's own until an
 * operator approves it. Null when the code is shared already (the company sees that port); its own
 * port of the same code is refused by the unique index. A code shared by an import committing at
 * the same moment may leave a company's own twin: the next merge (port-review.repository) takes it in.
 */
export async function createPort(
  db: Kysely<DirectoryDB>,
  values: z.output<typeof portInput>,
  actor: Actor,
  { shared }: { shared: boolean },
): Promise<string | null> {
  if (!shared) {
    const twin = await db
      .selectFrom('ports')
      .select('id')
      .where('unlocode', '=', values.unlocode)
      .where('tenant_id', 'is', null)
      .executeTakeFirst();
    if (twin) return null;
  }
  const id = randomUUID();
  await db
    .insertInto('ports')
    .values({
      id,
      ...values,
      name_ascii: asciiName(values.name),
      source: 'manual',
      tenant_id: shared ? null : actor.tenantId,
      created_by: actor.userId,
      created_by_tenant: actor.tenantId,
    })
    .execute();
  return id;
}

/**
 * Typeahead over the whole UN/LOCODE list, ranked: the exact code, code prefixes, country code
 * plus name ("SG sin"), name prefixes; each tier reads its own btree index in order and stops at
 * `limit`. Names containing the text fill what room is left (trigram index), and only when
 * nothing at all matches are the closest names offered (typos).
 */
export async function searchPorts(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  q: string,
  limit: number,
): Promise<PortView[]> {
  const typed = q.trim().replace(/\s+/g, ' ');
  const code = typed.replace(/\s+/g, '').toUpperCase();
  const text = await searchFold(db, typed);
  const [first, ...rest] = text.split(' ');
  const countryCode = rest.length > 0 && first && /^[a-z]{2}$/.test(first) ? first.toUpperCase() : null;
  const columns = sql.join([...PORT_COLUMNS.map((c) => sql.ref(c)), sql.ref('pending')]);
  const selected = sql.join([...PORT_COLUMNS.map((c) => sql.ref(c)), sql`tenant_id is not null as pending`]);
  // Each tier still reads its index in order: the few ports companies keep to themselves are
  // filtered out on the way, which never makes a tier read far past its limit.
  const visible = portVisibleTo(tenantId);

  // One statement: the typeahead runs on every keystroke, and a round trip per pass cost more than
  // the passes. The later passes have one-time filters, so PostgreSQL skips them when the earlier
  // ones filled the list. Its text never changes, so each connection parses it once (a named
  // statement): parsing it was half of a search's time (p50 2.5-2.9 ms unnamed, 1.3-1.6 named).
  const query = sql<PortView>`
    with tiers as (
      (select ${selected}, 0 as rank, unlocode::text as sort_key from ports where unlocode = ${code} and ${visible})
      union all
      (select ${selected}, 1, unlocode::text from ports where unlocode like ${`${likeEscape(code)}%`} and ${visible}
        order by ports.unlocode limit ${limit})
      union all
      (select ${selected}, 2, search_name collate "C" from ports
        where ${countryCode}::text is not null and country = ${countryCode} and search_name collate "C" like ${`${likeEscape(rest.join(' '))}%`}
          and ${visible}
        order by search_name collate "C" limit ${limit})
      union all
      (select ${selected}, 3, search_name collate "C" from ports
        where search_name collate "C" like ${`${likeEscape(text)}%`} and ${visible}
        order by search_name collate "C" limit ${limit})
    ),
    -- A port found by several tiers is offered once, where it ranks highest.
    found as (
      select * from (select tiers.*, row_number() over (partition by id order by rank, sort_key) as nth from tiers) t
      where nth = 1 order by rank, sort_key limit ${limit}
    ),
    -- Names containing the text fill what room is left, the most similar first.
    containing as (
      select ${selected}, similarity(search_name, ${text}) as score from ports
      where (select count(*) from found) < ${limit} and ${visible}
        and search_name like ${`%${likeEscape(text)}%`} and id not in (select id from found)
      order by score desc, name limit ${limit}
    ),
    -- For the typo pass: the text's trigrams in pg_trgm's order (a word's first ones, which many
    -- names share, sort first), the fewest a similar name shares, and the most trigrams a name
    -- sharing only that few can have.
    typo as (
      select trgms, fewest, floor(fewest * (1 + threshold) / threshold - total + 0.001)::smallint as short
      from (select trgms, threshold, cardinality(trgms) as total,
              ceil(cardinality(trgms) * threshold - 0.001)::int as fewest
            from (select public.show_trgm(${text}) as trgms, public.show_limit() as threshold) t) b
    ),
    -- Nothing starts with or contains the text: likely a typo, so the closest names (similarity at
    -- least pg_trgm's threshold, as "%" asks). Similarity is shared / (text's + name's - shared)
    -- trigrams, at most shared / text's, so a similar name shares at least "fewest", and then one of
    -- any (total - fewest + 1) of the text's trigrams. Sharing no more than that, it reaches the
    -- threshold only with at most "short" trigrams; a longer one shares one more, so one of the
    -- text's trigrams past its first "fewest". The index (migration 0012) offers just those names,
    -- where "%" offered every name sharing "fewest" (for "san", every word starting with "sa").
    close as (
      select ${selected}, similarity(search_name, ${text}) as score from ports
      where not exists (select from found) and not exists (select from containing) and ${visible}
        and ((public.show_trgm(search_name) && (select trgms[fewest:] from typo)
              and search_trigrams <= (select short from typo))
          or public.show_trgm(search_name) && (select trgms[fewest + 1:] from typo))
        and similarity(search_name, ${text}) >= public.show_limit()
      order by score desc, name limit ${limit}
    )
    select ${columns} from (
      select ${columns}, 0 as pass, rank, sort_key, 0::real as score, name as tie from found
      union all
      (select ${columns}, 1, 0, '', score, name from containing
        order by score desc, name limit ${limit} - (select count(*) from found))
      union all
      select ${columns}, 2, 0, '', score, name from close
    ) answers
    order by pass, rank, sort_key collate "C", score desc, tie`.compile(db);
  return executeNamed(db, 'directory_port_search', query);
}

export async function portStats(db: Kysely<DirectoryDB>, tenantId: string) {
  const visible = db.selectFrom('ports').where(portVisibleTo(tenantId));
  const [total, byCountry, byRegion] = await Promise.all([
    visible.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    visible
      .select(['country as _id', sql<number>`count(*)::int`.as('count')])
      .groupBy('country')
      .orderBy('count', 'desc')
      .orderBy('country')
      .execute(),
    visible
      .select([sql<string>`coalesce(region, 'Unassigned')`.as('_id'), sql<number>`count(*)::int`.as('count')])
      .groupBy(sql`coalesce(region, 'Unassigned')`)
      .orderBy('count', 'desc')
      .execute(),
  ]);
  return { total_ports: total.n, by_country: byCountry, by_region: byRegion };
}
