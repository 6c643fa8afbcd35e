import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PriceHistoryQuery, PriceHistoryResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The filters as a query string, the dates left out while empty (the server's default period). */
export function queryString(query: PriceHistoryQuery): string {
  return new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();
}

/** The price history of a grade at a port, once both are chosen; the chart keeps the last answer while the next loads. */
export function usePriceHistory(query: PriceHistoryQuery | null) {
  return useQuery({
    queryKey: ['insights', 'prices', query],
    queryFn: () => apiRequest<PriceHistoryResponse>(`/api/insights/prices?${queryString(query!)}`),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
