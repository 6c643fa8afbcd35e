import {
  offerSubmit,
  type ChargeBasis,
  type ChargeKind,
  type DeliveryMethod,
  type OfferSubmit,
  type PaymentBasis,
  type PaymentMethod,
  type Pricing,
  type PublicOfferPage,
} from '@mfd/contracts';
import { isoToPortInput } from './port-time';
import { portInputToOffsetIso } from './port-clock';

/** A requested fuel line, as both the public page and the trader's inquiry carry it. */
export interface RequestedLine {
  id: string;
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

/** An offer already made, to start a revision from (the supplier's page carries it so). */
export type ExistingOffer = Omit<
  NonNullable<PublicOfferPage['offer']>,
  'submitted_at' | 'revision' | 'status'
>;

export type OfferLineValues = {
  product_line_id: string;
  pricing: Pricing;
  price_per_mt: string;
  index_name: string;
  differential: string;
  min_deliverable: string;
  max_deliverable: string;
  delivery_method: DeliveryMethod;
};

export type ChargeValues = {
  kind: ChargeKind;
  basis: ChargeBasis;
  amount: string;
  threshold_mt: string;
  amount_above: string;
  /** None chosen: every line. */
  product_line_ids: string[];
  note: string;
};

/** No method chosen: no structured terms. */
export type PaymentValues = { method: PaymentMethod | ''; days: string; basis: PaymentBasis };

/** The offer form: one entry per requested line (in the inquiry's order), times as port wall-clock. */
export type OfferFormValues = {
  lines: OfferLineValues[];
  charges: ChargeValues[];
  payment: PaymentValues;
  payment_terms: string;
  /** datetime-local text in the port's zone. */
  valid_until: string;
  remarks: string;
};

/** A new charge row: barging as a lump sum for every line, the most common. */
export const newCharge = (): ChargeValues => ({
  kind: 'barging',
  basis: 'lump_sum',
  amount: '',
  threshold_mt: '',
  amount_above: '',
  product_line_ids: [],
  note: '',
});

/**
 * The form's start: a revision starts from the offer made; a first offer from the quantities asked
 * for (most suppliers deliver what was asked; they change only what differs).
 */
export function offerFormValues(
  requested: RequestedLine[],
  zone: string,
  existing?: ExistingOffer | null,
): OfferFormValues {
  const made = new Map((existing?.lines ?? []).map((l) => [l.product_line_id, l]));
  return {
    lines: requested.map((line) => {
      const offered = made.get(line.id);
      return {
        product_line_id: line.id,
        pricing: offered?.pricing ?? 'fixed',
        price_per_mt: offered?.price_per_mt ?? '',
        index_name: offered?.index_name ?? '',
        differential: offered?.differential ?? '',
        min_deliverable: offered?.min_deliverable ?? (existing ? '' : line.quantity_mt_min),
        max_deliverable: offered?.max_deliverable ?? (existing ? '' : line.quantity_mt_max),
        delivery_method: offered?.delivery_method ?? 'barge',
      };
    }),
    charges: (existing?.charges ?? []).map((c) => ({
      kind: c.kind,
      basis: c.basis,
      amount: c.amount,
      threshold_mt: c.threshold_mt ?? '',
      amount_above: c.amount_above ?? '',
      product_line_ids: c.product_line_ids ?? [],
      note: c.note ?? '',
    })),
    payment: {
      method: existing?.payment?.method ?? '',
      days: existing?.payment?.days === null || !existing?.payment ? '' : String(existing.payment.days),
      basis: existing?.payment?.basis ?? 'delivery',
    },
    payment_terms: existing?.payment_terms ?? '',
    valid_until: isoToPortInput(existing?.valid_until, zone),
    remarks: existing?.remarks ?? '',
  };
}

export interface OfferRequest {
  body: OfferSubmit;
  /** For each line sent, its index in the form (a line without a price is not offered, so not sent). */
  sentLines: number[];
}

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/** A line is offered once its price (or, index-linked, its index or differential) is typed. */
const isOffered = (line: OfferLineValues) =>
  line.pricing === 'fixed'
    ? !!line.price_per_mt.trim()
    : !!(line.index_name.trim() || line.differential.trim());

function lineBody(line: OfferLineValues): OfferSubmit['lines'][number] {
  const index = line.pricing === 'index';
  return {
    product_line_id: line.product_line_id,
    pricing: line.pricing,
    price_per_mt: index ? null : line.price_per_mt.trim(),
    index_name: index ? line.index_name.trim() : null,
    differential: index ? line.differential.trim() : null,
    min_deliverable: line.min_deliverable.trim(),
    max_deliverable: line.max_deliverable.trim(),
    delivery_method: line.delivery_method,
  };
}

/** A charge as sent: the tariff's fields only for the tariff, no lines chosen meaning every line. */
function chargeBody(charge: ChargeValues): NonNullable<OfferSubmit['charges']>[number] {
  const tariff = charge.basis === 'lump_sum_up_to';
  return {
    kind: charge.kind,
    basis: charge.basis,
    amount: charge.amount.trim(),
    threshold_mt: tariff ? blankToNull(charge.threshold_mt) : null,
    amount_above: tariff ? blankToNull(charge.amount_above) : null,
    product_line_ids: charge.product_line_ids.length ? charge.product_line_ids : null,
    note: blankToNull(charge.note),
  };
}

/** The request body: only offered lines, charges itemised, blanks as null, validity with the port's offset. */
export function toOfferRequest(values: OfferFormValues, zone: string): OfferRequest {
  const sentLines: number[] = [];
  const lines = values.lines.flatMap((line, index) => {
    if (!isOffered(line)) return [];
    sentLines.push(index);
    return [lineBody(line)];
  });
  const { method, days, basis } = values.payment;
  return {
    body: {
      lines,
      charges: values.charges.map(chargeBody),
      payment: method ? { method, ...(method === 'credit' ? { days: days.trim(), basis } : {}) } : null,
      payment_terms: blankToNull(values.payment_terms),
      valid_until: portInputToOffsetIso(values.valid_until, zone) ?? '',
      remarks: blankToNull(values.remarks),
    },
    sentLines,
  };
}

/**
 * A field the server (or the schema) names, as the form's path: "lines.0.x" is the first line SENT;
 * a charge's "product_line_ids.1" is its line picker.
 */
export function offerFormField(field: string, sentLines: number[]): string {
  const line = /^lines\.(\d+)\.(.+)$/.exec(field);
  if (line) {
    const formIndex = sentLines[Number(line[1])];
    return formIndex === undefined ? 'lines' : `lines.${formIndex}.${line[2]}`;
  }
  return field.replace(/^(charges\.\d+\.product_line_ids)\.\d+$/, '$1');
}

/** Field errors keyed by form path; where the validity was left blank, say so plainly. */
export function offerFormErrors(
  issues: Array<{ field: string; message: string }>,
  values: OfferFormValues,
  sentLines: number[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = offerFormField(issue.field, sentLines);
    errors[path] ??= issue.message;
  }
  if (!values.valid_until.trim()) errors.valid_until = 'Valid until is required';
  return errors;
}

/** The form's own check, with the same schema the server applies: errors keyed by form path. */
export function validateOfferValues(values: OfferFormValues, zone: string): Record<string, string> {
  const { body, sentLines } = toOfferRequest(values, zone);
  const result = offerSubmit.safeParse(body);
  const issues = result.success
    ? []
    : result.error.issues.map((i) => ({
        field: i.path.map(String).join('.') || 'lines',
        message: i.message,
      }));
  return offerFormErrors(issues, values, sentLines);
}

/** How a line is named in labels: its fuel, with the line number only where two share a fuel. */
export function lineNames(requested: RequestedLine[]): string[] {
  const counts = new Map<string, number>();
  for (const line of requested) counts.set(line.product_name, (counts.get(line.product_name) ?? 0) + 1);
  return requested.map((line, index) =>
    (counts.get(line.product_name) ?? 0) > 1 ? `${line.product_name} (line ${index + 1})` : line.product_name,
  );
}

/** How each delivery method reads on screen. */
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  barge: 'Barge',
  truck: 'Truck',
  pipeline: 'Pipeline',
  'ex-wharf': 'Ex-wharf',
};
