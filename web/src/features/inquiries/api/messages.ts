import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InquiryMessagesResponse, MarkMessagesRead, MarkMessagesReadResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

/** How often an inquiry's messages are asked again while its page is open: a reply shows by itself. */
const MESSAGES_POLL_MS = 10_000;

export const messagesQueryKey = (inquiryId: string) => ['inquiries', 'messages', inquiryId];

/** Suppliers' replies on the inquiry, oldest first. */
export function useInquiryMessages(inquiryId: string, enabled = true) {
  return useQuery({
    queryKey: messagesQueryKey(inquiryId),
    queryFn: () => apiRequest<InquiryMessagesResponse>(`/api/inquiries/${inquiryId}/messages`),
    refetchInterval: MESSAGES_POLL_MS,
    enabled,
  });
}

/** Marks messages read; the list (and the tab's unread badge) is read again. */
export function useMarkMessagesRead(inquiryId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<MarkMessagesReadResponse>(`/api/inquiries/${inquiryId}/messages/read`, {
        method: 'POST',
        body: { ids } satisfies MarkMessagesRead,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(inquiryId) }),
  });
}
