import { sql, type Kysely } from 'kysely';
import { indexKey } from '@mfd/contracts';
import type { InquiryDB } from './db';

export interface IndexValueRow {
  index_name: string;
  value: string;
  /** YYYY-MM-DD: a date column read as text, never through a local-midnight Date. */
  as_of: string;
  updated_at: Date;
}

/** The inquiry's benchmark values, by name. */
export function listIndexValues(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
): Promise<IndexValueRow[]> {
  return db
    .selectFrom('inquiry_index_values')
    .select(['index_name', 'value', sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of'), 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .orderBy('index_key')
    .execute();
}

/** The values as a whole: an index left out no longer has one. Callers hold the inquiry's row lock. */
export async function replaceIndexValues(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  userId: string,
  values: { index_name: string; value: string; as_of: string }[],
): Promise<void> {
  await db
    .deleteFrom('inquiry_index_values')
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .execute();
  if (values.length === 0) return;
  await db
    .insertInto('inquiry_index_values')
    .values(
      values.map((v) => ({
        inquiry_id: inquiryId,
        index_key: indexKey(v.index_name),
        tenant_id: tenantId,
        index_name: v.index_name,
        value: v.value,
        as_of: v.as_of,
        updated_by: userId,
      })),
    )
    .execute();
}
