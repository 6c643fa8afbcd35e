import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { vesselInput } from '@mfd/contracts';
import type { z } from 'zod';
import { likeEscape } from '@mfd/db';
import type { Actor } from './actor';
import type { DirectoryDB } from './db';

type VesselValues = z.output<typeof vesselInput>;
const COLUMNS = ['id', 'imo', 'name', 'ship_type', 'flag', 'gross_tonnage', 'dwt', 'year_built'] as const;

/** Typeahead on name or IMO: an IMO prefix first, then names starting with the text, then the closest. */
export function searchVessels(db: Kysely<DirectoryDB>, q: string, limit: number) {
  const text = q.toLowerCase();
  const digits = q.replace(/^imo\s*/i, '').trim();
  let query = db.selectFrom('vessels').select(COLUMNS);
  query = /^\d+$/.test(digits)
    ? query.where('imo', 'like', `${digits}%`)
    : query.where(sql`lower(name)`, 'like', `%${likeEscape(text)}%`);
  return query
    .orderBy(sql`lower(name) like ${`${likeEscape(text)}%`}`, 'desc')
    .orderBy(sql`similarity(lower(name), ${text})`, 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
}

export function findVesselByImo(db: Kysely<DirectoryDB>, imo: string) {
  return db.selectFrom('vessels').select(COLUMNS).where('imo', '=', imo).executeTakeFirst();
}

export async function createVessel(
  db: Kysely<DirectoryDB>,
  values: VesselValues,
  actor: Actor,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('vessels')
    .values({ id, ...values, created_by: actor.userId, created_by_tenant: actor.tenantId })
    .execute();
  return id;
}

/**
 * A vessel named by an inquiry: created when its IMO is new, otherwise kept (facts a trader
 * types do not overwrite the register), and answered either way.
 */
export async function upsertVessel(db: Kysely<DirectoryDB>, values: VesselValues, actor: Actor) {
  await db
    .insertInto('vessels')
    .values({ id: randomUUID(), ...values, created_by: actor.userId, created_by_tenant: actor.tenantId })
    .onConflict((oc) => oc.column('imo').doNothing())
    .execute();
  return db.selectFrom('vessels').select(COLUMNS).where('imo', '=', values.imo).executeTakeFirstOrThrow();
}
