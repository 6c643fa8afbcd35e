import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PriceHistoryQuery, PriceHistoryResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The price history of a grade at a port, once both are chosen; the chart keeps the last answer while the next loads. */
export function usePriceHistory(query: PriceHistoryQuery | null) {
  return useQuery({
    queryKey: ['insights', 'prices', query],
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries(query!).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
      );
      return apiRequest<PriceHistoryResponse>(`/api/insights/prices?${params}`);
    },
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
