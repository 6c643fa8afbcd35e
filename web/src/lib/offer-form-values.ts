import { offerSubmit, type DeliveryMethod, type OfferSubmit } from '@mfd/contracts';
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

/** An offer already made, to start a revision from. */
export interface ExistingOffer {
  lines: Array<{
    product_line_id: string;
    price_per_mt: string;
    min_deliverable: string;
    max_deliverable: string;
    delivery_method: DeliveryMethod;
  }>;
  barging_charges: string;
  other_charges: string;
  payment_terms: string | null;
  valid_until: string | null;
  remarks: string | null;
}

export type OfferLineValues = {
  product_line_id: string;
  price_per_mt: string;
  min_deliverable: string;
  max_deliverable: string;
  delivery_method: DeliveryMethod;
};

/** The offer form: one entry per requested line (in the inquiry's order), times as port wall-clock. */
export type OfferFormValues = {
  lines: OfferLineValues[];
  barging_charges: string;
  other_charges: string;
  payment_terms: string;
  /** datetime-local text in the port's zone. */
  valid_until: string;
  remarks: string;
};

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
        price_per_mt: offered?.price_per_mt ?? '',
        min_deliverable: offered?.min_deliverable ?? (existing ? '' : line.quantity_mt_min),
        max_deliverable: offered?.max_deliverable ?? (existing ? '' : line.quantity_mt_max),
        delivery_method: offered?.delivery_method ?? 'barge',
      };
    }),
    barging_charges: existing?.barging_charges ?? '',
    other_charges: existing?.other_charges ?? '',
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

/** The request body: only priced lines, blanks as null, validity as ISO with the port's offset. */
export function toOfferRequest(values: OfferFormValues, zone: string): OfferRequest {
  const sentLines: number[] = [];
  const lines = values.lines.flatMap((line, index) => {
    if (!line.price_per_mt.trim()) return [];
    sentLines.push(index);
    return [
      {
        product_line_id: line.product_line_id,
        price_per_mt: line.price_per_mt.trim(),
        min_deliverable: line.min_deliverable.trim(),
        max_deliverable: line.max_deliverable.trim(),
        delivery_method: line.delivery_method,
      },
    ];
  });
  const blankToNull = (v: string) => (v.trim() ? v.trim() : null);
  return {
    body: {
      lines,
      barging_charges: blankToNull(values.barging_charges),
      other_charges: blankToNull(values.other_charges),
      payment_terms: blankToNull(values.payment_terms),
      valid_until: portInputToOffsetIso(values.valid_until, zone) ?? '',
      remarks: blankToNull(values.remarks),
    },
    sentLines,
  };
}

/** A field the server (or the schema) names, as the form's path: "lines.0.x" is the first line SENT. */
export function offerFormField(field: string, sentLines: number[]): string {
  const match = /^lines\.(\d+)\.(.+)$/.exec(field);
  if (!match) return field;
  const formIndex = sentLines[Number(match[1])];
  return formIndex === undefined ? 'lines' : `lines.${formIndex}.${match[2]}`;
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
