import { sql, type Kysely } from 'kysely';
import type { Role } from '@mfd/contracts';
import type { IdentityDB } from './db';

/** Retires every pending invitation of the address to the company (a newer one replaces it). */
export async function retirePending(db: Kysely<IdentityDB>, companyId: string, email: string) {
  await db
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('revoked_at', 'is', null)
    .where('accepted_at', 'is', null)
    .execute();
}

export async function insertInvitation(
  db: Kysely<IdentityDB>,
  invitation: {
    id: string;
    company_id: string;
    email: string;
    role: Role;
    token_hash: string;
    invited_by: string;
    expires_at: Date;
  },
) {
  await db.insertInto('invitations').values(invitation).execute();
}

/** The company's invitations still waiting for an answer, newest first. */
export function listPending(db: Kysely<IdentityDB>, companyId: string) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'role', 'expires_at'])
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes one pending invitation of the company; answers whether there was one. */
export async function revokeInvitation(db: Kysely<IdentityDB>, companyId: string, id: string) {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The invitation a link's token names, with its company and inviter; `lock` holds it for acceptance. */
export function findByTokenHash(db: Kysely<IdentityDB>, tokenHash: string, lock = false) {
  let query = db
    .selectFrom('invitations as i')
    .innerJoin('trading_companies as c', 'c.id', 'i.company_id')
    .innerJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.company_id',
      'i.email',
      'i.role',
      'i.expires_at',
      'i.revoked_at',
      'i.accepted_at',
      'c.name as company_name',
      'u.first_name as inviter_first_name',
      'u.last_name as inviter_last_name',
    ])
    .where('i.token_hash', '=', tokenHash);
  if (lock) query = query.forUpdate(['i']);
  return query.executeTakeFirst();
}

export async function markAccepted(db: Kysely<IdentityDB>, id: string, userId: string) {
  await db
    .updateTable('invitations')
    .set({ accepted_at: sql<Date>`now()`, accepted_user_id: userId })
    .where('id', '=', id)
    .execute();
}
