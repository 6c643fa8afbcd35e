import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StemPricingInput, StemSendInput, StemStatus, StemSummary, StemView } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';
import { useStemChange } from './stem-life';

const stemKey = (id: string) => ['stems', 'detail', id];

/** The company's stems, newest first, optionally of one status. */
export function useStems(status: StemStatus | null) {
  return useQuery({
    queryKey: ['stems', 'list', status],
    queryFn: () =>
      apiRequest<{ items: StemSummary[] }>(`/api/stems${status ? `?status=${status}` : ''}`).then(
        (r) => r.items,
      ),
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
