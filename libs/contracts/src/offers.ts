import { z } from 'zod';
import { errorResponse } from './common';
import { MAIL_STATUSES, OFFER_STATUSES } from './constants';
import { isoDateTime, optionalMultilineText } from './fields';
import {
  DECLINE_REASONS,
  publicDecline,
  REMIND_BEFORE_MINUTES,
  REMINDER_STATES,
  sealedOfferView,
} from './deadlines';
import { chargeView, paymentView, PRICINGS } from './offer-terms';
import { rfqMailFacts } from './rfq-facts';
import { publicRound } from './rounds';
import { emailDeliverability } from './suppliers';

/** How a supplier delivers a fuel line. */
export const DELIVERY_METHODS = ['barge', 'truck', 'pipeline', 'ex-wharf'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * Why a supplier's personal link is or is not open, as the public offer page says it; superseded: a
 * newer link went to the same address (a resend or an amendment), and only that one works;
 * not_shortlisted: a negotiation round is under way and this supplier was not asked to improve.
 */
export const OFFER_LINK_STATES = [
  'open',
  'expired',
  'awarded',
  'not_awarded',
  'cancelled',
  'superseded',
  'not_shortlisted',
] as const;
export type OfferLinkState = (typeof OFFER_LINK_STATES)[number];

/** An offer binds its supplier at most this far ahead: a longer validity is no firm offer (400). */
export const MAX_OFFER_VALIDITY_DAYS = 90;

/** At most this many recipients in one distribution. */
export const MAX_RECIPIENTS = 200;
/** A reply-by the trader does not give is this far ahead (never after the ETA). */
export const DEFAULT_REPLY_HOURS = 24;

// ---- Suggested suppliers and distribution -------------------------------------------------

export const suggestedSuppliersQuery = z.object({
  all: z
    .enum(['0', '1', 'true', 'false'], { error: 'All must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const recipientDelivery = z.object({
  recipient_id: z.uuid(),
  contact_id: z.uuid().nullable(),
  email: z.string(),
  /** Last time a mail of this inquiry was queued for this recipient. */
  sent_at: z.string(),
  send_count: z.number().int(),
  mail_status: z.enum(MAIL_STATUSES),
  mail_attempts: z.number().int(),
  mail_error: z.string().nullable(),
  reply_by: z.string(),
  has_offer: z.boolean(),
  /** The supplier declined to quote through this address's link, and why. */
  declined_at: z.string().nullable(),
  decline_reason: z.enum(DECLINE_REASONS).nullable(),
  decline_remarks: z.string().nullable(),
  /** The one reminder before the reply-by, when asked for: due (null state) or how it went. */
  reminder: z
    .object({
      due_at: z.string(),
      state: z.enum(REMINDER_STATES).nullable(),
      at: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type RecipientDelivery = z.infer<typeof recipientDelivery>;

/** A supplier the trader may send the inquiry to, with whether and when it already went there. */
export const suggestedSupplier = z.object({
  id: z.uuid(),
  trading_name: z.string(),
  default_email: z.string(),
  /** Of the default address: `bounced` after a hard bounce, so the trader is warned before sending to it. */
  ...emailDeliverability,
  status: z.string(),
  tags: z.array(z.string()),
  covers_port: z.boolean(),
  contacts: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      email: z.string(),
      is_primary: z.boolean(),
      ...emailDeliverability,
    }),
  ),
  /** One entry per address of this supplier the inquiry was sent to. */
  sent: z.array(recipientDelivery),
});
export type SuggestedSupplier = z.infer<typeof suggestedSupplier>;

export const distributeInput = z.object({
  recipients: z
    .array(
      z.object({
        supplier_id: z.uuid('Supplier must be a valid id'),
        /** A contact of the supplier; none sends to the supplier's default e-mail. */
        contact_id: z
          .uuid('Contact must be a valid id')
          .nullish()
          .transform((v) => v ?? null),
      }),
      { error: 'Please select at least one supplier' },
    )
    .min(1, 'Please select at least one supplier')
    .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients at once`),
  reply_by: isoDateTime('Reply by')
    .nullish()
    .transform((v) => (v ? new Date(v).toISOString() : null)),
  /** Send again to recipients who already have this inquiry. */
  resend: z.boolean({ error: 'Resend must be true or false' }).default(false),
  /**
   * The trader gets a copy of each invitation (Cc): replies go to the platform, so this is how a
   * supplier's "Reply all" also reaches the trader's own mailbox.
   */
  cc_me: z.boolean({ error: 'Cc me must be true or false' }).default(false),
  /** One reminder this long before the reply-by to each recipient that has neither offered nor declined. */
  remind_before_minutes: z
    .number({ error: 'Remind before must be a whole number of minutes' })
    .int('Remind before must be a whole number of minutes')
    .min(REMIND_BEFORE_MINUTES.min, `Remind before must be at least ${REMIND_BEFORE_MINUTES.min} minute`)
    .max(REMIND_BEFORE_MINUTES.max, `Remind before must be at most ${REMIND_BEFORE_MINUTES.max} minutes`)
    .nullish()
    .transform((v) => v ?? null),
  /** The offers stay sealed (no prices, no award) until the reply-by or until every supplier answered. */
  sealed: z.boolean({ error: 'Sealed must be true or false' }).default(false),
});
export type DistributeInput = z.input<typeof distributeInput>;

export const distributeResponse = z.object({
  success: z.literal(true),
  distributed_count: z.number().int(),
  skipped_count: z.number().int(),
  status: z.string(),
  note: z.string().nullable(),
  detail: z.string(),
  reply_by: z.string(),
});
export type DistributeResponse = z.infer<typeof distributeResponse>;

/** The spec's success message of a distribution (§8 "Distribute"), in the singular for one. */
export const distributedMessage = (n: number) =>
  `Inquiry distributed successfully to ${n} ${n === 1 ? 'supplier' : 'suppliers'}!`;

// ---- Offers ----------------------------------------------------------------------------------

export const offerSubmitResponse = z.object({
  success: z.literal(true),
  offer_id: z.uuid(),
  revision: z.number().int(),
  detail: z.string(),
});

/** What a supplier states for a fuel line: the terms a revision may change, stored as its columns. */
export const OFFER_LINE_TERMS = [
  'pricing',
  'price_per_mt',
  'index_name',
  'differential',
  'min_deliverable',
  'max_deliverable',
  'delivery_method',
] as const;

export const offerLineView = z.object({
  product_name: z.string(),
  pricing: z.enum(PRICINGS),
  /** The fixed price; null on an index-linked line. */
  price_per_mt: z.string().nullable(),
  index_name: z.string().nullable(),
  differential: z.string().nullable(),
  /** The inquiry's value of the line's index (null until the trader enters it) and its date. */
  index_value: z.string().nullable(),
  index_as_of: z.string().nullable(),
  /** What a tonne costs: the fixed price, or index value + differential (null without a value). */
  effective_price_per_mt: z.string().nullable(),
  /** At the requested max quantity, rounded half up to cents; null without an effective price. */
  fuel_cost: z.string().nullable(),
  min_deliverable: z.string(),
  max_deliverable: z.string(),
  delivery_method: z.enum(DELIVERY_METHODS),
  /** The supplier can deliver less than the line's requested max. */
  short: z.boolean(),
  /** Tonnes below the requested max the supplier can deliver; null when not short. */
  short_by_mt: z.string().nullable(),
});

export const offerView = z.object({
  id: z.uuid(),
  status: z.enum(OFFER_STATUSES),
  submitted_at: z.string().nullable(),
  revision: z.number().int(),
  source: z.enum(['link', 'manual']),
  supplier: z.object({ id: z.uuid().nullable(), trading_name: z.string() }),
  per_product_lines: z.record(z.string(), offerLineView),
  charges: z.array(chargeView),
  /** The sums of the lump-sum barging and other charges, as before charges were itemised. */
  barging_charges: z.string(),
  other_charges: z.string(),
  payment: paymentView.nullable(),
  payment_terms: z.string().nullable(),
  valid_until: z.string().nullable(),
  remarks: z.string().nullable(),
  /** USD at each line's requested max; all null while the offer is indicative. */
  fuel_cost: z.string().nullable(),
  charges_cost: z.string().nullable(),
  total_landed_cost: z.string().nullable(),
  /** total_landed_cost / Σ priced tonnes, 2 decimals. */
  all_in_per_mt: z.string().nullable(),
  /** Equal to total_landed_cost. */
  total_stem_cost: z.string().nullable(),
  /** The landed cost at what the offer can deliver of each line (the lesser of requested max and max deliverable). */
  deliverable_total: z.string().nullable(),
  /** An index-linked line has no value yet: totals unknown, never cheapest overall. */
  indicative: z.boolean(),
  partial: z.boolean(),
  /** valid_until has passed: the offer cannot be awarded. */
  expired: z.boolean(),
  /** Priced before the inquiry's last amendment and not revised since. */
  priced_before_amendment: z.boolean(),
  /** From the first mail to this supplier to its first offer, in seconds. */
  response_seconds: z.number().int().nullable(),
  /** The lowest landed cost among complete, firm, standing offers. */
  cheapest_total: z.boolean(),
  /** Product line ids on which this offer is the cheapest (effective) price. */
  cheapest_lines: z.array(z.uuid()),
  awarded_at: z.string().nullable(),
  award_notes: z.string().nullable(),
  /** The fuel lines this offer won: every line it priced, unless the award was split; null until awarded. */
  awarded_line_ids: z.array(z.uuid()).nullable(),
  /** Always false here: a sealed offer is answered as a `sealedOfferView`. */
  sealed: z.literal(false),
  /** The negotiation round of its latest revision (the distribution is round 1). */
  round: z.number().int(),
  /** Its landed cost at the end of its previous round, and the change since (negative: cheaper). */
  previous_round_total: z.string().nullable(),
  change_from_previous_round: z.string().nullable(),
});
export type OfferView = z.infer<typeof offerView>;

/** An inquiry's offers side by side, or while they are sealed who answered and when. */
export const offerComparison = z.array(z.union([offerView, sealedOfferView]));

export const offerRevision = z.object({
  revision: z.number().int(),
  submitted_at: z.string(),
  /** The landed cost when it was made; null for an indicative offer. */
  total_stem_cost: z.string().nullable(),
  offer: z.record(z.string(), z.unknown()),
});
export type OfferRevision = z.infer<typeof offerRevision>;

export const awardInput = z.object({
  notes: optionalMultilineText('Notes', 2000),
  /**
   * The offer's revision the trader reviewed and accepts: if the supplier has revised it since,
   * the award is refused (409 with `current_revision`) rather than accept a price nobody saw.
   */
  revision: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Revision is required' : 'Revision must be a whole number',
    })
    .int('Revision must be a whole number')
    .min(1, 'Revision must be at least 1'),
});
export type AwardInput = z.input<typeof awardInput>;

/** An award's 409: the error shape, and when the offer was revised meanwhile, its revision now. */
export const awardConflictResponse = errorResponse.extend({
  current_revision: z.number().int().optional(),
  /** Which offer was revised (a split award names several). */
  offer_id: z.uuid().optional(),
});
export type AwardConflictResponse = z.infer<typeof awardConflictResponse>;

/** The 409's detail when the offer was revised after the trader loaded it. */
export const offerRevisedMessage = (revision: number) =>
  `This offer was revised (now revision ${revision}): review it before awarding`;

// ---- Public offer page -------------------------------------------------------------------------

export const offerTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Offer link is not valid'),
});

/** The trader who sent the inquiry, as its supplier sees them: whom to contact about it. */
export const publicTrader = z.object({ name: z.string().nullable(), company: z.string().nullable() });
export type PublicTrader = z.infer<typeof publicTrader>;

export const publicInquiry = rfqMailFacts.extend({
  reply_by: z.string(),
  trader: publicTrader,
  products: z.array(rfqMailFacts.shape.products.element.extend({ id: z.uuid() })),
  amended_at: z.string().nullable(),
});

export const publicSubmittedOffer = z.object({
  lines: z.array(
    z.object({
      product_line_id: z.uuid(),
      pricing: z.enum(PRICINGS),
      price_per_mt: z.string().nullable(),
      index_name: z.string().nullable(),
      differential: z.string().nullable(),
      min_deliverable: z.string(),
      max_deliverable: z.string(),
      delivery_method: z.enum(DELIVERY_METHODS),
    }),
  ),
  /** The charges as the supplier sent them (the trader's comparison is not the supplier's to see). */
  charges: z.array(chargeView.omit({ amount_usd: true, contingent: true })),
  payment: paymentView.nullable(),
  payment_terms: z.string().nullable(),
  valid_until: z.string().nullable(),
  remarks: z.string().nullable(),
  submitted_at: z.string(),
  revision: z.number().int(),
  /** `withdrawn` once the supplier declined after offering. */
  status: z.enum(OFFER_STATUSES),
});

export const publicOfferPage = z.object({
  state: z.enum(OFFER_LINK_STATES),
  supplier_name: z.string(),
  inquiry: publicInquiry,
  offer: publicSubmittedOffer.nullable(),
  /** The supplier declined to quote (it may still offer while the link is open). */
  decline: publicDecline.nullable(),
  /** The negotiation round this supplier is invited to, while it runs. */
  round: publicRound.nullable(),
});
export type PublicOfferPage = z.infer<typeof publicOfferPage>;

/**
 * 410 on a link that is not open: the error shape plus the state, so the page can say why, and the
 * trader who sent it, whom the supplier may ask for a new one. Only a real link's answer has them:
 * an unknown token is a 404 that names nobody.
 */
export const closedLinkResponse = z.object({
  success: z.literal(false),
  detail: z.string(),
  state: z.enum(OFFER_LINK_STATES),
  trader: publicTrader,
});

// ---- Supplier response statistics --------------------------------------------------------------

export const supplierResponseStats = z.object({
  supplier_id: z.uuid(),
  inquiries_sent: z.number().int(),
  offers: z.number().int(),
  /** Inquiries it declined to quote on (never counted as offers). */
  declines: z.number().int(),
  /** offers / inquiries sent, 0..1; null before anything was sent. */
  response_rate: z.number().nullable(),
  median_response_seconds: z.number().int().nullable(),
});
export type SupplierResponseStats = z.infer<typeof supplierResponseStats>;
