import type { ColumnType } from 'kysely';
import type { InquiryStatus, OfferStatus } from '@mfd/contracts';
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

export interface OffersTable {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  supplier_id: string | null;
  supplier_name: string | null;
  status: ColumnType<OfferStatus, OfferStatus | undefined, OfferStatus>;
  submitted_at: Date | null;
  created_at: CreatedAt;
}

export interface InquiryDB extends WithOutbox {
  inquiries: InquiriesTable;
  inquiry_products: InquiryProductsTable;
  offers: OffersTable;
}
