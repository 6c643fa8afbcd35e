import { useQuery } from '@tanstack/react-query';
import type { SupplierResponseStats } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Per supplier: inquiries sent, offers made, median time to answer. */
export function useSupplierStats() {
  return useQuery({
    queryKey: ['offers', 'supplier-stats'],
    queryFn: () => apiRequest<SupplierResponseStats[]>('/api/offers/supplier-stats'),
    select: (rows) => new Map(rows.map((r) => [r.supplier_id, r])),
  });
}
