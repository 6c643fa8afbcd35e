import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { MAX_PENDING_VESSELS, type vesselInput } from '@mfd/contracts';
import type { z } from 'zod';
import { likeEscape } from '@mfd/db';
import type { Actor } from './actor';
import type { DirectoryDB } from './db';

type VesselValues = z.output<typeof vesselInput>;
const COLUMNS = [
  'id',
  'imo',
  'name',
  'ship_type',
  'flag',
  'gross_tonnage',
  'dwt',
  'year_built',
  sql<boolean>`tenant_id is not null`.as('pending'),
] as const;

/** The vessels a company finds: the confirmed ones and those it named itself. */
function visibleTo(tenantId: string) {
  return sql<SqlBool>`(tenant_id is null or tenant_id = ${tenantId})`;
}

/** Typeahead on name or IMO: an IMO prefix first, then names starting with the text, then the closest. */
export function searchVessels(db: Kysely<DirectoryDB>, tenantId: string, q: string, limit: number) {
  const text = q.toLowerCase();
  const digits = q.replace(/^imo\s*/i, '').trim();
  let query = db.selectFrom('vessels').select(COLUMNS).where(visibleTo(tenantId));
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

function confirmedVessel(db: Kysely<DirectoryDB>, imo: string) {
  return db
    .selectFrom('vessels')
    .select('id')
    .where('imo', '=', imo)
    .where('tenant_id', 'is', null)
    .executeTakeFirst();
}

function insertValues(values: VesselValues, actor: Actor, confirmed: boolean) {
  return {
    id: randomUUID(),
    ...values,
    tenant_id: confirmed ? null : actor.tenantId,
    created_by: actor.userId,
    created_by_tenant: actor.tenantId,
  };
}

/**
 * An admin adds a vessel: confirmed at once when a platform operator adds it, else the company's
 * own until an operator confirms it. Null when the IMO is confirmed already; a company adding an
 * IMO it has is refused by the unique index.
 */
export async function createVessel(
  db: Kysely<DirectoryDB>,
  values: VesselValues,
  actor: Actor,
  { confirmed }: { confirmed: boolean },
): Promise<string | null> {
  if (!confirmed && (await confirmedVessel(db, values.imo))) return null;
  const row = insertValues(values, actor, confirmed);
  await db.insertInto('vessels').values(row).execute();
  return row.id;
}

/**
 * A vessel an inquiry named: the company's own when its IMO is new to what the company sees,
 * otherwise kept (facts a trader types do not overwrite the register).
 */
export async function learnVessel(
  db: Kysely<DirectoryDB>,
  values: VesselValues,
  actor: Actor,
): Promise<void> {
  if (await confirmedVessel(db, values.imo)) return;
  await db
    .insertInto('vessels')
    .values(insertValues(values, actor, false))
    .onConflict((oc) => oc.columns(['tenant_id', 'imo']).where('tenant_id', 'is not', null).doNothing())
    .execute();
}

/** Admin › Vessels' review list: vessels companies named, not confirmed yet, oldest first. */
export function listPendingVessels(db: Kysely<DirectoryDB>) {
  return db
    .selectFrom('vessels')
    .select([...COLUMNS, 'created_at'])
    .where('tenant_id', 'is not', null)
    .orderBy('created_at')
    .limit(MAX_PENDING_VESSELS)
    .execute();
}

export type Confirmation = 'missing' | 'already-confirmed' | 'confirmed';

/**
 * An operator confirms a vessel a company named: it joins the register every company searches, and
 * the other companies' own entries of that IMO give way to it (nothing refers to a vessel row:
 * inquiries keep name and IMO). When the IMO was confirmed meanwhile, this entry gives way instead.
 */
export function confirmVessel(db: Kysely<DirectoryDB>, id: string, actor: Actor): Promise<Confirmation> {
  return db.transaction().execute(async (trx): Promise<Confirmation> => {
    const vessel = await trx
      .selectFrom('vessels')
      .select(['id', 'imo', 'tenant_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!vessel) return 'missing';
    if (vessel.tenant_id === null) return 'already-confirmed';
    if (!(await confirmedVessel(trx, vessel.imo)))
      await trx
        .updateTable('vessels')
        .set({ tenant_id: null, updated_by: actor.userId, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    await trx
      .deleteFrom('vessels')
      .where('imo', '=', vessel.imo)
      .where('tenant_id', 'is not', null)
      .execute();
    return 'confirmed';
  });
}
