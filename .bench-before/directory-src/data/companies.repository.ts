import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Company, CompanyType, companyUpdate, supplierCompanyCreate } from '@mfd/contracts';
import type { z } from 'zod';
import type { Actor } from './actor';
import type { DirectoryDB } from './db';

export async function listCompanies(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  type: CompanyType | undefined,
): Promise<Company[]> {
  let query = db
    .selectFrom('companies as c')
    .leftJoin('suppliers as s', (join) =>
      join.onRef('s.company_id', '=', 'c.id').on('s.tenant_id', '=', tenantId),
    )
    .select([
      'c.id',
      'c.type',
      'c.legal_entity_name',
      'c.brand_name',
      'c.trading_name',
      'c.country',
      'c.city',
      'c.status',
      'c.general_email',
      'c.inquiry_count',
      'c.created_at',
      sql<number>`count(s.id)::int`.as('suppliers_count'),
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.deleted_at', 'is', null)
    .groupBy('c.id')
    .orderBy(sql`lower(c.legal_entity_name)`);
  if (type) query = query.where('c.type', '=', type);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    legal_name: r.legal_entity_name,
    brand_name: r.brand_name,
    display_name: r.brand_name || r.trading_name || r.legal_entity_name,
    country: r.country,
    city: r.city,
    status: r.status,
    general_email: r.general_email,
    inquiry_count: r.inquiry_count,
    suppliers_count: r.suppliers_count,
    created_at: r.created_at.toISOString(),
  }));
}

export async function createSupplierCompany(
  db: Kysely<DirectoryDB>,
  actor: Actor,
  values: Omit<z.output<typeof supplierCompanyCreate>, 'type'>,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('companies')
    .values({
      id,
      tenant_id: actor.tenantId,
      type: 'supplier',
      legal_entity_name: values.legal_name,
      brand_name: values.brand_name,
      country: values.country,
      status: values.status,
      created_by: actor.userId,
    })
    .execute();
  return id;
}

export async function updateCompany(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  id: string,
  values: z.output<typeof companyUpdate>,
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({
      legal_entity_name: values.legal_name,
      brand_name: values.brand_name,
      country: values.country,
      city: values.city,
      status: values.status,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function isSupplierCompanyOf(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'supplier')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
