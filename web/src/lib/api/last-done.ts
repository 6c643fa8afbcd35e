import { useQuery } from '@tanstack/react-query';
import type { LastDoneResponse } from '@mfd/contracts';
import { apiRequest } from '../api-client';

/** Per fuel line of an inquiry, the price last awarded for its grade at its port. */
export function useLastDone(inquiryId: string) {
  return useQuery({
    queryKey: ['insights', 'last-done', inquiryId],
    queryFn: () => apiRequest<LastDoneResponse>(`/api/inquiries/${inquiryId}/last-done`),
    select: (answer) => new Map(answer.items.map((item) => [item.product_line_id, item])),
    staleTime: 60_000,
  });
}
