import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MarginsResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { periodQuery } from '../../../lib/period-query';

/** What the company earned per month, customer and grade over the period (the last 90 days while no date is given). */
export function useMargins(period: { from: string; to: string }) {
  return useQuery({
    queryKey: ['insights', 'margins', period.from, period.to],
    queryFn: () => apiRequest<MarginsResponse>(`/api/insights/margins?${periodQuery(period)}`),
    placeholderData: keepPreviousData,
  });
}
