import { z } from 'zod';
import { CLAIM_KINDS } from './claims';
import { FINAL_MAIL_STATUSES } from './constants';
import { DECLINE_REASONS } from './deadlines';
import { MAX_RECIPIENTS } from './offers';

/** Who made a change: a user of the company, a supplier through its personal link, or the platform. */
export const AUDIT_ACTOR_KINDS = ['user', 'supplier', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * Every kind of row the audit trail holds, each with its `detail` below. A use case records one
 * with `recordAudit` (services/inquiry/src/domain/audit.ts) inside the transaction of its change;
 * a new feature adds its types here (stems, rounds, owners, notes, amendments, notifications,
 * supplier mail) and a detail schema for each, and never changes a detail's fields incompatibly,
 * since rows already written keep theirs.
 *
 * - inquiry_created: a new inquiry (or a copy of one); inquiry_edited: its own fields changed;
 *   line_added / line_changed / line_removed: a fuel line; index_values_set: the benchmark values.
 * - inquiry_distributed: sent to suppliers; amendment_sent: the edits since mailed to them at once;
 *   mail_outcome: how one mail ended (the mailer's final status); link_opened: a supplier opened
 *   its personal link (the timeline adds the last open and how often); message_received: a
 *   supplier's reply by e-mail landed on the inquiry.
 * - offer_submitted / offer_revised: by the supplier's link; offer_recorded: by the trader.
 * - offer_awarded: the decision (one row per winner of a split award); inquiry_cancelled: called off.
 * - round_started: a negotiation round, the shortlisted suppliers asked to improve.
 * - offer_declined: a supplier declined to quote by its link (withdrawing its offer, if any);
 *   reminder_sent / reminder_skipped: the one reminder before the reply-by, mailed or refused.
 * - port_merged: the company's own port became the shared one (an operator approved it).
 * - owner_changed: the inquiry was handed to another member (by a member, or because an admin
 *   removed its owner from the company).
 * - stem_created: an award made a stem with a winning supplier; stem_pricing_set: its markup or
 *   commission; stem_clauses_set: its clauses; stem_sent: the confirmation mailed;
 *   stem_acknowledged: the supplier acknowledged it through its link.
 * - stem_delivered: the BDN recorded (with the variances it showed); stem_document_uploaded: its
 *   PDF or image; stem_index_values_set: the final index values; stem_invoiced: the supplier's
 *   invoice; stem_closed; claim_raised; claim_updated: a trader's move or the time bar's.
 */
export const AUDIT_EVENT_TYPES = [
  'inquiry_created',
  'inquiry_edited',
  'line_added',
  'line_changed',
  'line_removed',
  'index_values_set',
  'inquiry_distributed',
  'amendment_sent',
  'mail_outcome',
  'link_opened',
  'message_received',
  'offer_submitted',
  'offer_revised',
  'offer_recorded',
  'offer_awarded',
  'offer_declined',
  'reminder_sent',
  'reminder_skipped',
  'round_started',
  'inquiry_cancelled',
  'port_merged',
  'owner_changed',
  'stem_created',
  'stem_pricing_set',
  'stem_clauses_set',
  'stem_sent',
  'stem_acknowledged',
  'stem_delivered',
  'stem_document_uploaded',
  'stem_index_values_set',
  'stem_invoiced',
  'stem_closed',
  'claim_raised',
  'claim_updated',
] as const;
export const auditEventType = z.enum(AUDIT_EVENT_TYPES);
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

const name = z.string().max(200);
const note = z.string().max(4000);
const count = z.number().int().min(0);

/** A field's value on one side of a change: text (times as ISO 8601, money as decimal text), or none. */
export const auditValue = z.union([note, z.number(), z.boolean(), z.null()]);
export const auditChange = z.object({ before: auditValue, after: auditValue });
/** At most this many fields in one row's changes. */
export const MAX_AUDIT_CHANGES = 150;
/** Changed fields by name, each with its value before and after. */
export const auditChanges = z
  .record(z.string().min(1).max(200), auditChange)
  .refine((c) => Object.keys(c).length <= MAX_AUDIT_CHANGES, `At most ${MAX_AUDIT_CHANGES} changes`);
export type AuditChanges = z.infer<typeof auditChanges>;

const offerDetail = z.object({
  supplier_name: name,
  revision: count,
  /** The offer's landed cost as compared (null while index values are missing). */
  total_landed_cost: z.string().nullable(),
});

/** The addresses a reminder pass was about (the first MAX_RECIPIENTS of them). */
const reminderRecipients = z.array(z.object({ supplier_name: name, email: name })).max(MAX_RECIPIENTS);

/** What each type records beside its changes; bounded, so a row stays small. */
export const auditDetail = {
  inquiry_created: z.object({
    vessel_name: name,
    port_name: name.nullable(),
    customer_name: name.nullable(),
    line_count: count,
    /** The inquiry this one was copied from ("Copy as new inquiry"). */
    copied_from: z.uuid().nullable(),
  }),
  inquiry_edited: z.object({}),
  line_added: z.object({ product_name: name }),
  line_changed: z.object({ product_name: name }),
  line_removed: z.object({ product_name: name }),
  index_values_set: z.object({}),
  inquiry_distributed: z.object({
    recipients: z
      .array(
        z.object({ supplier_name: name, contact_name: name.nullable(), email: name, resent: z.boolean() }),
      )
      .max(MAX_RECIPIENTS),
    skipped_count: count,
    reply_by: z.string(),
    /** The reminder asked for, minutes before the reply-by (absent in rows written before reminders). */
    remind_before_minutes: count.nullable().optional(),
    sealed: z.boolean().optional(),
  }),
  /** Its changes are those the mail listed, by their label; message and reply_by since "Send amendment". */
  amendment_sent: z.object({
    revision: count,
    recipient_count: count,
    message: note.nullable().optional(),
    /** The new reply-by it set for every address; null when each kept its own. */
    reply_by: z.string().nullable().optional(),
  }),
  mail_outcome: z.object({
    /** The mail's template: rfq-invitation, rfq-amendment, rfq-cancelled, offer-awarded, … */
    mail: name,
    to: name,
    to_name: name.nullable(),
    status: z.enum(FINAL_MAIL_STATUSES),
    error: note.nullable(),
  }),
  link_opened: z.object({ supplier_name: name, email: name }),
  message_received: z.object({
    supplier_name: name,
    from: name,
    subject: z.string().max(1000),
    attachment_count: count,
  }),
  offer_submitted: offerDetail,
  offer_revised: offerDetail,
  offer_recorded: offerDetail,
  offer_awarded: z.object({
    supplier_name: name,
    /** The revision awarded, as the trader saw it. */
    revision: count,
    notes: note.nullable(),
    /** The suppliers whose standing offers lost (the first MAX_RECIPIENTS of them), and how many. */
    not_awarded: z.array(name).max(MAX_RECIPIENTS),
    not_awarded_count: count,
    /** A split award: the fuel lines this supplier won, and those placed with nobody. */
    product_names: z.array(name).max(MAX_RECIPIENTS).optional(),
    not_placed: z.array(name).max(MAX_RECIPIENTS).optional(),
  }),
  offer_declined: z.object({
    supplier_name: name,
    email: name,
    reason: z.enum(DECLINE_REASONS),
    remarks: note.nullable(),
    /** The offer's revision the decline withdrew; null when it had made none. */
    withdrawn_revision: count.nullable(),
  }),
  reminder_sent: z.object({ recipients: reminderRecipients, reply_by: z.string() }),
  /** The supplier mail gate refused the reminders (mailbox unproven, quota): none went. */
  reminder_skipped: z.object({ recipients: reminderRecipients, reason: note }),
  round_started: z.object({
    round: count,
    reply_by: z.string(),
    show_rank: z.boolean(),
    message: note.nullable(),
    /** The shortlisted suppliers (the first MAX_RECIPIENTS of them). */
    invited: z.array(name).max(MAX_RECIPIENTS),
  }),
  inquiry_cancelled: z.object({ reason: note.nullable(), notice_count: count }),
  port_merged: z.object({ unlocode: name }),
  owner_changed: z.object({
    from: z.object({ id: z.uuid(), name }),
    to: z.object({ id: z.uuid(), name }),
    /** handed_over: a member gave it on; member_removed: its owner left the company. */
    reason: z.enum(['handed_over', 'member_removed']),
  }),
  stem_created: z.object({ reference: name, supplier_name: name }),
  stem_pricing_set: z.object({ reference: name, mode: z.enum(['markup', 'commission']) }),
  stem_clauses_set: z.object({ reference: name, titles: z.array(name).max(50) }),
  stem_sent: z.object({
    reference: name,
    /** Who got which copy: the supplier the buy side, the customer and agent the sell side. */
    recipients: z.array(z.object({ email: name, copy: z.enum(['supplier', 'customer']) })).max(60),
  }),
  stem_acknowledged: z.object({ reference: name, name }),
  stem_delivered: z.object({ reference: name, bdn_number: name, variances: z.array(name).max(20) }),
  stem_document_uploaded: z.object({
    reference: name,
    filename: name,
    content_type: name,
    size_bytes: count,
  }),
  stem_index_values_set: z.object({ reference: name }),
  stem_invoiced: z.object({ reference: name, number: name }),
  stem_closed: z.object({ reference: name }),
  claim_raised: z.object({ reference: name, kind: z.enum(CLAIM_KINDS), time_bar_at: z.string() }),
  claim_updated: z.object({ reference: name, kind: z.enum(CLAIM_KINDS) }),
} as const satisfies Record<AuditEventType, z.ZodType>;
export type AuditDetail<T extends AuditEventType> = z.input<(typeof auditDetail)[T]>;

// ---- The timeline ----------------------------------------------------------------------------

/** A timeline page holds at most this many items; `next_cursor` reads on. */
export const MAX_TIMELINE_PAGE = 200;

export const timelineQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,18}$/, 'After must be the next_cursor of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_TIMELINE_PAGE).default(100),
});

