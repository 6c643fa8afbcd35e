import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DEFAULT_ISO_SPEC,
  QUEUES,
  type inquiryCreate,
  type inquiryUpdate,
  type productLineInput,
  type productLineUpdate,
} from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import type { z } from 'zod';
import type { InquiryDB } from '../data/db';
import { findInquiry, insertInquiry, updateInquiry, type InquiryRow } from '../data/inquiries.repository';
import {
  deleteLine,
  findLine,
  insertLines,
  updateLine,
  type LineValues,
} from '../data/product-lines.repository';
import { byUser, recordAudit } from './audit';
import { addedFields, changedFields, inquiryFields, lineFields, removedFields } from './audit-changes';
import { nextStatus, type InquiryAction } from './inquiry-lifecycle';
import { writeCancelNotices } from './rfq/cancel-notices';
import type { NoticeSource } from './rfq/supplier-mail-gate';
import type { CustomerFacts, DirectoryLookups, FuelType, PortFacts } from './directory-lookups';

export interface Caller {
  tenantId: string;
  userId: string;
  /** The user's name as the audit trail records it. */
  name: string;
}

export interface FieldError {
  field: string;
  message: string;
}

/** Input that parsed but does not hold against the directory (unknown customer, port or fuel type). */
export class InquiryInputError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join(' '));
  }
}

export class InquiryNotFoundError extends Error {
  constructor(readonly what: 'inquiry' | 'line') {
    super(what === 'inquiry' ? 'Inquiry not found' : 'Product line not found');
  }
}

type CreateInput = z.output<typeof inquiryCreate>;
type UpdateInput = z.output<typeof inquiryUpdate>;
type LineInput = z.output<typeof productLineInput>;
type LineUpdateInput = z.output<typeof productLineUpdate>;

/** Matches a typed fuel type to a product of the list by code or alias, ignoring case. */
function resolveFuel(fuels: FuelType[], name: string): FuelType | undefined {
  const wanted = name.trim().toUpperCase();
  return fuels.find(
    (f) => f.code.toUpperCase() === wanted || f.aliases.some((a) => a.toUpperCase() === wanted),
  );
}

/** Each line's fuel type checked against the products list; unknown ones are named by `fieldOf(index)`. */
async function resolveLines(
  lookups: DirectoryLookups,
  lines: LineInput[],
  fieldOf: (index: number) => string,
) {
  const errors: FieldError[] = [];
  if (lines.length === 0) return { values: [] as LineValues[], errors };
  const fuels = await lookups.fuelTypes();
  const values = lines.map((line, i): LineValues => {
    const fuel = resolveFuel(fuels, line.product_name);
    if (!fuel)
      errors.push({
        field: fieldOf(i),
        message: `Fuel type must be one of: ${fuels.map((f) => f.code).join(', ')}`,
      });
    return {
      product_id: fuel?.id ?? null,
      product_name: fuel?.code ?? line.product_name,
      iso_spec: line.iso_spec,
      quantity_mt_min: line.quantity_mt_min,
      quantity_mt_max: line.quantity_mt_max,
    };
  });
  return { values, errors };
}

function throwIfAny(...groups: FieldError[][]): void {
  const errors = groups.flat();
  if (errors.length) throw new InquiryInputError(errors);
}

/** Customer and port must be the caller's customer and a known port; both are read from the directory. */
async function resolveParties(
  lookups: DirectoryLookups,
  input: { customer_company_id: string; port_id: string },
) {
  const [customer, port] = await Promise.all([
    lookups.customer(input.customer_company_id),
    lookups.port(input.port_id),
  ]);
  const errors: FieldError[] = [];
  if (!customer)
    errors.push({ field: 'customer_company_id', message: 'Customer not found: choose one from the list' });
  if (!port) errors.push({ field: 'port_id', message: 'Port not found: choose one from the list' });
  return { customer, port, errors };
}

function partyColumns(customer: CustomerFacts, port: PortFacts) {
  return {
    customer_id: customer.id,
    customer_name: customer.legal_entity_name,
    customer_email: customer.general_email,
    selling_terms: customer.selling_terms,
    port_id: port.id,
    port_name: port.name,
    port_unlocode: port.unlocode,
    port_country: port.country,
    port_timezone: port.timezone,
    port_region: port.region,
  };
}

