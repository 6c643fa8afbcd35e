import type { ColumnType } from 'kysely';
import type {
  AuditActorKind,
  AuditChanges,
  AuditEventType,
  ChargeBasis,
  ChargeKind,
  DeclineReason,
  DeliveryMethod,
  InquiryStatus,
  MailStatus,
  MessageAttachment,
  OfferStatus,
  PaymentBasis,
  NotificationKind,
  PaymentMethod,
  Pricing,
  ReminderState,
  SignatureView,
  StemPricingMode,
  StemStatus,
} from '@mfd/contracts';
import type { WithOutbox } from '@mfd/queue';
import type { StemLifeTables } from './stem-life.tables';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

/** The inquiry as its suppliers were last told it (jsonb): times as ISO 8601, tonnes as stored text. */
export interface SentVersion {
  vessel_name: string;
  imo: string | null;
  port_name: string | null;
  port_unlocode: string | null;
  port_timezone: string | null;
  eta: string | null;
  etb: string | null;
  etd: string | null;
  selling_terms: string | null;
  supplier_notes: string | null;
  lines: {
    id: string;
    product_name: string;
    iso_spec: string;
    quantity_mt_min: string;
    quantity_mt_max: string;
  }[];
}

export interface InquiriesTable {
  id: string;
  tenant_id: string;
  created_by: string;
  /** The member the inquiry is with now (its creator at first), and their name when it was handed to them. */
  owner_id: string;
  owner_name: string;
  customer_id: string | null;
  customer_name: string | null;
  port_id: string | null;
  port_name: string | null;
  port_unlocode: string | null;
  port_country: string | null;
  port_timezone: string | null;
  port_region: string | null;
  customer_email: string | null;
  cancel_reason: string | null;
  vessel_name: string;
  imo: string | null;
  agent_name: string | null;
  agent_email: string | null;
  eta: Date | null;
  etb: Date | null;
  etd: Date | null;
  /** The trader's internal note ("Additional Notes"): never sent. */
  commentary: string | null;
  /** What suppliers are told besides the port call and fuel. */
  supplier_notes: string | null;
  /** The inquiry as its suppliers were last told it (null until first sent). */
  sent_version: ColumnType<SentVersion | null, SentVersion | null | undefined, SentVersion | null>;
  status: ColumnType<InquiryStatus, InquiryStatus | undefined, InquiryStatus>;
  selling_terms: string | null;
  /** Counts amendments made after the inquiry was first sent; offers remember the one they priced. */
  revision: ColumnType<number, number | undefined, number>;
  amended_at: Date | null;
  /** The negotiation round the inquiry is in: the distribution is round 1. */
  round: Defaulted<number>;
  /** A distribution sealed the offers: prices stay hidden until the reply-by or every answer. */
  offers_sealed: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface InquiryProductsTable {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  product_id: string | null;
  product_name: string;
  /** numeric(10,1): tonnes travel as strings, never floats. */
  quantity_mt_min: string;
  quantity_mt_max: string;
  iso_spec: string;
  position: number;
}

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface DistributionsTable {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  sent_by: string;
  sender_name: string | null;
  sender_company: string | null;
  sender_email: string | null;
  reply_by: Date;
  /** The reminder's lead time before the reply-by, in minutes; null: no reminder. */
  remind_before_minutes: Defaulted<number | null>;
  sealed: Defaulted<boolean>;
  /** The signature the invitations carried: the reminders, mailed with no user's token, carry it too. */
  sender_signature: Defaulted<SignatureView | null>;
  created_at: CreatedAt;
}

/** One address of one supplier an inquiry was sent to, with how its last mail went. */
export interface InquiryRecipientsTable {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  distribution_id: string;
  supplier_id: string;
  supplier_name: string;
  contact_id: string | null;
  contact_name: string | null;
  email: string;
  reply_by: Date;
  first_sent_at: Defaulted<Date>;
  last_sent_at: Defaulted<Date>;
  send_count: Defaulted<number>;
  mail_job_id: string | null;
  /** The job id of the address's first mail (its invitation): later mails reply to it. */
  thread_job_id: string | null;
  mail_status: Defaulted<MailStatus>;
  mail_attempts: Defaulted<number>;
  mail_error: string | null;
  mail_status_at: Defaulted<Date>;
  /** The supplier declined to quote through this address's link (cleared when it offers after all). */
  declined_at: Date | null;
  decline_reason: DeclineReason | null;
  decline_remarks: string | null;
  /** When the one reminder is due; null when the distribution asked for none. */
  remind_at: Date | null;
  reminder_state: ReminderState | null;
  reminded_at: Date | null;
  reminder_note: string | null;
}

/** A personal offer link: only the SHA-256 of its token is kept. */
export interface OfferLinksTable {
  token_hash: Buffer;
  recipient_id: string;
  created_at: CreatedAt;
  /** When a newer link was mailed to the same recipient: this one answers 410 from then on. */
  superseded_at: ColumnType<Date | null, never, Date>;
}

export interface OffersTable {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  supplier_id: string | null;
  supplier_name: string | null;
  status: Defaulted<OfferStatus>;
  submitted_at: Date | null;
  created_at: CreatedAt;
  recipient_id: string | null;
  supplier_email: string | null;
  source: Defaulted<'link' | 'manual'>;
  revision: Defaulted<number>;
  inquiry_revision: Defaulted<number>;
  /** Structured terms (days and basis for credit only); payment_terms holds the rest as text. */
  payment_method: PaymentMethod | null;
  payment_days: number | null;
  payment_basis: PaymentBasis | null;
  payment_terms: string | null;
  valid_until: Date | null;
  remarks: string | null;
  recorded_by: string | null;
  awarded_at: Date | null;
  awarded_by: string | null;
  award_notes: string | null;
  /** The fuel lines this offer won (every line it priced, unless the award was split). */
  awarded_line_ids: string[] | null;
  /** The round of its latest revision. */
  round: Defaulted<number>;
  /** The latest round the trader invited it to (null: never shortlisted). */
  shortlisted_round: number | null;
  updated_at: Defaulted<Date>;
  /** Seconds from its first mail to its first submission; kept by triggers (migration 0030). */
  response_seconds: ColumnType<number | null, never, never>;
}

export interface OfferLinesTable {
  offer_id: string;
  product_line_id: string;
  tenant_id: string;
  pricing: Defaulted<Pricing>;
  /** numeric(12,2) USD per tonne and numeric(10,1) tonnes, as strings; a fixed line's price. */
  price_per_mt: string | null;
  /** An index-linked line's benchmark and the USD/MT added to it (may be negative). */
  index_name: string | null;
  differential: string | null;
  min_deliverable: string;
  max_deliverable: string;
  delivery_method: DeliveryMethod;
}

/** The itemised charges of every revision of an offer, in the order the supplier gave them. */
export interface OfferChargesTable {
  offer_id: string;
  revision: number;
  position: number;
  tenant_id: string;
  kind: ChargeKind;
  basis: ChargeBasis;
  /** numeric: USD (or per cent for a percentage), tonnes, as strings. */
  amount: string;
  threshold_mt: string | null;
  amount_above: string | null;
  product_line_ids: string[] | null;
  note: string | null;
}

/** The benchmark values a trader compares an inquiry's index-linked offers with, one per index. */
export interface InquiryIndexValuesTable {
  inquiry_id: string;
  /** The name trimmed and lower-cased, as lines are matched to it. */
  index_key: string;
  tenant_id: string;
  index_name: string;
  value: string;
  as_of: string;
  updated_by: string;
  updated_at: Defaulted<Date>;
}

/** Every submission of an offer as it was made, for disputes over what was offered when. */
export interface OfferRevisionsTable {
  offer_id: string;
  revision: number;
  tenant_id: string;
  source: 'link' | 'manual';
  submitted_at: Defaulted<Date>;
  content: unknown;
  round: Defaulted<number>;
}

/** A negotiation round after the distribution (round 2 on): the shortlisted offers revise until its reply-by. */
export interface InquiryRoundsTable {
  tenant_id: string;
  inquiry_id: string;
  round: number;
  reply_by: Date;
  message: string | null;
  show_rank: boolean;
  started_by: string;
  created_at: CreatedAt;
}

/** The audit trail: rows are only ever inserted (PostgreSQL refuses anything else). */
export interface AuditEventsTable {
  /** bigint, read as a number (libs/db): safe far beyond any count of rows. */
  seq: ColumnType<number, never, never>;
  tenant_id: string;
  inquiry_id: string;
  stem_id: string | null;
  at: Defaulted<Date>;
  actor_kind: AuditActorKind;
  actor_id: string | null;
  actor_name: string;
  type: AuditEventType;
  detail: object;
  changes: AuditChanges;
  request_id: string | null;
}

/** The first and last time each personal link was opened, and how often. */
export interface OfferLinkOpensTable {
  token_hash: Buffer;
  tenant_id: string;
  audit_seq: number | null;
  first_opened_at: Date;
  last_opened_at: Date;
  open_count: Defaulted<number>;
}

/** One thing a user was told about an inquiry; `event_key` names what caused it, once. */
export interface NotificationsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: NotificationKind;
  inquiry_id: string;
  offer_id: string | null;
  offer_revision: number | null;
  supplier_name: string | null;
  event_key: string;
  created_at: Date;
  read_at: Date | null;
  mail_state: Defaulted<'pending' | 'mailed' | 'skipped'>;
  mail_job_id: string | null;
}