const timelineActor = z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), name: z.string() });

function timelineEntry<T extends AuditEventType, D extends z.ZodType>(type: T, detail: D) {
  return z.object({
    at: z.string(),
    actor: timelineActor,
    type: z.literal(type),
    detail,
    changes: auditChanges,
  });
}

/** One row of the trail as the timeline shows it: the names as they were when it was written. */
export const timelineItem = z.discriminatedUnion('type', [
  timelineEntry('inquiry_created', auditDetail.inquiry_created),
  timelineEntry('inquiry_edited', auditDetail.inquiry_edited),
  timelineEntry('line_added', auditDetail.line_added),
  timelineEntry('line_changed', auditDetail.line_changed),
  timelineEntry('line_removed', auditDetail.line_removed),
  timelineEntry('index_values_set', auditDetail.index_values_set),
  timelineEntry('inquiry_distributed', auditDetail.inquiry_distributed),
  timelineEntry('amendment_sent', auditDetail.amendment_sent),
  timelineEntry('mail_outcome', auditDetail.mail_outcome),
  // The first open is the row; the last open and the count are the link's as they are now.
  timelineEntry(
    'link_opened',
    auditDetail.link_opened.extend({ last_opened_at: z.string(), open_count: z.number().int().min(1) }),
  ),
  timelineEntry('message_received', auditDetail.message_received),
  timelineEntry('offer_submitted', auditDetail.offer_submitted),
  timelineEntry('offer_revised', auditDetail.offer_revised),
  timelineEntry('offer_recorded', auditDetail.offer_recorded),
  timelineEntry('offer_awarded', auditDetail.offer_awarded),
  timelineEntry('offer_declined', auditDetail.offer_declined),
  timelineEntry('reminder_sent', auditDetail.reminder_sent),
  timelineEntry('reminder_skipped', auditDetail.reminder_skipped),
  timelineEntry('round_started', auditDetail.round_started),
  timelineEntry('inquiry_cancelled', auditDetail.inquiry_cancelled),
  timelineEntry('port_merged', auditDetail.port_merged),
  timelineEntry('owner_changed', auditDetail.owner_changed),
  timelineEntry('stem_created', auditDetail.stem_created),
  timelineEntry('stem_pricing_set', auditDetail.stem_pricing_set),
  timelineEntry('stem_clauses_set', auditDetail.stem_clauses_set),
  timelineEntry('stem_sent', auditDetail.stem_sent),
  timelineEntry('stem_acknowledged', auditDetail.stem_acknowledged),
  timelineEntry('stem_delivered', auditDetail.stem_delivered),
  timelineEntry('stem_document_uploaded', auditDetail.stem_document_uploaded),
  timelineEntry('stem_index_values_set', auditDetail.stem_index_values_set),
  timelineEntry('stem_invoiced', auditDetail.stem_invoiced),
  timelineEntry('stem_closed', auditDetail.stem_closed),
  timelineEntry('claim_raised', auditDetail.claim_raised),
  timelineEntry('claim_updated', auditDetail.claim_updated),
]);
export type TimelineItem = z.infer<typeof timelineItem>;

/** Oldest first; `next_cursor` (null on the last page) is the `after` of the next page. */
export const timelineResponse = z.object({
  items: z.array(timelineItem),
  next_cursor: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof timelineResponse>;
