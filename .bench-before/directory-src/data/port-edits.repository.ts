import type { Kysely } from 'kysely';
import type { portInput } from '@mfd/contracts';
import type { z } from 'zod';
import type { Actor } from './actor';
import type { DirectoryDB } from './db';
import { asciiName } from './ports.repository';

export async function updatePort(
  db: Kysely<DirectoryDB>,
  id: string,
  values: z.output<typeof portInput>,
  actor: Actor,
): Promise<boolean> {
  const result = await db
    .updateTable('ports')
    .set({ ...values, name_ascii: asciiName(values.name), updated_by: actor.userId, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A port some supplier still covers is kept: the foreign key refuses, and the caller says why. */
export async function deletePort(db: Kysely<DirectoryDB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('ports').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
