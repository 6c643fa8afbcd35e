import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DistributeInput,
  DistributeResponse,
  InquiryRecipient,
  SuggestedSupplier,
} from '@mfd/contracts';
import { apiPage, apiRequest } from '../../../lib/api-client';
import { hasMailInFlight } from '../components/suppliers-tab-selection';
import { useSingleFlightMutation } from '../../../lib/mutation';

/**
 * While any mail to this inquiry's suppliers is still on its way, its delivery status is asked
 * again this often (a distribution's mails usually go out within a second).
 */
const DELIVERY_POLL_MS = 2000;

export function useSuggestedSuppliers(inquiryId: string, all: boolean) {
  return useQuery({
    queryKey: ['inquiries', 'suggested-suppliers', inquiryId, all ? 'all' : 'port'],
    queryFn: () =>
      apiRequest<SuggestedSupplier[]>(
        `/api/inquiries/${inquiryId}/suggested-suppliers${all ? '?all=1' : ''}`,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasMailInFlight(query.state.data) ? DELIVERY_POLL_MS : false),
  });
}

/** The addresses the inquiry went to (a page of them, and how many in all): who hears of a cancel or amendment. */
export function useRecipients(inquiryId: string) {
  return useQuery({
    queryKey: ['inquiries', 'recipients', inquiryId],
    queryFn: () => apiPage<InquiryRecipient>(`/api/inquiries/${inquiryId}/recipients`),
  });
}

/** Sends (or re-sends) the inquiry; the inquiry's status, its supplier list and the dashboard change with it. */
export function useDistribute(inquiryId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: DistributeInput) =>
      apiRequest<DistributeResponse>(`/api/inquiries/${inquiryId}/distribute`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['offers', 'supplier-stats'] }),
      ]),
  });
}
