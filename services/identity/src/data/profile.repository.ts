import { type Kysely } from 'kysely';
import type { CompanyDetails, EmailSignature } from '@mfd/contracts';
import type { IdentityDB } from './db';

export function findProfile(db: Kysely<IdentityDB>, tenantId: string, userId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('trading_companies as c', 'c.id', 'u.company_id')
    .leftJoin('email_signatures as s', 's.user_id', 'u.id')
    .select([
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.position',
      'u.role',
      'u.email_verified_at',
      'c.id as company_id',
      'c.name as company_name',
      'c.created_at as company_created_at',
      'c.legal_name as company_legal_name',
      'c.address as company_address',
      'c.city as company_city',
      'c.country as company_country',
      'c.postal_code as company_postal_code',
      'c.phone as company_phone',
      'c.email as company_email',
      'c.website as company_website',
      'c.registration_number as company_registration_number',
      'c.reference_prefix as company_reference_prefix',
      's.full_name as sig_full_name',
      's.title as sig_title',
      's.company_name as sig_company_name',
      's.phone as sig_phone',
      's.email as sig_email',
      's.website as sig_website',
      's.address as sig_address',
      's.additional_info as sig_additional_info',
    ])
    .where('u.id', '=', userId)
    .where('u.company_id', '=', tenantId)
    .executeTakeFirst();
}

export async function updateCompany(
  db: Kysely<IdentityDB>,
  tenantId: string,
  details: CompanyDetails,
): Promise<boolean> {
  const result = await db
    .updateTable('trading_companies')
    .set({ ...details, updated_at: new Date() })
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function saveSignature(
  db: Kysely<IdentityDB>,
  userId: string,
  signature: EmailSignature,
): Promise<void> {
  await db
    .insertInto('email_signatures')
    .values({ user_id: userId, ...signature })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...signature, updated_at: new Date() }))
    .execute();
}

/** What an e-mail change checks and whom its notice greets: the account's address and password hash. */
export function findCredentials(db: Kysely<IdentityDB>, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'password_hash'])
    .where('id', '=', userId)
    .where('company_id', '=', tenantId)
    .executeTakeFirst();
}
