import { sql, type Kysely } from 'kysely';
import { MAX_PENDING_PORTS, type DirectoryPortsMergedEvent } from '@mfd/contracts';
import type { Actor } from './actor';
import type { DirectoryDB } from './db';
import { PORT_SELECTION } from './ports.repository';

/** Admin › Ports' review list: the ports companies added that no operator has approved or rejected, oldest first. */
export function listPendingPorts(db: Kysely<DirectoryDB>) {
  return db
    .selectFrom('ports')
    .select([
      ...PORT_SELECTION,
      'created_at',
      sql<number>`(select count(*)::int from supplier_ports sp where sp.port_id = ports.id)`.as(
        'suppliers_count',
      ),
    ])
    .where('tenant_id', 'is not', null)
    .where('rejected_at', 'is', null)
    .orderBy('created_at')
    .limit(MAX_PENDING_PORTS)
    .execute();
}

/** The port, locked for a review in the caller's transaction. */
export function lockPort(trx: Kysely<DirectoryDB>, id: string) {
  return trx
    .selectFrom('ports')
    .select(['id', 'unlocode', 'tenant_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Makes a company's own port shared, unless its code is shared already (then the merge takes it
 * in instead). True when it became shared.
 */
export async function sharePort(
  trx: Kysely<DirectoryDB>,
  port: { id: string; unlocode: string },
  actor: Actor,
): Promise<boolean> {
  const result = await trx
    .updateTable('ports')
    .set({ tenant_id: null, rejected_at: null, updated_by: actor.userId, updated_at: new Date() })
    .where('id', '=', port.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ports as shared')
            .select('shared.id')
            .where('shared.unlocode', '=', port.unlocode)
            .where('shared.tenant_id', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * An operator declines to share a company's port: it stays that company's own (its suppliers and
 * inquiries keep working) and leaves the review list. 'shared' for a port every company sees.
 */
export async function rejectPort(
  db: Kysely<DirectoryDB>,
  id: string,
  actor: Actor,
): Promise<'rejected' | 'shared' | 'missing'> {
  const result = await db
    .updateTable('ports')
    .set({ rejected_at: new Date(), updated_by: actor.userId, updated_at: new Date() })
    .where('id', '=', id)
    .where('tenant_id', 'is not', null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return 'rejected';
  const found = await db.selectFrom('ports').select('id').where('id', '=', id).executeTakeFirst();
  return found ? 'shared' : 'missing';
}

export type PortMerge = Omit<DirectoryPortsMergedEvent, 'type' | 'at'>;

/**
 * Merges every company's own port whose code is now shared into the shared port: the company's
 * suppliers cover the shared port instead (once), and the own port is deleted. Answers what was
 * merged into what, for the inquiry service. Runs after each write that shares a code (approval,
 * an operator's add or edit, the import), so two companies' ports of one code end as one port.
 */
export async function mergeOwnPortsIntoShared(trx: Kysely<DirectoryDB>): Promise<PortMerge[]> {
  // Locked, so a merge running alongside waits and then finds these ports gone.
  const { rows: pairs } = await sql<{ port_id: string; tenant_id: string; into_id: string }>`
    select own.id as port_id, own.tenant_id, shared.id as into_id
    from ports own
    join ports shared on shared.unlocode = own.unlocode and shared.tenant_id is null
    where own.tenant_id is not null
    for update of own`.execute(trx);
  if (pairs.length === 0) return [];
  const from = pairs.map((p) => p.port_id);
  await sql`
    insert into supplier_ports (supplier_id, port_id, tenant_id)
    select sp.supplier_id, m.into_id, sp.tenant_id
    from supplier_ports sp
    join unnest(${from}::uuid[], ${pairs.map((p) => p.into_id)}::uuid[]) as m(port_id, into_id)
      on m.port_id = sp.port_id
    on conflict do nothing`.execute(trx);
  await trx.deleteFrom('supplier_ports').where('port_id', 'in', from).execute();
  await trx.deleteFrom('ports').where('id', 'in', from).execute();
  const targets = await trx
    .selectFrom('ports')
    .select(['id', 'name', 'unlocode', 'country', 'timezone', 'region'])
    .where('id', 'in', [...new Set(pairs.map((p) => p.into_id))])
    .execute();
  return targets.map((port) => ({
    port,
    merged: pairs
      .filter((p) => p.into_id === port.id)
      .map((p) => ({ port_id: p.port_id, tenant_id: p.tenant_id })),
  }));
}