/** The kinds of mail a user turned off (text[]); the rest are on. */
export interface NotificationPreferencesTable {
  user_id: string;
  tenant_id: string;
  email_off: Defaulted<string[]>;
  updated_at: Defaulted<Date>;
}

/** Where and when a user's alert mails go. */
export interface AlertMailboxesTable {
  user_id: string;
  tenant_id: string;
  email: string | null;
  name: string | null;
  last_mailed_at: Date | null;
  /** When the oldest notification waiting for a mail arrived; null while none waits. */
  pending_since: Date | null;
  address_checked_at: Date | null;
  /** Whether identity last said the mailbox is proven, and the company's sign-up (its quotas): the reminders' gate. */
  mailbox_verified: Defaulted<boolean | null>;
  company_created_at: Defaulted<Date | null>;
}

/** A supplier's reply by e-mail, under the recipient its answered mail went to. */
export interface InquiryMessagesTable {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  recipient_id: string;
  supplier_id: string;
  supplier_name: string;
  from_address: string;
  from_name: string | null;
  subject: string;
  text: string;
  text_truncated: boolean;
  auto_submitted: boolean;
  /** jsonb, written as JSON text (pg would write an array as a PostgreSQL array). */
  attachments: ColumnType<MessageAttachment[], string, never>;
  received_at: Date;
  read_at: Date | null;
  forward_job_id: string | null;
}

