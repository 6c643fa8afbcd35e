import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  MAX_SUPPLIER_LIST,
  SUPPLIER_COMPANY_COUNTRY_PLACEHOLDER,
  SUPPLIER_DEFAULT_TAG,
  type Supplier,
  type supplierInput,
  type supplierPatch,
} from '@mfd/contracts';
import { badRequest } from '@mfd/service-kit';
import type { z } from 'zod';
import { likeEscape } from '@mfd/db';
import type { Actor } from './actor';
import { addressStates } from './bounced-addresses.repository';
import { createSupplierCompany, isSupplierCompanyOf } from './companies.repository';
import type { DirectoryDB, SuppliersTable } from './db';
import { portVisibleTo } from './ports.repository';

type SupplierValues = z.output<typeof supplierInput>;
type SupplierChanges = z.output<typeof supplierPatch>;

/** Every port must be one the company sees: another company's own port is as unknown as a missing one. */
async function assertPortsExist(db: Kysely<DirectoryDB>, tenantId: string, portIds: string[]): Promise<void> {
  if (portIds.length === 0) return;
  const found = await db
    .selectFrom('ports')
    .select('id')
    .where('id', 'in', portIds)
    .where(portVisibleTo(tenantId))
    .execute();
  if (found.length !== new Set(portIds).size) {
    throw badRequest('Some ports do not exist', [
      { field: 'port_ids', message: 'Some of the selected ports do not exist' },
    ]);
  }
}

async function replaceContacts(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  supplierId: string,
  contacts: SupplierValues['contacts'],
) {
  await db
    .deleteFrom('supplier_contacts')
    .where('supplier_id', '=', supplierId)
    .where('tenant_id', '=', tenantId)
    .execute();
  if (contacts.length === 0) return;
  await db
    .insertInto('supplier_contacts')
    .values(
      contacts.map((c, position) => ({
        id: randomUUID(),
        tenant_id: tenantId,
        supplier_id: supplierId,
        name: c.name,
        email: c.email,
        phone: c.phone,
        role: c.role,
        is_primary: c.is_primary,
        position,
      })),
    )
    .execute();
}

async function replacePorts(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  supplierId: string,
  portIds: string[],
) {
  await db
    .deleteFrom('supplier_ports')
    .where('supplier_id', '=', supplierId)
    .where('tenant_id', '=', tenantId)
    .execute();
  if (portIds.length === 0) return;
  await db
    .insertInto('supplier_ports')
    .values(
      [...new Set(portIds)].map((port_id) => ({ supplier_id: supplierId, port_id, tenant_id: tenantId })),
    )
    .execute();
}

async function assertSupplierCompany(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  companyId: string,
): Promise<void> {
  if (!(await isSupplierCompanyOf(db, tenantId, companyId))) {
    throw badRequest('Unknown supplier company', [
      { field: 'company_id', message: 'This supplier company does not exist' },
    ]);
  }
}

/** Writes a supplier inside the caller's transaction; its company is made from the trading name when none is given. */
async function insertSupplier(
  trx: Kysely<DirectoryDB>,
  actor: Actor,
  values: SupplierValues,
): Promise<string> {
  await assertPortsExist(trx, actor.tenantId, values.port_ids);
  let companyId = values.company_id;
  if (companyId) await assertSupplierCompany(trx, actor.tenantId, companyId);
  else {
    companyId = await createSupplierCompany(trx, actor, {
      legal_name: values.trading_name,
      brand_name: values.trading_name,
      country: SUPPLIER_COMPANY_COUNTRY_PLACEHOLDER,
      status: 'active',
    });
  }
  const id = randomUUID();
  await trx
    .insertInto('suppliers')
    .values({
      id,
      tenant_id: actor.tenantId,
      company_id: companyId,
      trading_name: values.trading_name,
      default_email: values.default_email,
      default_phone: values.default_phone,
      status: values.status,
      tags: values.tags,
      is_default_for_ports: values.is_default_for_ports,
      created_by: actor.userId,
    })
    .execute();
  await replaceContacts(trx, actor.tenantId, id, values.contacts);
  await replacePorts(trx, actor.tenantId, id, values.port_ids);
  return id;
}

/** A supplier with its company, contacts and port coverage, all or nothing. */
export function createSupplier(
  db: Kysely<DirectoryDB>,
  actor: Actor,
  values: SupplierValues,
): Promise<string> {
  return db.transaction().execute((trx) => insertSupplier(trx, actor, values));
}

/**
 * A PUT (every field) or a PATCH (some): the fields given are set, the others kept; contacts and
 * ports, when given, replace the old lists. False when the supplier is not the tenant's.
 */
export async function updateSupplier(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  id: string,
  changes: SupplierChanges,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Another tenant's supplier is unknown (404) before anything in the body is judged.
    const own = await trx
      .selectFrom('suppliers')
      .select('id')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!own) return false;
    if (changes.port_ids) await assertPortsExist(trx, tenantId, changes.port_ids);
    if (changes.company_id) await assertSupplierCompany(trx, tenantId, changes.company_id);
    const { contacts, port_ids, ...columns } = changes;
    await trx
      .updateTable('suppliers')
      .set({ ...columns, updated_at: new Date() })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .execute();
    if (contacts) await replaceContacts(trx, tenantId, id, contacts);
    if (port_ids) await replacePorts(trx, tenantId, id, port_ids);
    return true;
  });
}

