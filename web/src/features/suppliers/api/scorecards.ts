import { useQuery } from '@tanstack/react-query';
import type { SupplierScorecardsResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Each supplier's scorecard over the last 90 days. */
export function useScorecards() {
  return useQuery({
    queryKey: ['insights', 'suppliers'],
    queryFn: () => apiRequest<SupplierScorecardsResponse>('/api/insights/suppliers'),
  });
}
