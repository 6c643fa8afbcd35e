import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { portInput } from '@mfd/contracts';
import type { z } from 'zod';
import type { PortRow } from '../domain/ports/unlocode-row';
import { likeEscape, type Actor } from './actor';
import type { DirectoryDB } from './db';

export const PORT_COLUMNS = ['id', 'unlocode', 'name', 'country', 'subdivision', 'region', 'timezone', 'lat', 'lon', 'source'] as const;
export const PORTS_UNLOCODE_KEY = 'ports_unlocode_key';

export async function listPorts(
  db: Kysely<DirectoryDB>,
  page: { q?: string | undefined; country?: string | undefined; limit: number; offset: number },
) {
  let query = db.selectFrom('ports');
  if (page.country) query = query.where('country', '=', page.country);
  if (page.q) {
    const text = likeEscape(page.q.toLowerCase());
    query = query.where((eb) =>
      eb.or([eb(sql`lower(name_ascii)`, 'like', `%${text}%`), eb('unlocode', 'like', `${text.toUpperCase()}%`)]),
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

export async function createPort(db: Kysely<DirectoryDB>, values: z.output<typeof portInput>, actor: Actor): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('ports')
    .values({
      id,
      ...values,
      name_ascii: values.name.normalize('NFD').replace(/\p{Diacritic}/gu, ''),
      source: 'manual',
      created_by: actor.userId,
      created_by_tenant: actor.tenantId,
    })
    .execute();
  return id;
}

/**
 * Typeahead over the whole UN/LOCODE list, ranked: the exact code, a code prefix, country code
 * plus name ("SG sin"), a name prefix, then trigram similarity (typos).
 */
export function searchPorts(db: Kysely<DirectoryDB>, q: string, limit: number) {
  const text = q.trim().toLowerCase().replace(/\s+/g, ' ');
  const code = text.replace(/\s+/g, '').toUpperCase();
  const [first, ...rest] = text.split(' ');
  const countryCode = rest.length > 0 && first && /^[a-z]{2}$/.test(first) ? first.toUpperCase() : null;
  const restText = likeEscape(rest.join(' '));
  const name = likeEscape(text);
  const codePrefix = `${likeEscape(code)}%`;

  return db
    .selectFrom('ports')
    .select([
      ...PORT_COLUMNS,
      sql<number>`case
        when unlocode = ${code} then 0
        when unlocode like ${codePrefix} then 1
        when ${countryCode}::text is not null and country = ${countryCode} and lower(name_ascii) like ${`${restText}%`} then 2
        when lower(name_ascii) like ${`${name}%`} then 3
        else 4 end`.as('rank'),
    ])
    .where((eb) => {
      const conditions = [
        eb('unlocode', 'like', codePrefix),
        eb(sql`lower(name_ascii)`, 'like', `%${name}%`),
        sql<SqlBool>`lower(name_ascii) % ${text}`,
      ];
      if (countryCode) {
        conditions.push(eb.and([eb('country', '=', countryCode), eb(sql`lower(name_ascii)`, 'like', `%${restText}%`)]));
      }
      return eb.or(conditions);
    })
    .orderBy('rank')
    .orderBy(sql`similarity(lower(name_ascii), ${text})`, 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
}

export async function portStats(db: Kysely<DirectoryDB>) {
  const [total, byCountry, byRegion] = await Promise.all([
    db.selectFrom('ports').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
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
      ports.map((p) => ({ id: randomUUID(), ...p, source: 'unlocode' as const, created_by: actor.userId, created_by_tenant: actor.tenantId })),
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