/** The Add New Port dialog's inline supplier, inside the port's transaction: active, tagged General, no contacts. */
export function createInlineSupplier(
  trx: Kysely<DirectoryDB>,
  actor: Actor,
  input: { trading_name: string; default_email: string; default_phone: string | null },
): Promise<string> {
  return insertSupplier(trx, actor, {
    ...input,
    company_id: null,
    status: 'active',
    tags: [SUPPLIER_DEFAULT_TAG],
    is_default_for_ports: false,
    contacts: [],
    port_ids: [],
  });
}

/** Links the tenant's suppliers to a port; a supplier of another tenant is refused as unknown. */
export async function linkSuppliersToPort(
  trx: Kysely<DirectoryDB>,
  tenantId: string,
  portId: string,
  supplierIds: string[],
): Promise<number> {
  const ids = [...new Set(supplierIds)];
  if (ids.length === 0) return 0;
  const own = await trx
    .selectFrom('suppliers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  if (own.length !== ids.length) {
    throw badRequest('Some suppliers do not exist', [
      { field: 'suppliers', message: 'Some of the selected suppliers do not exist' },
    ]);
  }
  const linked = await trx
    .insertInto('supplier_ports')
    .values(ids.map((supplier_id) => ({ supplier_id, port_id: portId, tenant_id: tenantId })))
    .onConflict((oc) => oc.columns(['supplier_id', 'port_id']).doNothing())
    .returning('supplier_id')
    .execute();
  return linked.length;
}

async function toViews(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  rows: Selectable<SuppliersTable>[],
): Promise<Supplier[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [contacts, ports, companies] = await Promise.all([
    db
      .selectFrom('supplier_contacts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('supplier_id', 'in', ids)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('supplier_ports as sp')
      .innerJoin('ports as p', 'p.id', 'sp.port_id')
      .select(['sp.supplier_id', 'p.id', 'p.unlocode', 'p.name', 'p.country'])
      .where('sp.tenant_id', '=', tenantId)
      .where('sp.supplier_id', 'in', ids)
      .orderBy('p.unlocode')
      .execute(),
    db
      .selectFrom('companies')
      .select(['id', 'legal_entity_name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...new Set(rows.map((r) => r.company_id))])
      .execute(),
  ]);
  const companyName = new Map(companies.map((c) => [c.id, c.legal_entity_name]));
  const stateOf = await addressStates(db, tenantId, [
    ...rows.map((r) => r.default_email),
    ...contacts.map((c) => c.email),
  ]);
  return rows.map((r) => ({
    id: r.id,
    company_id: r.company_id,
    company_name: companyName.get(r.company_id) ?? r.trading_name,
    trading_name: r.trading_name,
    default_email: r.default_email,
    ...stateOf(r.default_email),
    default_phone: r.default_phone,
    status: r.status,
    tags: r.tags,
    is_default_for_ports: r.is_default_for_ports,
    contacts: contacts
      .filter((c) => c.supplier_id === r.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        ...stateOf(c.email),
        phone: c.phone,
        role: c.role,
        is_primary: c.is_primary,
      })),
    ports: ports
      .filter((p) => p.supplier_id === r.id)
      .map((p) => ({ id: p.id, unlocode: p.unlocode, name: p.name, country: p.country })),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

export async function listSuppliers(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  filter: {
    q?: string | undefined;
    status?: 'active' | 'inactive' | undefined;
    ids?: string[] | undefined;
    limit: number;
  },
): Promise<Supplier[]> {
  let query = db.selectFrom('suppliers').selectAll().where('tenant_id', '=', tenantId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    query = query.where('id', 'in', filter.ids);
  }
  if (filter.q) {
    const pattern = `%${likeEscape(filter.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(trading_name)`, 'like', pattern), eb(sql`lower(default_email)`, 'like', pattern)]),
    );
  }
  return toViews(
    db,
    tenantId,
    await query
      .orderBy(sql`lower(trading_name)`)
      .limit(filter.limit)
      .execute(),
  );
}

export async function findSupplier(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  id: string,
): Promise<Supplier | undefined> {
  const row = await db
    .selectFrom('suppliers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await toViews(db, tenantId, [row]))[0] : undefined;
}

/** Active suppliers of the tenant that cover a port, with their contacts: whom an inquiry goes to. */
export async function suppliersForPort(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  portId: string,
): Promise<Supplier[]> {
  const rows = await db
    .selectFrom('suppliers as s')
    .selectAll('s')
    .where('s.tenant_id', '=', tenantId)
    .where('s.status', '=', 'active')
    // A supplier marked default for ports is offered at every port.
    .where((eb) =>
      eb.or([
        eb('s.is_default_for_ports', '=', true),
        eb.exists(
          eb
            .selectFrom('supplier_ports as sp')
            .select(sql`1`.as('one'))
            .whereRef('sp.supplier_id', '=', 's.id')
            .where('sp.port_id', '=', portId),
        ),
      ]),
    )
    .orderBy(sql`lower(s.trading_name)`)
    .limit(MAX_SUPPLIER_LIST)
    .execute();
  return toViews(db, tenantId, rows);
}

export function supplierCounts(db: Kysely<DirectoryDB>, tenantId: string) {
  return db
    .selectFrom('suppliers')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where status = 'active'))::int`.as('active'),
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}
