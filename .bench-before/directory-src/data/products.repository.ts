import { randomUUID } from 'node:crypto';
import { type Kysely } from 'kysely';
import { canonicalDecimal, DEFAULT_ISO_SPEC, FUEL_TYPES, type productInput } from '@mfd/contracts';
import type { z } from 'zod';
import type { Actor } from './actor';
import type { DirectoryDB } from './db';

type ProductValues = z.output<typeof productInput>;
const COLUMNS = ['id', 'code', 'name', 'spec_version', 'sulfur_max', 'aliases'] as const;

export async function listProducts(db: Kysely<DirectoryDB>) {
  const rows = await db.selectFrom('products').select(COLUMNS).orderBy('code').execute();
  // numeric(5, 3) reads back as "0.100"; the answer gives the amount as it was written, "0.1".
  return rows.map((p) => ({
    ...p,
    sulfur_max: p.sulfur_max === null ? null : canonicalDecimal(p.sulfur_max),
  }));
}

export async function createProduct(
  db: Kysely<DirectoryDB>,
  values: ProductValues,
  actor: Actor,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('products')
    .values({ id, ...values, created_by: actor.userId, created_by_tenant: actor.tenantId })
    .execute();
  return id;
}

export async function updateProduct(
  db: Kysely<DirectoryDB>,
  id: string,
  values: ProductValues,
  actor: Actor,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...values, updated_by: actor.userId, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteProduct(db: Kysely<DirectoryDB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** HSFO, VLSFO and MGO with their sulfur limits; those already present are left as they are. */
export async function addStandardFuels(db: Kysely<DirectoryDB>, actor: Actor): Promise<number> {
  const added = await db
    .insertInto('products')
    .values(
      FUEL_TYPES.map((f) => ({
        id: randomUUID(),
        code: f.code,
        name: f.name,
        spec_version: DEFAULT_ISO_SPEC,
        sulfur_max: f.sulfurMax,
        aliases: [],
        created_by: actor.userId,
        created_by_tenant: actor.tenantId,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .execute();
  return added.length;
}
