import { z } from 'zod';
import { CLAIM_KINDS, CLAIM_STATUSES, VARIANCE_KINDS } from './claims';
import {
  decimalInput,
  enumField,
  isoDateTime,
  optionalMultilineText,
  optionalText,
  requiredText,
  uuid,
} from './fields';
import { indexValueInput, indexKey } from './offer-terms';

// ---- Delivery: the bunker delivery note ----------------------------------------------------------

/** At most this many seal numbers on one delivery note (MARPOL and other samples). */
export const MAX_SEALS = 20;
/** A BDN document: at most 10 MB, a PDF or an image. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const nullableDecimal = (label: string, scale: number, min: string, max: string) =>
  decimalInput({ label, scale, min, max })
    .nullish()
    .transform((v) => v ?? null);

export const deliveryLineInput = z.object({
  product_line_id: uuid('Fuel line'),
  quantity_mt: decimalInput({ label: 'Delivered quantity (MT)', scale: 3, min: '0', max: '1000000' }),
  /** May be absent: a missing density is a variance, not an error. */
  density_kg_m3: nullableDecimal('Density at 15 °C (kg/m³)', 1, '600', '1200'),
  sulphur_pct: nullableDecimal('Sulphur (% m/m)', 3, '0', '10'),
  viscosity_cst: nullableDecimal('Viscosity (cSt)', 2, '0', '10000'),
});

export const deliveryInput = z
  .object({
    bdn_number: requiredText('BDN number', 60),
    /** Any time not in the future; never checked against the delivery window or the send. */
    delivered_at: isoDateTime('Delivered at').refine(
      (v) => new Date(v).getTime() <= Date.now() + 60_000,
      'Delivered at must not be in the future',
    ),
    barge_name: optionalText('Barge name', 120),
    seals: z
      .array(requiredText('A seal number', 60), { error: 'Seals must be a list' })
      .max(MAX_SEALS, `At most ${MAX_SEALS} seal numbers`)
      .default([]),
    remarks: optionalMultilineText('Remarks', 2000),
    lines: z
      .array(deliveryLineInput, { error: 'Lines must be a list' })
      .min(1, 'Give the delivered quantity of each fuel line')
      .max(20, 'At most 20 lines'),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.lines.forEach((line, i) => {
      if (seen.has(line.product_line_id))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'product_line_id'],
          message: 'Each fuel line may be given once',
        });
      seen.add(line.product_line_id);
    });
  });
export type DeliveryInput = z.input<typeof deliveryInput>;

export const stemDocumentView = z.object({
  id: z.uuid(),
  filename: z.string(),
  content_type: z.enum(DOCUMENT_TYPES),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type StemDocumentView = z.infer<typeof stemDocumentView>;

export const deliveryView = z.object({
  bdn_number: z.string(),
  delivered_at: z.string(),
  barge_name: z.string().nullable(),
  seals: z.array(z.string()),
  remarks: z.string().nullable(),
  lines: z.array(
    z.object({
      product_line_id: z.uuid(),
      quantity_mt: z.string(),
      density_kg_m3: z.string().nullable(),
      sulphur_pct: z.string().nullable(),
      viscosity_cst: z.string().nullable(),
    }),
  ),
  recorded_at: z.string(),
});
export type DeliveryView = z.infer<typeof deliveryView>;

export const varianceView = z.object({
  kind: z.enum(VARIANCE_KINDS),
  product_line_id: z.uuid(),
  detail: z.string(),
  /** The claim this variance suggests. */
  suggested_claim: z.enum(CLAIM_KINDS),
});

// ---- Index values, invoice -------------------------------------------------------------------------

/** The final values of the stem's indexes, replaced as a whole; one per index. */
export const stemIndexValuesInput = z.object({
  values: z
    .array(indexValueInput, { error: 'Values must be a list' })
    .max(20, 'At most 20 index values')
    .refine(
      (values) => new Set(values.map((v) => indexKey(v.index_name))).size === values.length,
      'Each index may be given once',
    ),
});
export type StemIndexValuesInput = z.input<typeof stemIndexValuesInput>;

export const stemIndexValueView = z.object({ index_name: z.string(), value: z.string(), as_of: z.string() });

export const invoiceInput = z.object({
  number: requiredText('Invoice number', 60),
  date: z.iso.date({ error: 'Invoice date must be a date (YYYY-MM-DD)' }),
  amount_usd: decimalInput({ label: 'Amount (USD)', scale: 2, min: '0.01', max: '1000000000' }),
});
export type InvoiceInput = z.input<typeof invoiceInput>;

export const invoiceView = z.object({
  number: z.string(),
  date: z.string(),
  amount_usd: z.string(),
  /** Null while an index line waits for its final value. */
  expected_usd: z.string().nullable(),
  difference_usd: z.string().nullable(),
  /** Null: "waiting for the index". */
  flagged: z.boolean().nullable(),
  /** The indexes still without a final value. */
  waiting_for: z.array(z.string()),
  due_date: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

// ---- Claims ------------------------------------------------------------------------------------------

export const claimInput = z.object({
  kind: enumField('Kind', CLAIM_KINDS),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(4000, 'Description must be at most 4000 characters'),
  amount_usd: decimalInput({ label: 'Amount (USD)', scale: 2, min: '0', max: '1000000000' })
    .nullish()
    .transform((v) => v ?? null),
});
export type ClaimInput = z.input<typeof claimInput>;

export const claimUpdateInput = z.object({ status: enumField('Status', CLAIM_STATUSES) });

export const claimView = z.object({
  id: z.uuid(),
  stem_id: z.uuid(),
  kind: z.enum(CLAIM_KINDS),
  description: z.string(),
  amount_usd: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  /** When the claim is time-barred (delivered_at + the kind's days); shown in port time. */
  time_bar_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClaimView = z.infer<typeof claimView>;

/** What a stem's detail adds after its delivery. */
export const stemLifeView = z.object({
  delivery: deliveryView.nullable(),
  documents: z.array(stemDocumentView),
  variances: z.array(varianceView),
  index_values: z.array(stemIndexValueView),
  invoice: invoiceView.nullable(),
  claims: z.array(claimView),
});
export type StemLifeView = z.infer<typeof stemLifeView>;

// ---- The dashboard's stem lists -----------------------------------------------------------------------

const stemRef = z.object({
  stem_id: z.uuid(),
  reference: z.string(),
  vessel_name: z.string(),
  port_name: z.string().nullable(),
  port_timezone: z.string().nullable(),
});

export const stemDashboard = z.object({
  /** Sent or acknowledged stems without a delivery, the earliest window first. */
  awaiting_delivery: z.array(
    stemRef.extend({ supplier_name: z.string(), delivery_from: z.string().nullable() }),
  ),
  /** Invoices due within 7 days (or overdue) on stems not yet closed. */
  invoices_due: z.array(
    stemRef.extend({ invoice_number: z.string(), amount_usd: z.string(), due_date: z.string() }),
  ),
  /** Open claims whose time bar ends within 72 hours. */
  claims_expiring: z.array(
    stemRef.extend({ claim_id: z.uuid(), kind: z.enum(CLAIM_KINDS), time_bar_at: z.string() }),
  ),
});
export type StemDashboard = z.infer<typeof stemDashboard>;
/** The dashboard's and digest's windows. */
export const INVOICE_DUE_WITHIN_DAYS = 7;
export const CLAIM_BAR_WITHIN_HOURS = 72;
