import { z } from 'zod';
import { canonicalDecimal, decimalInput, enumField, optionalText, requiredText } from './fields';
import { quantityMt } from './quantity';

// ---- Itemised charges ------------------------------------------------------------------------

/** What a charge beside the fuel price is for. */
export const CHARGE_KINDS = [
  'barging',
  'wharfage',
  'port_dues',
  'overtime',
  'demurrage',
  'surveyor',
  'tax',
  'other',
] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/**
 * How a charge is counted: a sum for the stem, USD per tonne of its lines, the barging tariff (a sum
 * up to a quantity, then per tonne above it), a percentage of its lines' fuel cost, or USD an hour
 * (contingent: shown, never added to a total).
 */
export const CHARGE_BASES = ['lump_sum', 'per_mt', 'lump_sum_up_to', 'percent', 'per_hour'] as const;
export type ChargeBasis = (typeof CHARGE_BASES)[number];

/** An offer carries at most this many charges. */
export const MAX_CHARGES = 20;

export const CHARGE_KIND_LABELS: Record<ChargeKind, string> = {
  barging: 'Barging',
  wharfage: 'Wharfage',
  port_dues: 'Port dues',
  overtime: 'Overtime',
  demurrage: 'Demurrage',
  surveyor: 'Surveyor',
  tax: 'Tax',
  other: 'Other',
};

export const CHARGE_BASIS_LABELS: Record<ChargeBasis, string> = {
  lump_sum: 'Lump sum',
  per_mt: 'Per MT',
  lump_sum_up_to: 'Lump sum up to a quantity, then per MT',
  percent: 'Per cent of fuel cost',
  per_hour: 'Per hour (not in the total)',
};

const usdAmount = (label: string) => decimalInput({ label, scale: 2, min: '0', max: '100000000' });

const chargeFields = z.object({
  kind: enumField('Charge kind', CHARGE_KINDS),
  basis: enumField('Charge basis', CHARGE_BASES),
  amount: usdAmount('Amount'),
  threshold_mt: quantityMt('Threshold (MT)')
    .nullish()
    .transform((v) => v ?? null),
  amount_above: usdAmount('Amount above the threshold (USD/MT)')
    .nullish()
    .transform((v) => v ?? null),
  /** The fuel lines it applies to; absent means every line. */
  product_line_ids: z
    .array(z.uuid('Fuel line must be a valid id'), { error: 'Fuel lines must be a list' })
    .min(1, 'Choose at least one fuel line, or leave it out for every line')
    .max(20, 'At most 20 fuel lines')
    .refine((ids) => new Set(ids).size === ids.length, 'Each fuel line may be named once')
    .nullish()
    .transform((v) => v ?? null),
  note: optionalText('Note', 200),
});

/**
 * One charge as a supplier sends it. The tariff's threshold and the amount above it belong to
 * `lump_sum_up_to` alone; a percentage lies between 0 and 100.
 */
export const chargeInput = chargeFields.superRefine((charge, ctx) => {
  const tariff = charge.basis === 'lump_sum_up_to';
  const fields = [
    ['threshold_mt', 'Threshold (MT)'],
    ['amount_above', 'Amount above the threshold'],
  ] as const;
  for (const [field, label] of fields) {
    if (tariff && charge[field] === null)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${label} is required for a lump sum up to a quantity`,
      });
    if (!tariff && charge[field] !== null)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${label} applies only to a lump sum up to a quantity`,
      });
  }
  if (charge.basis === 'percent' && Number(charge.amount) > 100)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A percentage must be between 0 and 100' });
});
export type ChargeInput = z.output<typeof chargeInput>;

/** A charge as offer views answer it: as sent, with its amount in USD (null while it cannot be known). */
export const chargeView = chargeFields.extend({
  amount: z.string(),
  threshold_mt: z.string().nullable(),
  amount_above: z.string().nullable(),
  product_line_ids: z.array(z.uuid()).nullable(),
  note: z.string().nullable(),
  /** USD for the stem, rounded half up to cents; null for a contingent charge or an unknown fuel cost. */
  amount_usd: z.string().nullable(),
  /** Charged by the hour: shown, never added to a total. */
  contingent: z.boolean(),
});
export type ChargeView = z.infer<typeof chargeView>;

/**
 * How a charge reads, in words: "USD 1,500.00 up to 500 MT, then USD 3.00/MT", "5% of the fuel
 * cost". Amounts go through the caller's own formatter (the screens' and the mails' differ in no
 * figure, only in where they live).
 */
