import type { Supplier } from '@mfd/contracts';

/** What the RFQ loop reads of the directory's suppliers; each answers only what the caller may see. */
export interface SupplierLookups {
  /** The tenant's active suppliers that cover the port, or are marked default for every port. */
  coveringPort(portId: string): Promise<Supplier[]>;
  /** All the tenant's active suppliers. */
  active(): Promise<Supplier[]>;
  /** These suppliers of the tenant, whatever their status, in one read (at most 200 ids). */
  byIds(ids: string[]): Promise<Supplier[]>;
  /** One supplier of the tenant, or null. */
  supplier(id: string): Promise<Supplier | null>;
}
