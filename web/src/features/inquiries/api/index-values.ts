import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { IndexValuesInput, IndexValueView, indexValuesResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';
import { offersQueryKey } from './offers';

const indexValuesKey = (inquiryId: string) => ['inquiries', 'index-values', inquiryId];
const path = (inquiryId: string) => `/api/inquiries/${inquiryId}/index-values`;

/** The benchmark values the inquiry's index-linked offers are compared at. */
export function useIndexValues(inquiryId: string) {
  return useQuery({
    queryKey: indexValuesKey(inquiryId),
    queryFn: () => apiRequest<IndexValueView[]>(path(inquiryId)),
  });
}

/** Replaces the values as a whole; the comparison is read again, priced at them. */
export function useSaveIndexValues(inquiryId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: IndexValuesInput) =>
      apiRequest<z.infer<typeof indexValuesResponse>>(path(inquiryId), { method: 'PUT', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: indexValuesKey(inquiryId) }),
        queryClient.invalidateQueries({ queryKey: offersQueryKey(inquiryId) }),
      ]),
  });
}
