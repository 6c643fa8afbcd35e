import { z } from 'zod';
import { DEFAULT_ISO_SPEC, INQUIRY_STATUSES, ISO_SPECS } from './constants';
import {
  enumField,
  isoDateTime,
  optionalEmail,
  optionalMultilineText,
  optionalText,
  requiredText,
} from './fields';
import { isValidImo, normalizeImo } from './imo';
import { quantityMt } from './quantity';
import { rfqChange } from './rfq-facts';

/** An id the user picks from a list (customer, port): missing and malformed read differently. */
function pickedId(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(z.uuid(`${label} must be chosen from the list`));
}

const optionalImo = z
  .union([z.string(), z.number()], { error: 'IMO must be 7 digits' })
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : normalizeImo(String(v))))
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isValidImo(v), 'IMO must be 7 digits with a valid check digit');

const optionalDateTime = (label: string) =>
  isoDateTime(label)
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? new Date(v).toISOString() : null));

/** Both bounds are exact decimal text of at most one decimal, so comparing them as numbers is exact. */
const minNotAboveMax = (l: { quantity_mt_min: string; quantity_mt_max: string }) =>
  Number(l.quantity_mt_min) <= Number(l.quantity_mt_max);
const MIN_ABOVE_MAX = {
  path: ['quantity_mt_max'],
  message: 'Max quantity must be at least the min quantity',
};

/** A fuel line as the trader enters it: a fuel type from the products list, its ISO 8217 edition, and min-max tonnes. */
export const productLineInput = z
  .object({
    product_id: z
      .uuid('Fuel type must be chosen from the list')
      .nullish()
      .transform((v) => v ?? null),
    product_name: requiredText('Fuel type', 50),
    iso_spec: enumField('ISO specification', ISO_SPECS).default(DEFAULT_ISO_SPEC),
    quantity_mt_min: quantityMt('Min quantity'),
    quantity_mt_max: quantityMt('Max quantity'),
  })
  .refine(minNotAboveMax, MIN_ABOVE_MAX);
export type ProductLineInput = z.input<typeof productLineInput>;

/** Spec §7 "PUT /api/inquiries/{id}/products/{productId}": the ISO edition stays unless given. */
export const productLineUpdate = z
  .object({
    product_name: requiredText('Fuel type', 50),
    iso_spec: enumField('ISO specification', ISO_SPECS).optional(),
    quantity_mt_min: quantityMt('Min quantity'),
    quantity_mt_max: quantityMt('Max quantity'),
  })
  .refine(minNotAboveMax, MIN_ABOVE_MAX);
export type ProductLineUpdate = z.input<typeof productLineUpdate>;

export const MAX_LINES = 20;

const inquiryFields = {
  customer_company_id: pickedId('Customer'),
  port_id: pickedId('Port'),
  vessel_name: requiredText('Vessel name', 200),
  imo: optionalImo,
  agent_name: optionalText('Agent name', 200),
  agent_email: optionalEmail('Agent email'),
  eta: optionalDateTime('ETA'),
  etb: optionalDateTime('ETB'),
  etd: optionalDateTime('ETD'),
  /** The trader's internal note ("Additional Notes"): never sent to suppliers. */
  commentary: optionalText('Additional notes', 4000),
};

/** What suppliers are told besides the port call and fuel (invitation, offer page, amendments). */
const supplierNotes = optionalMultilineText('Notes for suppliers', 4000);

type Schedule = { eta: string | null; etb: string | null; etd: string | null };

/** A vessel arrives, berths, then departs: ETA <= ETB <= ETD wherever two are given. */
function checkSchedule(v: Schedule, ctx: z.RefinementCtx) {
  const order: [keyof Schedule, keyof Schedule, string][] = [
    ['eta', 'etb', 'ETB must not be before ETA'],
    ['etb', 'etd', 'ETD must not be before ETB'],
    ['eta', 'etd', 'ETD must not be before ETA'],
  ];
  const named = new Set<string>();
  for (const [earlier, later, message] of order) {
    const a = v[earlier];
    const b = v[later];
    // One message per field: the nearest step that is out of order.
    if (a && b && Date.parse(b) < Date.parse(a) && !named.has(later)) {
      named.add(later);
      ctx.addIssue({ code: 'custom', path: [later], message });
    }
  }
}

/**
 * Spec §7 "POST /api/inquiries". The company and user come from the token: a client's
 * trading_company_id / created_by are dropped like any unknown field. Fuel lines may come
 * with the inquiry (one transaction) or one by one afterwards.
 */
export const inquiryCreate = z
  .object({
    ...inquiryFields,
    supplier_notes: supplierNotes,
    products: z.array(productLineInput).max(MAX_LINES, `At most ${MAX_LINES} fuel lines`).default([]),
  })
  .superRefine(checkSchedule);
export type InquiryCreate = z.input<typeof inquiryCreate>;

/**
 * Spec §7 "PUT /api/inquiries/{id}": a full replacement of the inquiry's own fields (lines have
 * their routes). The spec's clients know nothing of supplier_notes, so a PUT without it keeps them.
 */
