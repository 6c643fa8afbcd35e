import { z } from 'zod';
import {
  decimalInput,
  enumField,
  isMultiLineText,
  multiLineMessage,
  requiredEmail,
  requiredText,
  searchText,
  uuid,
} from './fields';
import { pageQuery } from './common';
import { DELIVERY_METHODS } from './offers';
import { chargeView, paymentView, PRICINGS } from './offer-terms';
import { stemLifeView } from './stem-life';

// ---- A stem: the confirmed deal with one supplier ------------------------------------------------

/**
 * draft -> sent -> acknowledged; sent | acknowledged -> delivered -> invoiced -> closed
 * (the moves themselves: services/inquiry/src/domain/stems/stem-lifecycle.ts).
 */
export const STEM_STATUSES = ['draft', 'sent', 'acknowledged', 'delivered', 'invoiced', 'closed'] as const;
export type StemStatus = (typeof STEM_STATUSES)[number];

export const STEM_STATUS_LABELS: Record<StemStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  delivered: 'Delivered',
  invoiced: 'Invoiced',
  closed: 'Closed',
};

/** No pricing: sell = buy. A markup raises the customer's price; a broker's commission is paid by the seller. */
export const STEM_PRICING_MODES = ['none', 'markup', 'commission'] as const;
export type StemPricingMode = (typeof STEM_PRICING_MODES)[number];
export const ADJUSTMENT_BASES = ['per_mt', 'percent'] as const;

/** A page of the Stems list (X-Total-Count holds the total); `q` matches reference, vessel, supplier or customer. */
export const stemsQuery = pageQuery.extend({
  status: enumField('Status', STEM_STATUSES).optional(),
  /** The stems one inquiry's award made (the inquiry page's links). */
  inquiry_id: uuid('Inquiry').optional(),
  q: searchText().optional(),
});

const adjustmentView = z.object({ basis: z.enum(ADJUSTMENT_BASES), amount: z.string() });

export const stemLineView = z.object({
  product_line_id: z.uuid(),
  product_name: z.string(),
  iso_spec: z.string(),
  quantity_mt_min: z.string(),
  quantity_mt_max: z.string(),
  pricing: z.enum(PRICINGS),
  index_name: z.string().nullable(),
  differential: z.string().nullable(),
  /** The supplier's price per MT; null on an index-linked line until its final value is known. */
  buy_price_per_mt: z.string().nullable(),
  /** The customer's price per MT (buy plus the markup, or buy). */
  sell_price_per_mt: z.string().nullable(),
  /** The line's markup or commission (inside the company only). */
  adjustment: adjustmentView.nullable(),
  delivery_method: z.enum(DELIVERY_METHODS),
});
export type StemLineView = z.infer<typeof stemLineView>;

export const stemClauseView = z.object({ id: z.uuid(), title: z.string(), text: z.string() });

export const stemPortView = z.object({
  id: z.uuid().nullable(),
  name: z.string().nullable(),
  unlocode: z.string().nullable(),
  country: z.string().nullable(),
  /** IANA zone: the delivery window and every time of the stem read in it. */
  timezone: z.string().nullable(),
});

export const stemView = z.object({
  id: z.uuid(),
  reference: z.string(),
  inquiry_id: z.uuid(),
  offer_id: z.uuid(),
  status: z.enum(STEM_STATUSES),
  /** The trading company (broker or trader) as it stood on the award. */
  company_name: z.string().nullable(),
  supplier: z.object({ id: z.uuid().nullable(), trading_name: z.string(), email: z.string().nullable() }),
  customer: z.object({ id: z.uuid().nullable(), legal_entity_name: z.string().nullable() }),
  vessel_name: z.string(),
  imo: z.string().nullable(),
  port: stemPortView,
  /** The vessel's ETA and ETD, ISO 8601 (shown in the port's time). */
  delivery_from: z.string().nullable(),
  delivery_to: z.string().nullable(),
  agent_name: z.string().nullable(),
  agent_email: z.string().nullable(),
  lines: z.array(stemLineView),
  charges: z.array(chargeView),
  payment: paymentView.nullable(),
  payment_terms: z.string().nullable(),
  selling_terms: z.string().nullable(),
  clauses: z.array(stemClauseView),
  pricing_mode: z.enum(STEM_PRICING_MODES),
  /** Σ (sell − buy) × tonnes (requested max until delivered); null while a price is unknown. */
  margin_usd: z.string().nullable(),
  /** Σ commission (requested max until delivered); null unless acting as broker, or while unknown. */
  commission_usd: z.string().nullable(),
  sent_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  created_at: z.string(),
  // After the confirmation: delivery, documents, variances, final index values, invoice, claims.
  ...stemLifeView.shape,
});
export type StemView = z.infer<typeof stemView>;

