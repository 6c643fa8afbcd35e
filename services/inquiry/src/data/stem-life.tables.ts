import type { ColumnType } from 'kysely';
import type { ClaimKind, ClaimStatus } from '@mfd/contracts';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A date column: written as YYYY-MM-DD, read through to_char (never a local-midnight Date). */
type DateText = ColumnType<Date, string, string>;

/** A stem's bunker delivery note (migration 0017). */
export interface StemDeliveriesTable {
  stem_id: string;
  tenant_id: string;
  bdn_number: string;
  delivered_at: Date;
  barge_name: string | null;
  seals: Defaulted<string[]>;
  remarks: string | null;
  recorded_by: string;
  recorded_at: Defaulted<Date>;
}

export interface StemDeliveryLinesTable {
  stem_id: string;
  product_line_id: string;
  tenant_id: string;
  quantity_mt: string;
  density_kg_m3: string | null;
  sulphur_pct: string | null;
  viscosity_cst: string | null;
}

export interface StemDocumentsTable {
  id: string;
  stem_id: string;
  tenant_id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  content: Buffer;
  uploaded_by: string;
  uploaded_at: Defaulted<Date>;
}

export interface StemIndexValuesTable {
  stem_id: string;
  tenant_id: string;
  index_name: string;
  value: string;
  as_of: DateText;
}

export interface StemInvoicesTable {
  stem_id: string;
  tenant_id: string;
  number: string;
  invoice_date: DateText;
  amount_usd: string;
  due_date: DateText;
  recorded_by: string;
  recorded_at: Defaulted<Date>;
}

export interface StemClaimsTable {
  id: string;
  stem_id: string;
  tenant_id: string;
  kind: ClaimKind;
  description: string;
  amount_usd: string | null;
  status: ClaimStatus;
  time_bar_at: Date;
  created_by: string;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
}

/** One digest mail per user and day (migration 0018): the pass that writes it is safe to repeat. */
export interface StemDigestsTable {
  user_id: string;
  day: DateText;
  tenant_id: string;
  job_id: string | null;
  created_at: Defaulted<Date>;
}

export interface StemLifeTables {
  stem_deliveries: StemDeliveriesTable;
  stem_delivery_lines: StemDeliveryLinesTable;
  stem_documents: StemDocumentsTable;
  stem_index_values: StemIndexValuesTable;
  stem_invoices: StemInvoicesTable;
  stem_claims: StemClaimsTable;
  stem_digests: StemDigestsTable;
}
