import type { ColumnType } from 'kysely';
import type { DeliveryMethod, InquiryStatus, MailStatus, OfferStatus } from '@mfd/contracts';
import type { WithOutbox } from '@mfd/queue';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

export interface InquiriesTable {
  id: string;
  tenant_id: string;
  created_by: string;
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
  commentary: string | null;
  status: ColumnType<InquiryStatus, InquiryStatus | undefined, InquiryStatus>;
  selling_terms: string | null;
  /** Counts amendments made after the inquiry was first sent; offers remember the one they priced. */
  revision: ColumnType<number, number | undefined, number>;
  amended_at: Date | null;
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
  mail_status: Defaulted<MailStatus>;
  mail_attempts: Defaulted<number>;
  mail_error: string | null;
  mail_status_at: Defaulted<Date>;
}

/** A personal offer link: only the SHA-256 of its token is kept. */
export interface OfferLinksTable {
  token_hash: Buffer;
  recipient_id: string;
  created_at: CreatedAt;
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
  /** numeric(14,2) USD, as strings. */
  barging_charges: Defaulted<string>;
  other_charges: Defaulted<string>;
  payment_terms: string | null;
  valid_until: Date | null;
  remarks: string | null;
  recorded_by: string | null;
  awarded_at: Date | null;
  awarded_by: string | null;
  award_notes: string | null;
  updated_at: Defaulted<Date>;
}

export interface OfferLinesTable {
  offer_id: string;
  product_line_id: string;
  tenant_id: string;
  /** numeric(12,2) USD per tonne and numeric(10,1) tonnes, as strings. */
  price_per_mt: string;
  min_deliverable: string;
  max_deliverable: string;
  delivery_method: DeliveryMethod;
}

/** Every submission of an offer as it was made, for disputes over what was offered when. */
export interface OfferRevisionsTable {
  offer_id: string;
  revision: number;
  tenant_id: string;
  source: 'link' | 'manual';
  submitted_at: Defaulted<Date>;
  content: unknown;
}

export interface InquiryDB extends WithOutbox {
  inquiries: InquiriesTable;
  inquiry_products: InquiryProductsTable;
  offers: OffersTable;
  distributions: DistributionsTable;
  inquiry_recipients: InquiryRecipientsTable;
  offer_links: OfferLinksTable;
  offer_lines: OfferLinesTable;
  offer_revisions: OfferRevisionsTable;
}
