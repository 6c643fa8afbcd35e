import { useQuery } from '@tanstack/react-query';
import type { SupplierScorecard, SupplierScorecardsResponse } from '@mfd/contracts';
import { apiRequest } from '../api-client';

const scorecardsQuery = {
  queryKey: ['insights', 'suppliers'],
  queryFn: () => apiRequest<SupplierScorecardsResponse>('/api/insights/suppliers'),
  staleTime: 60_000,
};

/** Each supplier's scorecard over the last 90 days. */
export function useScorecards() {
  return useQuery(scorecardsQuery);
}

/** The same scorecards by supplier, for a figure beside each of its offers. */
export function useScorecardsBySupplier() {
  return useQuery({
    ...scorecardsQuery,
    select: (answer): ReadonlyMap<string, SupplierScorecard> =>
      new Map(answer.items.map((s) => [s.supplier_id, s])),
  });
}
