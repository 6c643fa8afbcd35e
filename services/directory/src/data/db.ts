import type { ColumnType, Generated } from 'kysely';
import type { CompanyType, SupplierStatus } from '@mfd/contracts';
import type { WithOutbox } from '@mfd/queue';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

/**
 * Reference data: the import fills it from UN/LOCODE and platform operators add shared ports; a
 * port any other user adds is their company's own (`tenant_id`) until an operator approves it.
 */
export interface PortsTable {
  id: string;
  /** The company that alone sees the port until it is approved; null once shared by every company. */
  tenant_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an operator declined to share it: it stays the company's own, off the review list. */
  rejected_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  unlocode: string;
  name: string;
  name_ascii: string;
  /** search_text(name_ascii), kept by PostgreSQL: what the typeahead matches. */
  search_name: ColumnType<string, never, never>;
  /** How many distinct trigrams search_name has (migration 0011), kept by PostgreSQL. */
  search_trigrams: ColumnType<number, never, never>;
  country: string;
  subdivision: string | null;
  region: string | null;
  timezone: string;
  lat: number | null;
  lon: number | null;
  functions: string | null;
  status: string | null;
  source: 'seed' | 'manual' | 'unlocode';
  created_by: string | null;
  created_by_tenant: string | null;
  /** The platform operator who last edited it. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProductsTable {
  id: string;
  code: string;
  name: string | null;
  spec_version: string;
  /** numeric(5,3): a string, never a float. */
  sulfur_max: string | null;
  aliases: string[];
  created_by: string | null;
  created_by_tenant: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Tenant-owned: a customer, or the company behind a supplier. */
export interface CompaniesTable {
  id: string;
  tenant_id: string;
  type: CompanyType;
  legal_entity_name: string;
  brand_name: string | null;
  trading_name: string | null;
  contact_name: string | null;
  contact_position: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  general_email: string | null;
  main_phone: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state_province: string | null;
  country: string | null;
  postal_code: string | null;
  registration_number: string | null;
  tax_id: string | null;
  notes: string | null;
  selling_terms: Generated<string>;
  main_ship_type: string | null;
  status: Generated<SupplierStatus>;
  inquiry_count: Generated<number>;
  search_text: ColumnType<string, never, never>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface SuppliersTable {
  id: string;
  tenant_id: string;
  company_id: string;
  trading_name: string;
  default_email: string;
  default_phone: string | null;
  status: SupplierStatus;
  tags: string[];
  is_default_for_ports: boolean;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SupplierContactsTable {
  id: string;
  tenant_id: string;
  supplier_id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  is_primary: boolean;
  position: number;
}

export interface SupplierPortsTable {
  supplier_id: string;
  port_id: string;
  tenant_id: string;
  created_at: CreatedAt;
}

/** Vessels by IMO: confirmed ones are shared; one a company named stays its own (`tenant_id`) until an operator confirms it. */
export interface VesselsTable {
  id: string;
  tenant_id: ColumnType<string | null, string | null | undefined, string | null>;
  imo: string;
  name: string;
  ship_type: string | null;
  flag: string | null;
  gross_tonnage: number | null;
  dwt: number | null;
  year_built: number | null;
  created_by: string | null;
  created_by_tenant: string | null;
  /** The platform operator who confirmed it. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProcessedEventsTable {
  id: string;
  processed_at: CreatedAt;
}

/** A company's address that hard-bounced (lower case), with its latest bounce. */
export interface BouncedAddressesTable {
  tenant_id: string;
  email: string;
  status: string;
  diagnostic: string | null;
  bounced_at: Date;
}

export interface DirectoryDB extends WithOutbox {
  ports: PortsTable;
  products: ProductsTable;
  companies: CompaniesTable;
  suppliers: SuppliersTable;
  supplier_contacts: SupplierContactsTable;
  supplier_ports: SupplierPortsTable;
  vessels: VesselsTable;
  processed_events: ProcessedEventsTable;
  bounced_addresses: BouncedAddressesTable;
}
