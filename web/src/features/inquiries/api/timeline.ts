import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimelineResponse } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Items per page of the timeline: a whole ordinary inquiry in one read. */
const PAGE = 100;

/** The inquiry's audit trail, oldest first, a page at a time ("Show more" reads the next). */
export function useTimeline(inquiryId: string) {
  return useInfiniteQuery({
    queryKey: ['inquiries', 'timeline', inquiryId],
    queryFn: ({ pageParam }) =>
      apiRequest<TimelineResponse>(
        `/api/inquiries/${inquiryId}/timeline?limit=${PAGE}${pageParam ? `&after=${pageParam}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
