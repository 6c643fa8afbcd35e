import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { portInput } from '@mfd/contracts';
import type { z } from 'zod';
import type { PortRow } from '../domain/ports/unlocode-row';
import { likeEscape } from '@mfd/db';
import type { Actor } from './actor';
import type { DirectoryDB, PortsTable } from './db';

export const PORT_COLUMNS = [
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
export const PORTS_UNLOCODE_KEY = 'ports_unlocode_key';

/**
 * A search text folded the way port names are indexed (migration 0005's search_text: unaccented,
 * lower case), so "Ålesund" and "Alesund" find the same ports.
 */
async function searchFold(db: Kysely<DirectoryDB>, text: string): Promise<string> {
  const { rows } = await sql<{ folded: string }>`select search_text(${text}) as folded`.execute(db);
  return rows[0]?.folded ?? text.toLowerCase();
}

export async function listPorts(
  db: Kysely<DirectoryDB>,
  page: { q?: string | undefined; country?: string | undefined; limit: number; offset: number },
) {
  let query = db.selectFrom('ports');
  if (page.country) query = query.where('country', '=', page.country);
  if (page.q) {
    const text = likeEscape(await searchFold(db, page.q));
    const code = likeEscape(page.q.toUpperCase());
    query = query.where((eb) =>
      eb.or([eb(sql`search_text(name_ascii)`, 'like', `%${text}%`), eb('unlocode', 'like', `${code}%`)]),
    );
  }
  const [items, total] = await Promise.all([
    query.select(PORT_COLUMNS).orderBy('unlocode').limit(page.limit).offset(page.offset).execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.n };
}

export function findPortByCode(db: Kysely<DirectoryDB>, unlocode: string) {
  return db.selectFrom('ports').select(PORT_COLUMNS).where('unlocode', '=', unlocode).executeTakeFirst();
}

export function findPortById(db: Kysely<DirectoryDB>, id: string) {
  return db.selectFrom('ports').select(PORT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The name without diacritics, as the name indexes read it. */
export function asciiName(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

export async function createPort(
  db: Kysely<DirectoryDB>,
  values: z.output<typeof portInput>,
  actor: Actor,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('ports')
    .values({
      id,
      ...values,
      name_ascii: asciiName(values.name),
      source: 'manual',
      created_by: actor.userId,
      created_by_tenant: actor.tenantId,
    })
    .execute();
  return id;
}

type PortView = Pick<Selectable<PortsTable>, (typeof PORT_COLUMNS)[number]>;

/**
 * Typeahead over the whole UN/LOCODE list, ranked: the exact code, code prefixes, country code
 * plus name ("SG sin"), name prefixes; each tier reads its own btree index in order and stops at
 * `limit`. Names containing the text fill what room is left (trigram index), and only when
 * nothing at all matches are the closest names offered (typos).
 */
export async function searchPorts(db: Kysely<DirectoryDB>, q: string, limit: number): Promise<PortView[]> {
  const typed = q.trim().replace(/\s+/g, ' ');
  const code = typed.replace(/\s+/g, '').toUpperCase();
  const text = await searchFold(db, typed);
  const [first, ...rest] = text.split(' ');
  const countryCode = rest.length > 0 && first && /^[a-z]{2}$/.test(first) ? first.toUpperCase() : null;
  const columns = sql.join(PORT_COLUMNS.map((c) => sql.ref(c)));

  const ranked = await sql<PortView>`
    with tiers as (
      (select ${columns}, 0 as rank, unlocode::text as sort_key from ports where unlocode = ${code})
      union all
      (select ${columns}, 1, unlocode::text from ports where unlocode like ${`${likeEscape(code)}%`} order by ports.unlocode limit ${limit})
      union all
      (select ${columns}, 2, search_text(name_ascii) collate "C" from ports
        where ${countryCode}::text is not null and country = ${countryCode} and search_text(name_ascii) like ${`${likeEscape(rest.join(' '))}%`}
        order by search_text(name_ascii) collate "C" limit ${limit})
      union all
      (select ${columns}, 3, search_text(name_ascii) collate "C" from ports
        where search_text(name_ascii) like ${`${likeEscape(text)}%`} order by search_text(name_ascii) collate "C" limit ${limit})
    )
    select ${columns} from tiers order by rank, sort_key`.execute(db);
  const seen = new Set<string>();
  const found = ranked.rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, limit);
  if (found.length >= limit) return found;

  const containing = await db
    .selectFrom('ports')
    .select(PORT_COLUMNS)
    .where(sql`search_text(name_ascii)`, 'like', `%${likeEscape(text)}%`)
    .$if(found.length > 0, (qb) =>
      qb.where(
        'id',
        'not in',
        found.map((f) => f.id),
      ),
    )
    .orderBy(sql`similarity(search_text(name_ascii), ${text})`, 'desc')
    .orderBy('name')
    .limit(limit - found.length)
    .execute();
  if (found.length + containing.length > 0) return [...found, ...containing];
  // Nothing starts with or contains the text: likely a typo, so look for the closest names.
  return db
    .selectFrom('ports')
    .select(PORT_COLUMNS)
    .where(sql<SqlBool>`search_text(name_ascii) % ${text}`)
    .orderBy(sql`similarity(search_text(name_ascii), ${text})`, 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
}

export async function portStats(db: Kysely<DirectoryDB>) {
  const [total, byCountry, byRegion] = await Promise.all([
    db
      .selectFrom('ports')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ports')
      .select(['country as _id', sql<number>`count(*)::int`.as('count')])
      .groupBy('country')
      .orderBy('count', 'desc')
      .orderBy('country')
      .execute(),
    db
      .selectFrom('ports')
      .select([sql<string>`coalesce(region, 'Unassigned')`.as('_id'), sql<number>`count(*)::int`.as('count')])
      .groupBy(sql`coalesce(region, 'Unassigned')`)
      .orderBy('count', 'desc')
      .execute(),
  ]);
  return { total_ports: total.n, by_country: byCountry, by_region: byRegion };
}

export interface ImportedPort extends PortRow {
  timezone: string;
}

/**
 * Inserts new ports and updates changed ones in one statement per batch; unchanged rows are
 * not written. Answers how many were inserted and updated (the rest were unchanged).
 */
export async function upsertImportedPorts(
  db: Kysely<DirectoryDB>,
  ports: ImportedPort[],
  actor: Actor,
): Promise<{ inserted: number; updated: number }> {
  if (ports.length === 0) return { inserted: 0, updated: 0 };
  const rows = await db
    .insertInto('ports')
    .values(
      ports.map((p) => ({
        id: randomUUID(),
        ...p,
        source: 'unlocode' as const,
        created_by: actor.userId,
        created_by_tenant: actor.tenantId,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('unlocode')
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          name_ascii: eb.ref('excluded.name_ascii'),
          country: eb.ref('excluded.country'),
          subdivision: eb.ref('excluded.subdivision'),
          functions: eb.ref('excluded.functions'),
          status: eb.ref('excluded.status'),
          lat: eb.ref('excluded.lat'),
          lon: eb.ref('excluded.lon'),
          timezone: eb.ref('excluded.timezone'),
          updated_at: new Date(),
        }))
        .where(
          sql<boolean>`(ports.name, ports.name_ascii, ports.subdivision, ports.functions, ports.status, ports.lat, ports.lon, ports.timezone)
            is distinct from (excluded.name, excluded.name_ascii, excluded.subdivision, excluded.functions, excluded.status, excluded.lat, excluded.lon, excluded.timezone)`,
        ),
    )
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .execute();
  const inserted = rows.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}
