import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import {
  customerCreate,
  DEFAULT_SELLING_TERMS,
  defaultReferencePrefix,
  offerSubmit,
  supplierInput,
  vesselInput,
  type OfferStatus,
} from '@mfd/contracts';
import { createDatabase, migrateToLatest, type Database, type Migrations } from '@mfd/db';
import { expectedInvoice, invoiceDueDate, localDate, addDays } from '@mfd/stems';
import { createCustomer, countInquiries } from '../../services/directory/src/data/customers.repository';
import type { DirectoryDB } from '../../services/directory/src/data/db';
import { addStandardFuels } from '../../services/directory/src/data/products.repository';
import { createSupplier } from '../../services/directory/src/data/suppliers.repository';
import { createVessel } from '../../services/directory/src/data/vessels.repository';
import { migrations as directoryMigrations } from '../../services/directory/src/migrations';
import type { IdentityDB } from '../../services/identity/src/data/db';
import { createCompanyAndUser, findUserByEmail } from '../../services/identity/src/data/users.repository';
import { hashPassword } from '../../services/identity/src/domain/passwords';
import { migrations as identityMigrations } from '../../services/identity/src/migrations';
import type { InquiryDB } from '../../services/inquiry/src/data/db';
import { refreshAwardSavings } from '../../services/inquiry/src/domain/insights/award-savings';
import { priceOffer } from '../../services/inquiry/src/domain/rfq/offer-pricing';
import { revisionContent } from '../../services/inquiry/src/domain/rfq/revision-content';
import { stemReference } from '../../services/inquiry/src/domain/stems/reference-number';
import { migrations as inquiryMigrations } from '../../services/inquiry/src/migrations';
import { CUSTOMERS, PORTS, SUPPLIERS, TRADERS, VESSEL_IMOS, VESSEL_NAMES } from './cast';
import { planYear, type PlanInquiry, type PlanOffer, type PlanStem } from './plan';

export interface SeedTarget {
  pgUrl: string;
  /** Prepended to identity, directory and inquiry ('' for the schemas `npm start` runs on). */
  schemaPrefix: string;
}

export interface SeedOptions {
  months: number;
  email: string;
  password: string;
  companyName: string;
  now?: Date;
}