/** The inquiry's own fields as columns, the same on create and on edit. */
function ownColumns(input: UpdateInput) {
  const at = (iso: string | null) => (iso ? new Date(iso) : null);
  return {
    vessel_name: input.vessel_name,
    imo: input.imo,
    agent_name: input.agent_name,
    agent_email: input.agent_email,
    eta: at(input.eta),
    etb: at(input.etb),
    etd: at(input.etd),
    commentary: input.commentary,
  };
}

async function nameVessel(
  trx: Kysely<InquiryDB>,
  caller: Caller,
  imo: string | null,
  name: string,
): Promise<void> {
  if (!imo) return;
  await writeOutbox(trx, QUEUES.directoryEvents, {
    type: 'inquiry.vessel-named',
    tenant_id: caller.tenantId,
    user_id: caller.userId,
    imo,
    name,
    at: new Date().toISOString(),
  });
}

/** Creates the inquiry, its lines and its events in one transaction; answers the new id. */
export async function createInquiry(
  db: Kysely<InquiryDB>,
  lookups: DirectoryLookups,
  caller: Caller,
  input: CreateInput,
): Promise<string> {
  const [{ customer, port, errors }, lines] = await Promise.all([
    resolveParties(lookups, input),
    resolveLines(lookups, input.products, (i) => `products.${i}.product_name`),
  ]);
  throwIfAny(errors, lines.errors);
  if (!customer || !port) throw new InquiryInputError(errors);

  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertInquiry(trx, {
      id,
      tenant_id: caller.tenantId,
      created_by: caller.userId,
      owner_id: caller.userId,
      owner_name: caller.name,
      ...partyColumns(customer, port),
      ...ownColumns(input),
      supplier_notes: input.supplier_notes,
      cancel_reason: null,
    });
    await insertLines(trx, caller.tenantId, id, lines.values);
    await recordAudit(trx, {
      ...byUser(caller, id),
      type: 'inquiry_created',
      detail: {
        vessel_name: input.vessel_name,
        port_name: port.name,
        customer_name: customer.legal_entity_name,
        line_count: lines.values.length,
        copied_from: null,
      },
    });
    await writeOutbox(trx, QUEUES.directoryEvents, {
      type: 'inquiry.created',
      tenant_id: caller.tenantId,
      inquiry_id: id,
      customer_id: customer.id,
      at: new Date().toISOString(),
    });
    await nameVessel(trx, caller, input.imo, input.vessel_name);
  });
  return id;
}

/**
 * Runs a change on one inquiry under a row lock, after checking the lifecycle allows the action;
 * answers what the change answers. Directory reads happen before, never while the lock is held.
 */
export async function changeInquiry<T>(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  action: InquiryAction,
  change: (trx: Kysely<InquiryDB>, inquiry: InquiryRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, caller.tenantId, id, true);
    if (!inquiry) throw new InquiryNotFoundError('inquiry');
    nextStatus(inquiry.status, action);
    return change(trx, inquiry);
  });
}

/** Fails early (404, 409) before any directory call is made for an inquiry that cannot change. */
export async function assertChangeable(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  action: InquiryAction,
): Promise<InquiryRow> {
  const inquiry = await findInquiry(db, caller.tenantId, id);
  if (!inquiry) throw new InquiryNotFoundError('inquiry');
  nextStatus(inquiry.status, action);
  return inquiry;
}

/**
 * An edit under the inquiry's lock. An inquiry already sent tells its suppliers nothing yet: its
 * edits wait as pending changes (the detail's pending_changes) until the trader sends one
 * amendment with all of them (rfq/send-amendment).
 */
const editChange = <T>(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  change: (trx: Kysely<InquiryDB>, inquiry: InquiryRow) => Promise<T>,
): Promise<T> => changeInquiry(db, caller, id, 'edit', change);

