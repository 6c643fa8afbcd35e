import { z } from 'zod';
import { decimalInput, enumField, isoDateTime, optionalMultilineText, optionalText } from './fields';
import {
  chargeInput,
  differential,
  indexName,
  MAX_CHARGES,
  paymentInput,
  PRICINGS,
  type ChargeInput,
} from './offer-terms';
import { DELIVERY_METHODS } from './offers';
import { quantityMt } from './quantity';

/** USD per tonne: above zero, at most 2 decimals, exact text. */
export const priceUsd = (label: string) => decimalInput({ label, scale: 2, min: '0.01', max: '1000000' });
/** A lump sum in USD for the whole stem (the form before itemised charges): zero or more, 2 decimals. */
const lumpSumUsd = (label: string) => decimalInput({ label, scale: 2, min: '0', max: '100000000' }).nullish();

const nullable = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v): z.output<T> | null => v ?? null);

/**
 * A priced fuel line: at a fixed price, or index-linked (a benchmark's name and a differential
 * instead of the price). Each kind refuses the other's fields, so nothing sent is silently dropped.
 */
export const offerLineInput = z
  .object({
    product_line_id: z.uuid('Fuel line must be a valid id'),
    pricing: enumField('Pricing', PRICINGS)
      .nullish()
      .transform((v) => v ?? 'fixed'),
    price_per_mt: nullable(priceUsd('Price per MT')),
    index_name: nullable(indexName()),
    differential: nullable(differential()),
    min_deliverable: quantityMt('Min deliverable'),
    max_deliverable: quantityMt('Max deliverable'),
    delivery_method: enumField('Delivery method', DELIVERY_METHODS),
  })
  .superRefine((line, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (Number(line.min_deliverable) > Number(line.max_deliverable))
      issue('max_deliverable', 'Max deliverable must be at least the min deliverable');
    if (line.pricing === 'fixed') {
      if (line.price_per_mt === null) issue('price_per_mt', 'Price per MT is required');
      if (line.index_name !== null) issue('index_name', 'Index name applies only to an index-linked line');
      if (line.differential !== null)
        issue('differential', 'Differential applies only to an index-linked line');
    } else {
      if (line.index_name === null) issue('index_name', 'Index name is required for an index-linked line');
      if (line.differential === null)
        issue('differential', 'Differential is required for an index-linked line');
      if (line.price_per_mt !== null)
        issue('price_per_mt', 'An index-linked line has no fixed price: give the differential');
    }
  });
export type OfferLineInput = z.output<typeof offerLineInput>;

const offerFields = z.object({
  lines: z
    .array(offerLineInput, { error: 'Lines must be a list' })
    .min(1, 'Price at least one fuel line')
    .max(20, 'At most 20 lines')
    .refine((lines) => new Set(lines.map((l) => l.product_line_id)).size === lines.length, {
      message: 'Each fuel line may be priced once',
    }),
  charges: z
    .array(chargeInput, { error: 'Charges must be a list' })
    .max(MAX_CHARGES, `At most ${MAX_CHARGES} charges`)
    .nullish(),
  /** Before itemised charges: a lump-sum barging and other charge; still taken, never with `charges`. */
  barging_charges: lumpSumUsd('Barging charges'),
  other_charges: lumpSumUsd('Other charges'),
  /** Free text for what the structured terms do not say. */
  payment_terms: optionalText('Payment terms', 200),
  payment: nullable(paymentInput),
  valid_until: isoDateTime('Valid until').transform((v) => new Date(v).toISOString()),
  remarks: optionalMultilineText('Remarks', 2000),
});

type ChargeForms = {
  lines: { product_line_id: string }[];
  charges?: ChargeInput[] | null;
  barging_charges?: string | null;
  other_charges?: string | null;
};

/** The two forms of charges are one or the other; an itemised charge names only lines the offer prices. */
function checkCharges(offer: ChargeForms, ctx: z.RefinementCtx): void {
  const lumpSums = offer.barging_charges != null || offer.other_charges != null;
  if (offer.charges != null && lumpSums)
    ctx.addIssue({
      code: 'custom',
      path: ['charges'],
      message: 'Send either itemised charges or barging and other charges, not both',
    });
  const priced = new Set(offer.lines.map((l) => l.product_line_id));
  offer.charges?.forEach((charge, i) =>
    charge.product_line_ids?.forEach((id, j) => {
      if (!priced.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['charges', i, 'product_line_ids', j],
          message: 'This charge names a fuel line the offer does not price',
        });
    }),
  );
}

const lumpSumCharge = (kind: 'barging' | 'other', amount: string | null | undefined): ChargeInput[] =>
  amount != null && amount !== '0'
    ? [
        {
          kind,
          basis: 'lump_sum',
          amount,
          threshold_mt: null,
          amount_above: null,
          product_line_ids: null,
          note: null,
        },
      ]
    : [];

/** Lump sums sent the old way become a lump-sum barging and other charge: one list onwards. */
function itemised<T extends ChargeForms>({ charges, barging_charges, other_charges, ...offer }: T) {
  return {
    ...offer,
    charges: charges ?? [
      ...lumpSumCharge('barging', barging_charges),
      ...lumpSumCharge('other', other_charges),
    ],
  };
}

/** What a supplier submits by its link, and what a trader records for an offer by phone or mail. */
export const offerSubmit = offerFields.superRefine(checkCharges).transform(itemised);
export type OfferSubmit = z.input<typeof offerSubmit>;
export type OfferSubmission = z.output<typeof offerSubmit>;

/** A trader records an offer received by phone or mail for a supplier of the directory. */
export const manualOfferInput = offerFields
  .extend({ supplier_id: z.uuid('Supplier must be a valid id') })
  .superRefine(checkCharges)
  .transform(itemised);
export type ManualOfferInput = z.input<typeof manualOfferInput>;
