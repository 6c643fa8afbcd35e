import { useQuery } from '@tanstack/react-query';
import type { MarginsResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

/** What the company earned per month, customer and grade over the last 90 days. */
export function useMargins() {
  return useQuery({
    queryKey: ['insights', 'margins'],
    queryFn: () => apiRequest<MarginsResponse>('/api/insights/margins'),
  });
}
