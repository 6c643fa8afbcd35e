import { sql, type Kysely } from 'kysely';
import type { Role } from '@mfd/contracts';
import type { IdentityDB } from './db';

/** The company's members (removed ones are not), oldest first, with when each last signed in. */
export function listMembers(db: Kysely<IdentityDB>, companyId: string) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.role',
      'users.created_at',
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.created_at').as('at'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_sign_in_at'),
    ])
    .where('users.company_id', '=', companyId)
    .where('users.removed_at', 'is', null)
    .orderBy('users.created_at')
    .orderBy('users.id')
    .execute();
}

/**
 * The company's members with their roles, every row locked for the rest of the transaction: two
 * admins demoting or removing each other at once cannot both pass the last-admin check.
 */
export function lockMembers(db: Kysely<IdentityDB>, companyId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'role'])
    .where('company_id', '=', companyId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setRole(db: Kysely<IdentityDB>, companyId: string, userId: string, role: Role) {
  await db
    .updateTable('users')
    .set({ role, updated_at: new Date() })
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
}

export async function markRemoved(db: Kysely<IdentityDB>, companyId: string, userId: string, by: string) {
  await db
    .updateTable('users')
    .set({ removed_at: sql<Date>`now()`, removed_by: by, updated_at: new Date() })
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
}