/** A stem: the deal with one winning supplier, with its own copy of what was agreed. */
export interface StemsTable {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  offer_id: string;
  offer_revision: number;
  reference: string;
  status: Defaulted<StemStatus>;
  company_name: string | null;
  supplier_id: string | null;
  supplier_name: string;
  supplier_email: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  vessel_name: string;
  imo: string | null;
  port_id: string | null;
  port_name: string | null;
  port_unlocode: string | null;
  port_country: string | null;
  port_timezone: string | null;
  delivery_from: Date | null;
  delivery_to: Date | null;
  agent_name: string | null;
  agent_email: string | null;
  payment_method: PaymentMethod | null;
  payment_days: number | null;
  payment_basis: PaymentBasis | null;
  payment_terms: string | null;
  selling_terms: string | null;
  pricing_mode: Defaulted<StemPricingMode>;
  created_by: string;
  created_at: CreatedAt;
  updated_at: Defaulted<Date>;
  sent_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
}

export interface StemLinesTable {
  stem_id: string;
  product_line_id: string;
  tenant_id: string;
  position: number;
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
  pricing: Pricing;
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
  delivery_method: DeliveryMethod;
  adjustment_basis: 'per_mt' | 'percent' | null;
  adjustment_amount: string | null;
}

/** The company's clause library. */
export interface ClausesTable {
  id: string;
  tenant_id: string;
  title: string;
  text: string;
  is_default: boolean;
  created_at: CreatedAt;
  updated_at: Defaulted<Date>;
}

