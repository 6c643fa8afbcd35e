import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SupplierScorecard, SupplierScorecardsResponse } from '@mfd/contracts';
import { apiRequest } from '../api-client';
import { periodQuery } from '../period-query';

const scorecardsQuery = {
  queryKey: ['insights', 'suppliers'],
  queryFn: () => apiRequest<SupplierScorecardsResponse>('/api/insights/suppliers'),
  staleTime: 60_000,
};

/** Each supplier's scorecard over the period (the last 90 days while no date is given). */
export function useScorecards(period: { from: string; to: string }) {
  const query = periodQuery(period);
  return useQuery(
    query
      ? {
          queryKey: ['insights', 'suppliers', 'period', period.from, period.to],
          queryFn: () => apiRequest<SupplierScorecardsResponse>(`/api/insights/suppliers?${query}`),
          staleTime: 60_000,
          placeholderData: keepPreviousData,
        }
      : scorecardsQuery,
  );
}

/** The same scorecards by supplier, for a figure beside each of its offers. */
export function useScorecardsBySupplier() {
  return useQuery({
    ...scorecardsQuery,
    select: (answer): ReadonlyMap<string, SupplierScorecard> =>
      new Map(answer.items.map((s) => [s.supplier_id, s])),
  });
}

/** One supplier's scorecard over the last 90 days; none when nothing was sent to it then. */
export function useSupplierScorecard(supplierId: string) {
  return useQuery({
    queryKey: ['insights', 'suppliers', supplierId],
    queryFn: () =>
      apiRequest<SupplierScorecardsResponse>(
        `/api/insights/suppliers?supplier_id=${encodeURIComponent(supplierId)}`,
      ),
    select: (answer): SupplierScorecard | null => answer.items[0] ?? null,
    staleTime: 60_000,
  });
}