/** A row of the Stems list. */
export const stemSummary = stemView.pick({
  id: true,
  reference: true,
  inquiry_id: true,
  status: true,
  supplier: true,
  customer: true,
  vessel_name: true,
  port: true,
  delivery_from: true,
  delivery_to: true,
  created_at: true,
});
export type StemSummary = z.infer<typeof stemSummary>;
export const stemsResponse = z.object({ items: z.array(stemSummary) });

// ---- Pricing: markup or commission per line --------------------------------------------------------

/** At most this many lines per stem (an inquiry's own limit). */
const MAX_STEM_LINES = 20;

export const stemPricingInput = z
  .object({
    mode: enumField('Pricing mode', ['markup', 'commission'] as const),
    lines: z
      .array(
        z.object({
          product_line_id: uuid('Fuel line'),
          basis: enumField('Basis', ADJUSTMENT_BASES),
          amount: decimalInput({ label: 'Amount', scale: 2, min: '0', max: '100000' }),
        }),
        { error: 'Lines must be a list' },
      )
      .max(MAX_STEM_LINES, `At most ${MAX_STEM_LINES} lines`),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.lines.forEach((line, i) => {
      if (seen.has(line.product_line_id))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'product_line_id'],
          message: 'Each fuel line may be priced once',
        });
      seen.add(line.product_line_id);
      if (line.basis === 'percent' && Number(line.amount) > 100)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'amount'],
          message: 'A percentage must be between 0 and 100',
        });
    });
  });
export type StemPricingInput = z.input<typeof stemPricingInput>;

// ---- The company's clause library -------------------------------------------------------------------

export const MAX_CLAUSES = 50;

export const clauseInput = z.object({
  title: requiredText('Title', 200),
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(4000, 'Text must be at most 4000 characters')
    .refine(isMultiLineText, multiLineMessage('Text')),
  default: z.boolean({ error: 'Default must be true or false' }).default(false),
});
export type ClauseInput = z.input<typeof clauseInput>;

export const clauseView = z.object({
  id: z.uuid(),
  title: z.string(),
  text: z.string(),
  default: z.boolean(),
  updated_at: z.string(),
});
export type ClauseView = z.infer<typeof clauseView>;

export const stemClausesInput = z.object({
  clause_ids: z
    .array(uuid('Clause'), { error: 'Clauses must be a list' })
    .max(MAX_CLAUSES, `At most ${MAX_CLAUSES} clauses`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each clause may be named once'),
});

// ---- The confirmation: its two copies, sending it, the supplier's acknowledgement -----------------------

/** The supplier's copy shows buy prices; the customer's sell prices and the selling terms. */
export const STEM_CONFIRMATION_COPIES = ['supplier', 'customer'] as const;
export type StemConfirmationCopy = (typeof STEM_CONFIRMATION_COPIES)[number];

export const stemConfirmationQuery = z.object({ copy: enumField('Copy', STEM_CONFIRMATION_COPIES) });

/** At most this many extra addresses get a copy of a send. */
export const MAX_STEM_CC = 10;
/** The supplier's acknowledgement link works this long after the send, whatever the reply-by. */
export const STEM_LINK_DAYS = 30;

export const stemSendInput = z
  .object({
    to_supplier: z.boolean({ error: 'To supplier must be true or false' }).default(false),
    to_customer: z.boolean({ error: 'To customer must be true or false' }).default(false),
    to_agent: z.boolean({ error: 'To agent must be true or false' }).default(false),
    cc: z
      .array(requiredEmail('Cc'), { error: 'Cc must be a list of e-mail addresses' })
      .max(MAX_STEM_CC, `At most ${MAX_STEM_CC} cc addresses`)
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (!input.to_supplier && !input.to_customer && !input.to_agent)
      ctx.addIssue({
        code: 'custom',
        path: ['to_supplier'],
        message: 'Choose at least one recipient: the supplier, the customer or the agent',
      });
  });
export type StemSendInput = z.input<typeof stemSendInput>;

export const stemAcknowledgeInput = z.object({ name: requiredText('Name', 200) });
export type StemAcknowledgeInput = z.input<typeof stemAcknowledgeInput>;

export const STEM_ACKNOWLEDGED_MESSAGE = 'Thank you: the stem confirmation is acknowledged.';

export const stemAcknowledgeResponse = z.object({
  success: z.literal(true),
  detail: z.string(),
  reference: z.string(),
  acknowledged_at: z.string(),
});
export type StemAcknowledgeResponse = z.infer<typeof stemAcknowledgeResponse>;

/** Why an acknowledgement link no longer works (410): the page says it in words. */
export const STEM_LINK_CLOSED_STATES = ['expired', 'superseded', 'acknowledged', 'closed'] as const;
export type StemLinkClosedState = (typeof STEM_LINK_CLOSED_STATES)[number];

export const stemLinkClosedResponse = z.object({
  success: z.literal(false),
  detail: z.string(),
  state: z.enum(STEM_LINK_CLOSED_STATES),
});