/** The clauses on a stem, copied as chosen, in order. */
export interface StemClausesTable {
  stem_id: string;
  position: number;
  tenant_id: string;
  clause_id: string;
  title: string;
  text: string;
}

export interface StemReferenceSequencesTable {
  tenant_id: string;
  year: number;
  last_sequence: number;
}

/** A supplier's acknowledgement link: only the SHA-256 of its token is kept. */
export interface StemLinksTable {
  token_hash: Buffer;
  stem_id: string;
  tenant_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  retired_at: Date | null;
}

/** The dashboard's totals per company, kept by triggers on inquiries and offers (migration 0023). */
export interface CompanyCountsTable {
  tenant_id: string;
  inquiries: number;
  active_inquiries: number;
  /** Every offer but a draft. */
  offers: number;
  /** Inquiries awarded, and kept savings (award_savings rows): equal when none lacks its saving. */
  awarded_inquiries: number;
  kept_savings: number;
}

/** The kept savings summed per UTC month ("2026-11") and customer (award_savings' triggers). */
export interface AwardMonthSavingsTable {
  tenant_id: string;
  month: string;
  customer_name: string | null;
  vs_average_usd: string;
  vs_highest_usd: string;
  /** Awards counted (both figures given). */
  awarded: number;
}

/** The awarded lines' requested max tonnes summed per UTC month and product name as typed. */
export interface AwardMonthTonnesTable {
  tenant_id: string;
  month: string;
  product_name: string;
  quantity_mt: string;
  lines: number;
}

/** What an award saved (savingsByInquiry), kept per awarded inquiry; null figures: none. */
export interface AwardSavingsTable {
  inquiry_id: string;
  tenant_id: string;
  vs_average_usd: string | null;
  vs_highest_usd: string | null;
  computed_at: UpdatedAt;
}

export interface InquiryDB extends WithOutbox, StemLifeTables {
  inquiries: InquiriesTable;
  company_counts: CompanyCountsTable;
  award_savings: AwardSavingsTable;
  award_month_savings: AwardMonthSavingsTable;
  award_month_tonnes: AwardMonthTonnesTable;
  inquiry_products: InquiryProductsTable;
  offers: OffersTable;
  distributions: DistributionsTable;
  inquiry_recipients: InquiryRecipientsTable;
  offer_links: OfferLinksTable;
  offer_lines: OfferLinesTable;
  offer_charges: OfferChargesTable;
  offer_revisions: OfferRevisionsTable;
  inquiry_rounds: InquiryRoundsTable;
  inquiry_index_values: InquiryIndexValuesTable;
  audit_events: AuditEventsTable;
  offer_link_opens: OfferLinkOpensTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  alert_mailboxes: AlertMailboxesTable;
  inquiry_messages: InquiryMessagesTable;
  stems: StemsTable;
  stem_lines: StemLinesTable;
  clauses: ClausesTable;
  stem_clauses: StemClausesTable;
  stem_reference_sequences: StemReferenceSequencesTable;
  stem_links: StemLinksTable;
}
