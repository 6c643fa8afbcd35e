import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChargeInput, ClaimKind, DeclineReason, OfferStatus, StemStatus } from '@mfd/contracts';
import type { InquiryDB } from '../src/data/db';
import { insertCharges } from '../src/data/offer-charges.repository';

/**
 * Offers written straight into the tables, with the times a report reads (submitted, awarded):
 * the API stamps "now", and a report is about days past.
 */
export function insightSeeder(db: Kysely<InquiryDB>) {
  return {
    async inquiry(
      tenantId: string,
      portId: string,
      lines: { product: string; max: string }[],
      extra: { timezone?: string; customer?: string; vessel?: string; eta?: string } = {},
    ) {
      const id = randomUUID();
      const creator = randomUUID();
      await db
        .insertInto('inquiries')
        .values({
          id,
          tenant_id: tenantId,
          created_by: creator,
          owner_id: creator,
          owner_name: 'Tom Trader',
          vessel_name: extra.vessel ?? 'MSC Oscar',
          customer_name: extra.customer ?? null,
          port_id: portId,
          port_name: 'Singapore',
          port_timezone: extra.timezone ?? 'Asia/Singapore',
          eta: extra.eta ? new Date(extra.eta) : null,
          status: 'quoting',
        })
        .execute();
      const lineIds = lines.map(() => randomUUID());
      await db
        .insertInto('inquiry_products')
        .values(
          lines.map((l, i) => ({
            id: lineIds[i]!,
            tenant_id: tenantId,
            inquiry_id: id,
            product_name: l.product,
            quantity_mt_min: '1',
            quantity_mt_max: l.max,
            iso_spec: 'ISO 8217:2017',
            position: i,
          })),
        )
        .execute();
      return { id, tenantId, lineIds };
    },

    async indexValue(inquiry: { id: string; tenantId: string }, name: string, value: string) {
      await db
        .insertInto('inquiry_index_values')
        .values({
          inquiry_id: inquiry.id,
          index_key: name.trim().toLowerCase(),
          tenant_id: inquiry.tenantId,
          index_name: name,
          value,
          as_of: '2026-11-01',
          updated_by: randomUUID(),
        })
        .execute();
    },

    /** An offer on the inquiry's lines: a price each (a number for fixed, { index, differential } linked). */
    async offer(
      inquiry: { id: string; tenantId: string; lineIds: string[] },
      prices: (string | { index: string; differential: string } | null)[],
      opts: {
        status?: OfferStatus;
        submittedAt: string;
        awardedAt?: string;
        supplier?: string;
        remarks?: string;
        /** A split award: the indexes of the lines it won. */
        awardedLines?: number[];
        supplierId?: string;
        /** The revision's charges (barging, other), on every line unless they name some. */
        charges?: ChargeInput[];
      },
    ) {
      const id = randomUUID();
      await db
        .insertInto('offers')
        .values({
          id,
          tenant_id: inquiry.tenantId,
          inquiry_id: inquiry.id,
          supplier_id: opts.supplierId ?? randomUUID(),
          supplier_name: opts.supplier ?? 'Supplier',
          status: opts.status ?? 'submitted',
          submitted_at: new Date(opts.submittedAt),
          awarded_at: opts.awardedAt ? new Date(opts.awardedAt) : null,
          awarded_line_ids: opts.awardedLines?.map((i) => inquiry.lineIds[i]!) ?? null,
          revision: 1,
          remarks: opts.remarks ?? null,
        })
        .execute();
      const lines = prices.flatMap((price, i) =>
        price === null
          ? []
          : [
              {
                offer_id: id,
                product_line_id: inquiry.lineIds[i]!,
                tenant_id: inquiry.tenantId,
                min_deliverable: '1',
                max_deliverable: '5000',
                delivery_method: 'barge' as const,
                ...(typeof price === 'string'
                  ? { pricing: 'fixed' as const, price_per_mt: price, index_name: null, differential: null }
                  : {
                      pricing: 'index' as const,
                      price_per_mt: null,
                      index_name: price.index,
                      differential: price.differential,
                    }),
              },
            ],
      );
      if (lines.length) await db.insertInto('offer_lines').values(lines).execute();
      await insertCharges(db, inquiry.tenantId, id, 1, opts.charges ?? []);
      await db
        .insertInto('offer_revisions')
        .values({
          offer_id: id,
          revision: 1,
          tenant_id: inquiry.tenantId,
          source: 'manual',
          submitted_at: new Date(opts.submittedAt),
          content: {},
        })
        .execute();
      return id;
    },

    /** The inquiry sent to a supplier at a moment (a distribution and its recipient), to its desk unless told. */
    async send(
      inquiry: { id: string; tenantId: string },
      supplierId: string,
      name: string,
      at: string,
      email = `desk@${name.toLowerCase()}.example`,
    ) {
      const distribution = randomUUID();
      await db
        .insertInto('distributions')
        .values({
          id: distribution,
          tenant_id: inquiry.tenantId,
          inquiry_id: inquiry.id,
          sent_by: randomUUID(),
          reply_by: new Date(Date.parse(at) + 86_400_000),
        })
        .execute();
      await db
        .insertInto('inquiry_recipients')
        .values({
          id: randomUUID(),
          tenant_id: inquiry.tenantId,
          inquiry_id: inquiry.id,
          distribution_id: distribution,
          supplier_id: supplierId,
          supplier_name: name,
          email,
          reply_by: new Date(Date.parse(at) + 86_400_000),
          first_sent_at: new Date(at),
          last_sent_at: new Date(at),
        })
        .execute();
    },

    /** The supplier's decline, through its addresses on the inquiry (or the one given), stands. */
    async decline(
      inquiry: { id: string; tenantId: string },
      supplierId: string,
      reason: DeclineReason,
      opts: { at?: string; email?: string } = {},
    ) {
      let update = db
        .updateTable('inquiry_recipients')
        .set({ declined_at: new Date(opts.at ?? '2026-11-02T12:00:00Z'), decline_reason: reason })
        .where('tenant_id', '=', inquiry.tenantId)
        .where('inquiry_id', '=', inquiry.id)
        .where('supplier_id', '=', supplierId);
      if (opts.email) update = update.where('email', '=', opts.email);
      await update.execute();
    },

    /**
     * The stem of an awarded offer: its lines at the given fixed buy prices (one per inquiry line,
     * at the offer's quantities), delivered tonnes per line when it was delivered.
     */
    async stem(
      inquiry: { id: string; tenantId: string; lineIds: string[] },
      offerId: string,
      opts: {
        supplierId: string;
        status: StemStatus;
        prices: string[];
        maxMt: string[];
        deliveredMt?: string[];
        pricingMode?: 'none' | 'markup' | 'commission';
        adjustments?: ({ basis: 'per_mt' | 'percent'; amount: string } | null)[];
        customer?: string;
        createdAt?: string;
      },
    ) {
      const id = randomUUID();
      const creator = randomUUID();
      await db
        .insertInto('stems')
        .values({
          id,
          tenant_id: inquiry.tenantId,
          inquiry_id: inquiry.id,
          offer_id: offerId,
          offer_revision: 1,
          reference: `S-${id.slice(0, 8)}`,
          status: opts.status,
          supplier_id: opts.supplierId,
          supplier_name: 'Supplier',
          customer_name: opts.customer ?? null,
          vessel_name: 'MSC Oscar',
          port_timezone: 'Asia/Singapore',
          pricing_mode: opts.pricingMode ?? 'none',
          created_by: creator,
          ...(opts.createdAt ? { created_at: new Date(opts.createdAt) } : {}),
        })
        .execute();
      await db
        .insertInto('stem_lines')
        .values(
          opts.prices.map((price, i) => ({
            stem_id: id,
            product_line_id: inquiry.lineIds[i]!,
            tenant_id: inquiry.tenantId,
            position: i,
            product_name: 'VLSFO',
            iso_spec: 'ISO 8217:2017',
            quantity_mt_min: '1',
            quantity_mt_max: opts.maxMt[i]!,
            pricing: 'fixed' as const,
            price_per_mt: price,
            delivery_method: 'barge' as const,
            adjustment_basis: opts.adjustments?.[i]?.basis ?? null,
            adjustment_amount: opts.adjustments?.[i]?.amount ?? null,
          })),
        )
        .execute();
      if (opts.deliveredMt) {
        await db
          .insertInto('stem_deliveries')
          .values({
            stem_id: id,
            tenant_id: inquiry.tenantId,
            bdn_number: `BDN-${id.slice(0, 6)}`,
            delivered_at: new Date('2026-11-05T08:00:00Z'),
            recorded_by: creator,
          })
          .execute();
        await db
          .insertInto('stem_delivery_lines')
          .values(
            opts.deliveredMt.map((mt, i) => ({
              stem_id: id,
              product_line_id: inquiry.lineIds[i]!,
              tenant_id: inquiry.tenantId,
              quantity_mt: mt,
            })),
          )
          .execute();
      }
      return { id, tenantId: inquiry.tenantId };
    },

    async claim(stem: { id: string; tenantId: string }, kind: ClaimKind) {
      await db
        .insertInto('stem_claims')
        .values({
          id: randomUUID(),
          stem_id: stem.id,
          tenant_id: stem.tenantId,
          kind,
          description: `${kind} short`,
          amount_usd: null,
          status: 'open',
          time_bar_at: new Date('2026-12-05T08:00:00Z'),
          created_by: randomUUID(),
        })
        .execute();
    },

    async invoice(stem: { id: string; tenantId: string }, amountUsd: string) {
      await db
        .insertInto('stem_invoices')
        .values({
          stem_id: stem.id,
          tenant_id: stem.tenantId,
          number: `INV-${stem.id.slice(0, 6)}`,
          invoice_date: '2026-11-06',
          amount_usd: amountUsd,
          due_date: '2026-12-06',
          recorded_by: randomUUID(),
        })
        .execute();
    },
  };
}