export const inquiryUpdate = z
  .object({
    ...inquiryFields,
    supplier_notes: supplierNotes.optional(),
  })
  .superRefine(checkSchedule);
export type InquiryUpdate = z.input<typeof inquiryUpdate>;

export const inquiryCancel = z.object({ reason: optionalText('Reason', 500) });

/** "Send amendment": an optional word to the suppliers, and a new reply-by (absent: each keeps theirs). */
export const amendmentSend = z.object({
  message: optionalMultilineText('Message', 2000),
  reply_by: isoDateTime('Reply by')
    .nullish()
    .transform((v) => (v ? new Date(v).toISOString() : null)),
});
export type AmendmentSend = z.input<typeof amendmentSend>;

export const amendmentSendResponse = z.object({
  success: z.literal(true),
  amended_count: z.number().int().min(0),
  detail: z.string(),
});
export type AmendmentSendResponse = z.infer<typeof amendmentSendResponse>;

export const inquiryListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: enumField('Status', INQUIRY_STATUSES).optional(),
  /** `me`: only the caller's own inquiries (the web app's "My inquiries"); every one of the company without it. */
  owner: enumField('Owner', ['me']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const productLineParams = z.object({
  id: z.uuid('Id must be a valid id'),
  productId: z.uuid('Id must be a valid id'),
});

export const inquiryProductLine = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable(),
  product_name: z.string(),
  quantity_mt_min: z.string(),
  quantity_mt_max: z.string(),
  iso_spec: z.string(),
});
export type InquiryProductLine = z.infer<typeof inquiryProductLine>;

export const inquiryOwner = z.object({ id: z.uuid(), name: z.string() });
export type InquiryOwner = z.infer<typeof inquiryOwner>;

/** `PUT /api/inquiries/{id}/owner`: hands the inquiry to another member of the company. */
export const inquiryOwnerChange = z.object({ user_id: z.uuid('User must be a member of your company') });

export const inquirySummary = z.object({
  id: z.uuid(),
  vessel_name: z.string(),
  imo: z.string().nullable(),
  customer_name: z.string().nullable(),
  port_name: z.string().nullable(),
  /** The port's IANA zone, so lists can show times as the port reads them; null without a port. */
  port_timezone: z.string().nullable(),
  eta: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  products: z.array(inquiryProductLine),
  products_count: z.number().int(),
  /** The member the inquiry is with: its alerts go to them and its supplier mails carry their signature. */
  owner: inquiryOwner,
  created_at: z.string(),
});
export type InquirySummary = z.infer<typeof inquirySummary>;

/**
 * What an amendment would tell the suppliers: the inquiry's fields that changed (API names), how
 * many fuel lines were added, changed or removed, how many addresses it goes to, and each change as
 * the mail lists it.
 */
export const pendingChanges = z.object({
  fields: z.array(z.string()),
  lines_changed: z.number().int().min(0),
  recipients: z.number().int().min(0),
  changes: z.array(rfqChange),
});
export type PendingChanges = z.infer<typeof pendingChanges>;

/**
 * What an award saved (issue 26 §3): the comparable offers' mean and highest landed cost minus the
 * award's, USD to the cent (the award's own offer among them; negative: it cost more).
 */
export const inquirySavings = z.object({ vs_average_usd: z.string(), vs_highest_usd: z.string() });
export type InquirySavings = z.infer<typeof inquirySavings>;

export const inquiryDetail = inquirySummary.extend({
  trading_company_id: z.uuid(),
  customer_company_id: z.uuid().nullable(),
  created_by: z.uuid(),
  port_id: z.uuid().nullable(),
  agent_name: z.string().nullable(),
  agent_email: z.string().nullable(),
  etb: z.string().nullable(),
  etd: z.string().nullable(),
  commentary: z.string().nullable(),
  supplier_notes: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  updated_at: z.string(),
  port_details: z
    .object({
      name: z.string(),
      unlocode: z.string(),
      country: z.string(),
      timezone: z.string(),
      region: z.string().nullable(),
    })
    .nullable(),
  customer_details: z
    .object({ legal_entity_name: z.string(), general_email: z.string().nullable() })
    .nullable(),
  /** Edits of a sent inquiry its suppliers have not been told of yet (null: they have the latest). */
  pending_changes: pendingChanges.nullable(),
  /**
   * An awarded inquiry's saving, a split award's by the split's landed cost; null before the award,
   * with no comparable offer, a line not placed or a cost unknown (an index without a value).
   */
  savings: inquirySavings.nullable(),
});
export type InquiryDetail = z.infer<typeof inquiryDetail>;

/** The most addresses one answer lists (X-Total-Count gives how many the inquiry went to). */
export const MAX_RECIPIENTS_LISTED = 500;

/** An address the inquiry went to: its amendments and its cancel notice reach each of them. */
export const inquiryRecipient = z.object({
  supplier_name: z.string(),
  contact_name: z.string().nullable(),
  email: z.string(),
});
export type InquiryRecipient = z.infer<typeof inquiryRecipient>;