export function chargeTerms(
  charge: Pick<ChargeInput, 'basis' | 'amount' | 'threshold_mt' | 'amount_above'>,
  usd: (amount: string) => string,
): string {
  switch (charge.basis) {
    case 'lump_sum':
      return usd(charge.amount);
    case 'per_mt':
      return `${usd(charge.amount)}/MT`;
    case 'lump_sum_up_to':
      return `${usd(charge.amount)} up to ${charge.threshold_mt ?? '?'} MT, then ${usd(charge.amount_above ?? '0')}/MT`;
    case 'percent':
      return `${canonicalDecimal(charge.amount) ?? charge.amount}% of the fuel cost`;
    case 'per_hour':
      return `${usd(charge.amount)}/hour`;
  }
}

// ---- Fixed or index-linked prices --------------------------------------------------------------

/** A line is priced at a fixed USD/MT, or as a published benchmark plus a differential. */
export const PRICINGS = ['fixed', 'index'] as const;
export type Pricing = (typeof PRICINGS)[number];

export const indexName = (label = 'Index name') => requiredText(label, 120);
/** USD/MT added to the benchmark; may be negative. */
export const differential = (label = 'Differential (USD/MT)') =>
  decimalInput({ label, scale: 2, min: '-100000', max: '100000' });

/** An index name as the inquiry's values are matched to it: trimmed, case-insensitive. */
export const indexKey = (name: string) => name.trim().toLowerCase();

/** "Platts Singapore Marine Fuel 0.5% + 5.00", "MOPS − 2.50": how an index line is priced, in words. */
export function indexFormula(name: string, diff: string): string {
  const negative = diff.trim().startsWith('-');
  return `${name} ${negative ? '−' : '+'} ${negative ? diff.trim().slice(1) : diff.trim()}`;
}

/** A benchmark value the trader compares index-linked offers with. */
export const indexValueInput = z.object({
  index_name: indexName(),
  value: decimalInput({ label: 'Index value (USD/MT)', scale: 2, min: '0.01', max: '1000000' }),
  /** The date the value was published for. */
  as_of: z.iso.date({ error: 'As of must be a date (YYYY-MM-DD)' }),
});

/** The inquiry's benchmark values, replaced as a whole; one value per index. */
export const indexValuesInput = z.object({
  values: z
    .array(indexValueInput, { error: 'Values must be a list' })
    .max(50, 'At most 50 index values')
    .refine(
      (values) => new Set(values.map((v) => indexKey(v.index_name))).size === values.length,
      'Each index may be given once',
    ),
});
export type IndexValuesInput = z.input<typeof indexValuesInput>;

export const indexValueView = z.object({
  index_name: z.string(),
  value: z.string(),
  as_of: z.string(),
  updated_at: z.string(),
});
export type IndexValueView = z.infer<typeof indexValueView>;

export const indexValuesResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  values: z.array(indexValueView),
});

// ---- Structured payment terms ------------------------------------------------------------------

export const PAYMENT_METHODS = ['credit', 'prepayment', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What a credit period runs from. */
export const PAYMENT_BASES = ['delivery', 'invoice'] as const;
export type PaymentBasis = (typeof PAYMENT_BASES)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit: 'Credit',
  prepayment: 'Prepayment',
  cash_on_delivery: 'Cash on delivery',
};

/** Days and their basis belong to credit alone (and credit needs both). */
export const paymentInput = z
  .object({
    method: enumField('Payment method', PAYMENT_METHODS),
    days: decimalInput({ label: 'Credit days', scale: 0, min: 0, max: 365 })
      .transform(Number)
      .nullish()
      .transform((v) => v ?? null),
    basis: enumField('Credit from', PAYMENT_BASES)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((payment, ctx) => {
    const credit = payment.method === 'credit';
    const fields = [
      ['days', 'Credit days'],
      ['basis', 'Credit from'],
    ] as const;
    for (const [field, label] of fields) {
      if (credit && payment[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required for credit` });
      if (!credit && payment[field] !== null)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} applies only to credit` });
    }
  });
export type PaymentInput = z.output<typeof paymentInput>;

export const paymentView = z.object({
  method: z.enum(PAYMENT_METHODS),
  days: z.number().int().nullable(),
  basis: z.enum(PAYMENT_BASES).nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** "30 days from delivery", "Prepayment", "Cash on delivery". */
export function paymentText(payment: PaymentView): string {
  if (payment.method !== 'credit') return PAYMENT_METHOD_LABELS[payment.method];
  const days = payment.days ?? 0;
  return `${days} ${days === 1 ? 'day' : 'days'} from ${payment.basis ?? 'delivery'}`;
}
