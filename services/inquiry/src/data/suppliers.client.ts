import { supplier } from '@mfd/contracts';
import type { ServiceClient } from '@mfd/service-kit';
import { z } from 'zod';
import type { SupplierLookups } from '../domain/rfq/supplier-lookups';

const suppliers = z.array(supplier);

/** The directory's suppliers, read with the caller's own token so the directory applies its tenant rules. */
export function supplierLookups(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
): SupplierLookups {
  const byIds = (ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : client.get(`/api/suppliers?ids=${ids.join(',')}`, suppliers, auth);
  return {
    coveringPort: (portId) => client.get(`/api/suppliers/by-port/${portId}`, suppliers, auth),
    active: () => client.get('/api/suppliers?status=active', suppliers, auth),
    byIds,
    supplier: async (id) => (await byIds([id]))[0] ?? null,
  };
}