export interface SeedSummary {
  companyId: string;
  userId: string;
  inquiries: number;
  offers: number;
  awarded: number;
  stems: number;
  claims: number;
  invoices: number;
  from: Date;
}

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account with the e-mail ${email} exists already: give another with --email.`);
  }
}

const ISO_SPEC = 'ISO 8217:2017';
const cents = (c: number) => new Big(c).div(100).toFixed(2);
const tonnes = (tenths: number) => new Big(tenths).div(10).toFixed(1);
/** Rows a statement writes at most (PostgreSQL takes 65,535 parameters; the widest row has about 30). */
const CHUNK = 1_000;

async function openSchema<DB>(
  target: SeedTarget,
  name: string,
  migrations: Migrations,
): Promise<Database<DB>> {
  const database = createDatabase<DB>({
    url: target.pgUrl,
    schema: `${target.schemaPrefix}${name}`,
    applicationName: 'seed',
    statementTimeoutMs: 300_000,
  });
  await migrateToLatest(database.db as Kysely<unknown>, database.pool, database.schema, migrations);
  return database;
}

async function insertAll(db: Kysely<InquiryDB>, table: keyof InquiryDB, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
}

/** The company, its signed-in admin and two traders, e-mails proven (the seed stands for those clicks). */
async function writeDesk(db: Kysely<IdentityDB>, options: SeedOptions) {
  const email = options.email.toLowerCase();
  if (await findUserByEmail(db, email)) throw new EmailTakenError(email);
  const passwordHash = await hashPassword(options.password);
  const [local, domain] = email.split('@') as [string, string];
  return db.transaction().execute(async (trx) => {
    const { userId, companyId } = await createCompanyAndUser(
      trx,
      { ...TRADERS[0]!, email, phone: null, password_hash: passwordHash },
      options.companyName,
    );
    const users = [{ id: userId, name: `${TRADERS[0]!.first_name} ${TRADERS[0]!.last_name}`, email }];
    for (const trader of TRADERS.slice(1)) {
      const id = randomUUID();
      const traderEmail = `${local}+${trader.first_name.toLowerCase()}@${domain}`;
      await trx
        .insertInto('users')
        .values({
          id,
          company_id: companyId,
          ...trader,
          email: traderEmail,
          phone: null,
          password_hash: passwordHash,
        })
        .execute();
      users.push({ id, name: `${trader.first_name} ${trader.last_name}`, email: traderEmail });
    }
    await trx
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('company_id', '=', companyId)
      .execute();
    return { companyId, users };
  });
}

/** The directory the desk works from: standard fuels, its customers, suppliers at the ports, vessels. */
async function writeDirectory(db: Kysely<DirectoryDB>, actor: { userId: string; tenantId: string }) {
  const ports = await db
    .selectFrom('ports')
    .select(['id', 'unlocode', 'name', 'country', 'region', 'timezone'])
    .where('tenant_id', 'is', null)
    .where(
      'unlocode',
      'in',
      PORTS.map((p) => p.unlocode),
    )
    .execute();
  const port = PORTS.map(({ unlocode }) => {
    const row = ports.find((p) => p.unlocode.trim() === unlocode);
    if (!row) throw new Error(`The built-in port ${unlocode} is missing from the directory`);
    return { ...row, unlocode };
  });
  // Every row is checked before the first is written: a bad one stops the seed with nothing added.
  const customerValues = CUSTOMERS.map((c) =>
    customerCreate.parse({
      legal_entity_name: c.legal_entity_name,
      address: c.address,
      main_phone: c.main_phone,
      contact_phone: c.contact_phone,
      city: c.city,
      country: c.country,
      general_email: `bunkers@${c.domain}`,
      contact_name: c.contact,
      contact_email: `${c.contact.split(' ')[0]!.toLowerCase()}@${c.domain}`,
      main_ship_type: c.ship_type,
    }),
  );
  const supplierValues = SUPPLIERS.map((s) =>
    supplierInput.parse({
      trading_name: s.name,
      default_email: `trading@${s.domain}`,
      contacts: [{ name: s.contact, email: `trading@${s.domain}`, role: 'Trader', is_primary: true }],
      port_ids: s.ports.map((u) => port[PORTS.findIndex((p) => p.unlocode === u)]!.id),
    }),
  );
  const vesselValues = VESSEL_NAMES.map((name, i) => vesselInput.parse({ imo: VESSEL_IMOS[i], name }));
  await addStandardFuels(db, actor);
  const customers = [];
  for (const values of customerValues) {
    const id = await createCustomer(db, actor, { ...values, selling_terms: DEFAULT_SELLING_TERMS });
    customers.push({ id, name: values.legal_entity_name, email: values.general_email! });
  }
  const suppliers = [];
  for (const [i, values] of supplierValues.entries())
    suppliers.push({
      id: await createSupplier(db, actor, values),
      name: values.trading_name,
      email: values.default_email,
      contact: SUPPLIERS[i]!.contact,
    });
  for (const values of vesselValues) await createVessel(db, values, actor, { confirmed: false });
  const products = new Map(
    (await db.selectFrom('products').select(['id', 'code']).execute()).map((p) => [p.code, p.id]),
  );
  return { port, customers, suppliers, products };
}

type Directory = Awaited<ReturnType<typeof writeDirectory>>;
type Desk = Awaited<ReturnType<typeof writeDesk>> & { companyName: string; referencePrefix: string };

/** The rows of one planned inquiry, in the inquiry service's tables. */
function inquiryRows(
  plan: PlanInquiry,
  ctx: { tenantId: string; desk: Desk; dir: Directory; rows: Rows; references: Map<number, number> },
) {
  const { tenantId, desk, dir, rows } = ctx;
  const id = randomUUID();
  const owner = desk.users[plan.owner]!;
  const port = dir.port[plan.port]!;
  const customer = dir.customers[plan.customer]!;
  const lineIds = plan.lines.map(() => randomUUID());
  const sentAt = new Date(plan.createdAt.getTime() + 10 * 60_000);
  const lastTouch =
    plan.awardedAt ?? plan.offers.at(-1)?.submittedAt ?? (plan.status === 'draft' ? plan.createdAt : sentAt);
  const facts = {
    vessel_name: VESSEL_NAMES[plan.vessel]!,
    imo: VESSEL_IMOS[plan.vessel]!,
    port_name: port.name,
    port_unlocode: port.unlocode,
    port_timezone: port.timezone,
    eta: plan.eta,
  };
  rows.inquiries.push({
    id,
    tenant_id: tenantId,
    created_by: owner.id,
    owner_id: owner.id,
    owner_name: owner.name,
    customer_id: customer.id,
    customer_name: customer.name,
    customer_email: customer.email,
    port_id: port.id,
    port_country: port.country,
    port_region: port.region,
    ...facts,
    status: plan.status,
    selling_terms: DEFAULT_SELLING_TERMS,
    cancel_reason: plan.status === 'cancelled' ? 'The vessel was re-routed' : null,
    sent_version:
      plan.status === 'draft'
        ? null
        : {
            ...facts,
            eta: plan.eta.toISOString(),
            etb: null,
            etd: null,
            selling_terms: DEFAULT_SELLING_TERMS,
            supplier_notes: null,
            lines: plan.lines.map((l, i) => ({
              id: lineIds[i]!,
              product_name: l.grade,
              iso_spec: ISO_SPEC,
              quantity_mt_min: tonnes(l.minTenths),
              quantity_mt_max: tonnes(l.maxTenths),
            })),
          },
    created_at: plan.createdAt,
    updated_at: lastTouch,
  });
  plan.lines.forEach((l, i) =>
    rows.inquiry_products.push({
      id: lineIds[i]!,
      tenant_id: tenantId,
      inquiry_id: id,
      product_id: ctx.dir.products.get(l.grade) ?? null,
      product_name: l.grade,
      quantity_mt_min: tonnes(l.minTenths),
      quantity_mt_max: tonnes(l.maxTenths),
      iso_spec: ISO_SPEC,
      position: i,
    }),
  );
  if (plan.status === 'draft') return { id, customerId: customer.id };

  const indexValues = Object.entries(plan.indexValues).map(([index_name, c]) => ({
    index_name,
    value: cents(c),
    as_of: localDate(plan.createdAt, port.timezone),
  }));
  if (plan.offers.some((o) => o.prices.some((p) => p.kind === 'index')))
    for (const v of indexValues)
      rows.inquiry_index_values.push({
        inquiry_id: id,
        index_key: v.index_name.trim().toLowerCase(),
        tenant_id: tenantId,
        ...v,
        updated_by: owner.id,
        updated_at: sentAt,
      });
  const distributionId = randomUUID();
  rows.distributions.push({
    id: distributionId,
    tenant_id: tenantId,
    inquiry_id: id,
    sent_by: owner.id,
    sender_name: owner.name,
    sender_email: owner.email,
    reply_by: plan.replyBy,
    created_at: sentAt,
  });
  const recipientOf = new Map<number, string>();
  for (const r of plan.recipients) {
    const supplier = dir.suppliers[r.supplier]!;
    const recipientId = randomUUID();
    recipientOf.set(r.supplier, recipientId);
    rows.inquiry_recipients.push({
      id: recipientId,
      tenant_id: tenantId,
      inquiry_id: id,
      distribution_id: distributionId,
      supplier_id: supplier.id,
      supplier_name: supplier.name,
      contact_name: supplier.contact,
      email: supplier.email,
      reply_by: plan.replyBy,
      first_sent_at: sentAt,
      last_sent_at: sentAt,
      mail_status: 'sent',
      mail_status_at: sentAt,
      declined_at: r.decline?.at ?? null,
      decline_reason: r.decline?.reason ?? null,
    });
  }
  const requested = plan.lines.map((l, i) => ({ id: lineIds[i]!, quantity_mt_max: tonnes(l.maxTenths) }));
  const offerIds = plan.offers.map((offer) =>
    offerRows(offer, { ...ctx, inquiryId: id, plan, lineIds, requested, indexValues, recipientOf }),
  );
  plan.stems.forEach((stem) =>
    stemRows(stem, { ...ctx, inquiryId: id, plan, lineIds, offerIds, customer, port }),
  );
  return { id, customerId: customer.id };
}

interface InquiryCtx {
  tenantId: string;
  desk: Desk;
  dir: Directory;
  rows: Rows;
  references: Map<number, number>;
  inquiryId: string;
  plan: PlanInquiry;
  lineIds: string[];
}

function offerRows(
  offer: PlanOffer,
  ctx: InquiryCtx & {
    requested: { id: string; quantity_mt_max: string }[];
    indexValues: { index_name: string; value: string; as_of: string }[];
    recipientOf: Map<number, string>;
  },
): string {
  const { plan, tenantId, rows, lineIds } = ctx;
  const supplier = ctx.dir.suppliers[offer.supplier]!;
  const owner = ctx.desk.users[plan.owner]!;
  const input = offerSubmit.parse({
    lines: offer.prices.map((price, i) => ({
      product_line_id: lineIds[i],
      pricing: price.kind,
      price_per_mt: price.kind === 'fixed' ? cents(price.cents) : null,
      index_name: price.kind === 'index' ? price.index : null,
      differential: price.kind === 'index' ? cents(price.differentialCents) : null,
      min_deliverable: tonnes(plan.lines[i]!.minTenths),
      max_deliverable: tonnes(plan.lines[i]!.maxTenths),
      delivery_method: 'barge',
    })),
    charges: offer.charge
      ? [{ kind: 'barging', basis: offer.charge.basis, amount: cents(offer.charge.cents) }]
      : [],
    payment:
      offer.payment.method === 'credit'
        ? { method: 'credit', days: offer.payment.days, basis: 'delivery' }
        : { method: 'prepayment' },
    valid_until: new Date(offer.submittedAt.getTime() + 2 * 86_400_000).toISOString(),
  });
  const figures = priceOffer(ctx.requested, input.lines, input.charges, ctx.indexValues);
  const id = randomUUID();
  const status: OfferStatus = offer.awardedLines
    ? 'awarded'
    : plan.status === 'awarded' || plan.status === 'cancelled'
      ? 'not_awarded'
      : 'submitted';
  rows.offers.push({
    id,
    tenant_id: tenantId,
    inquiry_id: ctx.inquiryId,
    supplier_id: supplier.id,
    supplier_name: supplier.name,
    supplier_email: supplier.email,
    recipient_id: ctx.recipientOf.get(offer.supplier) ?? null,
    source: 'link',
    status,
    submitted_at: offer.submittedAt,
    created_at: offer.submittedAt,
    updated_at: plan.awardedAt ?? offer.submittedAt,
    payment_method: input.payment?.method ?? null,
    payment_days: input.payment?.days ?? null,
    payment_basis: input.payment?.basis ?? null,
    valid_until: new Date(input.valid_until),
    awarded_at: offer.awardedLines ? plan.awardedAt : null,
    awarded_by: offer.awardedLines ? owner.id : null,
    award_notes: offer.awardNote,
    revision: 1,
    awarded_line_ids: offer.awardedLines?.map((i) => lineIds[i]!) ?? null,
  });
  for (const line of input.lines) rows.offer_lines.push({ offer_id: id, tenant_id: tenantId, ...line });
  input.charges.forEach((c, position) =>
    rows.offer_charges.push({ offer_id: id, revision: 1, position, tenant_id: tenantId, ...c }),
  );
  rows.offer_revisions.push({
    offer_id: id,
    revision: 1,
    tenant_id: tenantId,
    source: 'link',
    submitted_at: offer.submittedAt,
    content: revisionContent(
      {
        source: 'link',
        supplierId: supplier.id,
        supplierName: supplier.name,
        supplierEmail: supplier.email,
        recordedBy: null,
      },
      1,
      new Map(
        plan.lines.map((l, i) => [
          lineIds[i]!,
          {
            product_name: l.grade,
            iso_spec: ISO_SPEC,
            quantity_mt_min: tonnes(l.minTenths),
            quantity_mt_max: tonnes(l.maxTenths),
          },
        ]),
      ),
      input,
      figures,
    ),
  });
  return id;
}

function stemRows(
  stem: PlanStem,
  ctx: InquiryCtx & {
    offerIds: string[];
    customer: Directory['customers'][number];
    port: Directory['port'][number];
  },
): void {
  const { plan, tenantId, rows, lineIds } = ctx;
  const offer = plan.offers[stem.offer]!;
  const supplier = ctx.dir.suppliers[offer.supplier]!;
  const owner = ctx.desk.users[plan.owner]!;
  const id = randomUUID();
  const year = Number(localDate(stem.createdAt, ctx.port.timezone).slice(0, 4));
  const sequence = (ctx.references.get(year) ?? 0) + 1;
  ctx.references.set(year, sequence);
  const companyName = ctx.desk.companyName;
  const adjustment = stem.sellAdjustment;
  const payment =
    offer.payment.method === 'credit'
      ? { method: 'credit' as const, days: offer.payment.days, basis: 'delivery' as const }
      : { method: 'prepayment' as const, days: null, basis: null };
  rows.stems.push({
    id,
    tenant_id: tenantId,
    inquiry_id: ctx.inquiryId,
    offer_id: ctx.offerIds[stem.offer]!,
    offer_revision: 1,
    reference: stemReference(ctx.desk.referencePrefix, year, sequence),
    status: stem.status,
    company_name: companyName,
    supplier_id: supplier.id,
    supplier_name: supplier.name,
    supplier_email: supplier.email,
    customer_id: ctx.customer.id,
    customer_name: ctx.customer.name,
    customer_email: ctx.customer.email,
    vessel_name: VESSEL_NAMES[plan.vessel]!,
    imo: VESSEL_IMOS[plan.vessel]!,
    port_id: ctx.port.id,
    port_name: ctx.port.name,
    port_unlocode: ctx.port.unlocode,
    port_country: ctx.port.country,
    port_timezone: ctx.port.timezone,
    delivery_from: plan.eta,
    delivery_to: new Date(plan.eta.getTime() + 86_400_000),
    payment_method: payment.method,
    payment_days: payment.days,
    payment_basis: payment.basis,
    selling_terms: DEFAULT_SELLING_TERMS,
    pricing_mode: adjustment?.mode ?? 'none',
    created_by: owner.id,
    created_at: stem.createdAt,
    updated_at: stem.delivery?.at ?? stem.createdAt,
    sent_at: stem.createdAt,
    acknowledged_at: stem.status === 'sent' ? null : new Date(stem.createdAt.getTime() + 3 * 3_600_000),
    acknowledged_by: stem.status === 'sent' ? null : supplier.contact,
  });
  const awarded = offer.awardedLines!;
  const stemLines = awarded.map((lineIndex, position) => {
    const line = plan.lines[lineIndex]!;
    const price = offer.prices[lineIndex]!;
    if (price.kind !== 'fixed') throw new Error('The seed awards fixed prices only');
    return {
      stem_id: id,
      product_line_id: lineIds[lineIndex]!,
      tenant_id: tenantId,
      position,
      product_name: line.grade,
      iso_spec: ISO_SPEC,
      quantity_mt_min: tonnes(line.minTenths),
      quantity_mt_max: tonnes(line.maxTenths),
      pricing: 'fixed' as const,
      price_per_mt: cents(price.cents),
      index_name: null,
      differential: null,
      delivery_method: 'barge' as const,
      adjustment_basis: adjustment ? (adjustment.mode === 'markup' ? 'per_mt' : 'percent') : null,
      adjustment_amount: adjustment
        ? adjustment.mode === 'markup'
          ? cents(adjustment.perMtCents)
          : cents(adjustment.percentHundredths)
        : null,
    };
  });
  rows.stem_lines.push(...stemLines);
  if (!stem.delivery) return;
  const delivery = stem.delivery;
  rows.stem_deliveries.push({
    stem_id: id,
    tenant_id: tenantId,
    bdn_number: `BDN-${String(plan.number).padStart(5, '0')}-${stem.offer + 1}`,
    delivered_at: delivery.at,
    barge_name: `${supplier.name.split(' ')[0]} ${(plan.number % 7) + 1}`,
    recorded_by: owner.id,
    recorded_at: new Date(delivery.at.getTime() + 6 * 3_600_000),
  });
  stemLines.forEach((line, i) =>
    rows.stem_delivery_lines.push({
      stem_id: id,
      product_line_id: line.product_line_id,
      tenant_id: tenantId,
      quantity_mt: tonnes(delivery.lines[i]!.tenths),
      density_kg_m3: tonnes(delivery.lines[i]!.density),
      sulphur_pct: new Big(delivery.lines[i]!.sulphur).div(1_000).toFixed(3),
    }),
  );
  for (const claim of stem.claims)
    rows.stem_claims.push({
      id: randomUUID(),
      stem_id: id,
      tenant_id: tenantId,
      kind: claim.kind,
      description:
        claim.kind === 'quantity'
          ? 'Barge figures short of the BDN: sounding by the surveyor attached'
          : 'Off-spec sulphur in the drip sample',
      amount_usd: claim.amountCents === null ? null : cents(claim.amountCents),
      status: claim.status,
      time_bar_at: claim.timeBarAt,
      created_by: owner.id,
      created_at: claim.raisedAt,
      updated_at: claim.raisedAt,
    });
  if (!stem.invoice) return;
  const invoiceDate = addDays(localDate(delivery.at, ctx.port.timezone), stem.invoice.daysAfterDelivery);
  const { expected_usd } = expectedInvoice(
    stemLines.map((l, i) => ({ ...l, delivered_mt: tonnes(delivery.lines[i]!.tenths) })),
    offer.charge ? [{ basis: offer.charge.basis, amount: cents(offer.charge.cents) }] : [],
    [],
  );
  rows.stem_invoices.push({
    stem_id: id,
    tenant_id: tenantId,
    number: `INV-${String(plan.number).padStart(5, '0')}-${stem.offer + 1}`,
    invoice_date: invoiceDate,
    amount_usd: new Big(expected_usd!).plus(cents(stem.invoice.overchargeCents)).toFixed(2),
    due_date: invoiceDueDate(
      payment,
      { delivered_at: delivery.at, port_time_zone: ctx.port.timezone },
      invoiceDate,
    ),
    recorded_by: owner.id,
    recorded_at: new Date(`${invoiceDate}T12:00:00Z`),
  });
}

const TABLES = [
  'inquiries',
  'inquiry_products',
  'inquiry_index_values',
  'distributions',
  'inquiry_recipients',
  'offers',
  'offer_lines',
  'offer_charges',
  'offer_revisions',
  'stems',
  'stem_lines',
  'stem_deliveries',
  'stem_delivery_lines',
  'stem_claims',
  'stem_invoices',
] as const satisfies readonly (keyof InquiryDB)[];
type Rows = Record<(typeof TABLES)[number], object[]>;

/**
 * A company with `months` of trading behind it, written into the schemas the services own (each
 * migrated first, so it runs before or beside `npm start`). The identity and directory parts are
 * written through the services' own repositories; the history straight into the inquiry tables
 * with the times it happened at (the API would stamp "now"), in one transaction, with the awards'
 * kept savings (refreshAwardSavings, as an award through the API writes them).
 */
export async function seedCompany(target: SeedTarget, options: SeedOptions): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const identity = await openSchema<IdentityDB>(target, 'identity', identityMigrations);
  const directory = await openSchema<DirectoryDB>(target, 'directory', directoryMigrations);
  const inquiry = await openSchema<InquiryDB>(target, 'inquiry', inquiryMigrations);
  try {
    const desk = await writeDesk(identity.db, options);
    const tenantId = desk.companyId;
    const dir = await writeDirectory(directory.db, { userId: desk.users[0]!.id, tenantId });
    const plan = planYear({ months: options.months, now });
    const rows = Object.fromEntries(TABLES.map((t) => [t, []])) as unknown as Rows;
    const references = new Map<number, number>();
    const named: Desk = {
      ...desk,
      companyName: options.companyName,
      referencePrefix: defaultReferencePrefix(options.companyName),
    };
    const written = plan.map((p) => inquiryRows(p, { tenantId, desk: named, dir, rows, references }));
    await inquiry.db.transaction().execute(async (trx) => {
      for (const table of TABLES) await insertAll(trx, table, rows[table]);
      for (const [year, last] of references)
        await trx
          .insertInto('stem_reference_sequences')
          .values({ tenant_id: tenantId, year, last_sequence: last })
          .execute();
      // The awards' savings as the award route keeps them, so the first dashboard reads them stored.
      await refreshAwardSavings(
        trx,
        tenantId,
        written.filter((_, i) => plan[i]!.status === 'awarded').map((w) => w.id),
      );
    });
    // What the inquiry.created events would have counted on each customer.
    await countInquiries(
      directory.db,
      written.map((w) => ({ id: w.id, tenantId, customerId: w.customerId })),
    );
    // The planner learns the new volume now, not at autovacuum's next pass.
    await sql`analyze ${sql.join(TABLES.map((t) => sql.id(t)))}`.execute(inquiry.db);
    return {
      companyId: tenantId,
      userId: desk.users[0]!.id,
      inquiries: plan.length,
      offers: rows.offers.length,
      awarded: plan.filter((p) => p.status === 'awarded').length,
      stems: rows.stems.length,
      claims: rows.stem_claims.length,
      invoices: rows.stem_invoices.length,
      from: plan[0]?.createdAt ?? now,
    };
  } finally {
    await Promise.all([identity.close(), directory.close(), inquiry.close()]);
  }
}
