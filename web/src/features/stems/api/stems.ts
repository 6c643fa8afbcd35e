import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StemPricingInput, StemSendInput, StemStatus, StemSummary, StemView } from '@mfd/contracts';
import { apiPage, apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';
import { useStemChange } from './stem-life';

const stemKey = (id: string) => ['stems', 'detail', id];

interface StemPageParams {
  q: string;
  status: StemStatus | null;
  limit: number;
  offset: number;
}

/** A page of the company's stems, newest first, optionally of one status or matching a search. */
export function useStems(params: StemPageParams) {
  const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.q) query.set('q', params.q);
  if (params.status) query.set('status', params.status);
  return useQuery({
    queryKey: ['stems', 'list', params],
    queryFn: () => apiPage<StemSummary>(`/api/stems?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useStem(id: string) {
  return useQuery({ queryKey: stemKey(id), queryFn: () => apiRequest<StemView>(`/api/stems/${id}`) });
}

/** Markup or commission per line, as a whole; the stem answers with its new prices. */
export function useSetStemPricing(id: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: StemPricingInput) =>
      apiRequest<StemView>(`/api/stems/${id}/pricing`, { method: 'PUT', body }),
    onSuccess: (stem) => queryClient.setQueryData(stemKey(id), stem),
  });
}

/** Mails the confirmation: each recipient its copy; the stem answers sent (or still acknowledged). */
export const useSendStem = (id: string) =>
  useStemChange(id, (body: StemSendInput) =>
    apiRequest<StemView>(`/api/stems/${id}/send`, { method: 'POST', body }),
  );

/** The stem's clauses as a whole, in order (while a draft); the stem answers with its new clauses. */
export const useSetStemClauses = (id: string) =>
  useStemChange(id, (clauseIds: string[]) =>
    apiRequest<StemView>(`/api/stems/${id}/clauses`, { method: 'PUT', body: { clause_ids: clauseIds } }),
  );