export async function editInquiry(
  db: Kysely<InquiryDB>,
  lookups: DirectoryLookups,
  caller: Caller,
  id: string,
  input: UpdateInput,
): Promise<void> {
  await assertChangeable(db, caller, id, 'edit');
  const { customer, port, errors } = await resolveParties(lookups, input);
  throwIfAny(errors);
  if (!customer || !port) throw new InquiryInputError(errors);
  await editChange(db, caller, id, async (trx, before) => {
    // A PUT without supplier_notes (the spec's clients) keeps them.
    const columns = {
      ...partyColumns(customer, port),
      ...ownColumns(input),
      supplier_notes: input.supplier_notes === undefined ? before.supplier_notes : input.supplier_notes,
    };
    await updateInquiry(trx, caller.tenantId, id, columns);
    if (input.imo !== before.imo) await nameVessel(trx, caller, input.imo, input.vessel_name);
    const changes = changedFields(inquiryFields(before), inquiryFields({ ...before, ...columns }));
    if (Object.keys(changes).length > 0)
      await recordAudit(trx, { ...byUser(caller, id), type: 'inquiry_edited', detail: {}, changes });
  });
}

export async function addLine(
  db: Kysely<InquiryDB>,
  lookups: DirectoryLookups,
  caller: Caller,
  id: string,
  input: LineInput,
): Promise<string> {
  await assertChangeable(db, caller, id, 'edit');
  const { values, errors } = await resolveLines(lookups, [input], () => 'product_name');
  throwIfAny(errors);
  return editChange(db, caller, id, async (trx) => {
    const [lineId] = await insertLines(trx, caller.tenantId, id, values);
    await updateInquiry(trx, caller.tenantId, id, {});
    await recordAudit(trx, {
      ...byUser(caller, id),
      type: 'line_added',
      detail: { product_name: values[0]!.product_name },
      changes: addedFields(lineFields(values[0]!)),
    });
    return lineId!;
  });
}

export async function changeLine(
  db: Kysely<InquiryDB>,
  lookups: DirectoryLookups,
  caller: Caller,
  id: string,
  lineId: string,
  input: LineUpdateInput,
): Promise<void> {
  await assertChangeable(db, caller, id, 'edit');
  const { values, errors } = await resolveLines(
    lookups,
    [{ ...input, iso_spec: input.iso_spec ?? DEFAULT_ISO_SPEC, product_id: null }],
    () => 'product_name',
  );
  throwIfAny(errors);
  await editChange(db, caller, id, async (trx) => {
    const existing = await findLine(trx, caller.tenantId, id, lineId);
    if (!existing) throw new InquiryNotFoundError('line');
    // The spec's line edit sends no ISO edition: the line keeps its own.
    const line = { ...values[0]!, iso_spec: input.iso_spec ?? existing.iso_spec };
    await updateLine(trx, caller.tenantId, lineId, line);
    await updateInquiry(trx, caller.tenantId, id, {});
    const changes = changedFields(lineFields(existing), lineFields(line));
    if (Object.keys(changes).length > 0)
      await recordAudit(trx, {
        ...byUser(caller, id),
        type: 'line_changed',
        detail: { product_name: line.product_name },
        changes,
      });
  });
}

export async function removeLine(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  lineId: string,
): Promise<void> {
  await assertChangeable(db, caller, id, 'edit');
  await editChange(db, caller, id, async (trx) => {
    const line = await findLine(trx, caller.tenantId, id, lineId);
    if (!line) throw new InquiryNotFoundError('line');
    await deleteLine(trx, caller.tenantId, lineId);
    await updateInquiry(trx, caller.tenantId, id, {});
    await recordAudit(trx, {
      ...byUser(caller, id),
      type: 'line_removed',
      detail: { product_name: line.product_name },
      changes: removedFields(lineFields(line)),
    });
  });
}

export async function cancelInquiry(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  reason: string | null,
  source: NoticeSource,
): Promise<void> {
  // A draft went to nobody, so nobody's standing is read for it.
  const current = await assertChangeable(db, caller, id, 'cancel');
  if (current.status !== 'draft') await source.gate.prepare();
  await source.gate.settle(
    changeInquiry(db, caller, id, 'cancel', async (trx, inquiry) => {
      const status = nextStatus(inquiry.status, 'cancel');
      // Every supplier it went to hears it is off, with the mail written in the same transaction.
      const notified = await writeCancelNotices(trx, source, inquiry, reason);
      await updateInquiry(trx, caller.tenantId, id, { status, cancel_reason: reason });
      await recordAudit(trx, {
        ...byUser(caller, id),
        type: 'inquiry_cancelled',
        detail: { reason, notice_count: notified },
        changes: { status: { before: inquiry.status, after: status } },
      });
    }),
  );
}
