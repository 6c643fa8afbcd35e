import type { Kysely } from 'kysely';
import type { SellingTerms } from '@mfd/contracts';
import type { IdentityDB } from './db';

export function findCompanySettings(db: Kysely<IdentityDB>, companyId: string) {
  return db
    .selectFrom('trading_companies')
    .select(['name', 'reference_prefix', 'default_reply_by_hours', 'default_selling_terms'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export async function saveCompanySettings(
  db: Kysely<IdentityDB>,
  companyId: string,
  settings: { reference_prefix: string; default_reply_by_hours: number; default_selling_terms: SellingTerms },
) {
  const result = await db
    .updateTable('trading_companies')
    .set({ ...settings, updated_at: new Date() })
    .where('id', '=', companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
