import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Role } from '@mfd/contracts';
import type { IdentityDB } from './db';

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: string }).code === '23505' &&
    (err as { constraint?: string }).constraint === constraint
  );
}
export const USERS_EMAIL_KEY = 'users_email_key';

/**
 * Whether an account has the address. A removed member's does not count: that account can no
 * longer sign in, and its address may be invited again (a new account; the old row keeps its name).
 */
export async function emailHasAccount(db: Kysely<IdentityDB>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sign-in looks users up across tenants: an e-mail belongs to one account only. A member removed
 * from their company is no account to sign in to (or to reset a password for).
 */
export function findUserByEmail(db: Kysely<IdentityDB>, email: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'company_id',
      'email',
      'first_name',
      'last_name',
      'role',
      'operator',
      'email_verified_at',
      'password_hash',
    ])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the mailbox proven, only while the account still has the address the link was sent to. */
export async function markEmailVerified(
  db: Kysely<IdentityDB>,
  userId: string,
  email: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The account's address and whether it is proven, its row locked for the rest of the transaction. */
export function lockVerificationState(db: Kysely<IdentityDB>, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'email_verified_at'])
    .where('id', '=', userId)
    .where('company_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the operator grant of the account with this e-mail; answers the account, or nothing when none has it. */
export function setOperatorGrant(db: Kysely<IdentityDB>, email: string, operator: boolean) {
  return db
    .updateTable('users')
    .set({ operator, updated_at: new Date() })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('removed_at', 'is', null)
    .returning(['id', 'email', 'email_verified_at'])
    .executeTakeFirst();
}

export function findUserWithCompany(db: Kysely<IdentityDB>, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('trading_companies as c', 'c.id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.phone',
      'users.position',
      'users.role',
      'users.email_verified_at',
      'users.company_id',
      'c.name as company_name',
    ])
    .where('users.id', '=', userId)
    .where('users.company_id', '=', tenantId)
    .where('users.removed_at', 'is', null)
    .executeTakeFirst();
}

export interface NewAccount {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: Role;
  password_hash: string;
}

/**
 * Sign-up creates the user's trading company; the chosen role is the user's role in it. Without a
 * company name given, the company is named after the user (the mails then name the person once).
 */
export async function createCompanyAndUser(
  trx: Kysely<IdentityDB>,
  account: NewAccount,
  companyName: string | null,
) {
  const companyId = randomUUID();
  const userId = randomUUID();
  await trx
    .insertInto('trading_companies')
    .values({
      id: companyId,
      name: companyName ?? `${account.first_name} ${account.last_name}`.trim(),
      email: account.email,
    })
    .execute();
  await trx
    .insertInto('users')
    .values({ id: userId, company_id: companyId, ...account })
    .execute();
  return { userId, companyId };
}

export async function updatePersonalDetails(
  db: Kysely<IdentityDB>,
  tenantId: string,
  userId: string,
  details: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    position: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    // A new address has not been proven yet: the proof of the old one does not carry over.
    .set((eb) => ({
      ...details,
      email_verified_at: eb
        .case()
        .when(sql<string>`lower(email)`, '=', details.email.toLowerCase())
        .then(eb.ref('email_verified_at'))
        .else(null)
        .end(),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .where('company_id', '=', tenantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setPasswordHash(
  db: Kysely<IdentityDB>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
