import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MarkNotificationsRead, NotificationsResponse } from '@mfd/contracts';
import { apiRequest } from '../api-client';
import { useSingleFlightMutation } from '../mutation';

/**
 * How often the bell asks again while the tab is visible (TanStack pauses the interval in a
 * hidden tab): an offer shows in the header within this long of its submission.
 */
const NOTIFICATIONS_POLL_MS = 10_000;
/** The latest notifications the bell lists. */
const BELL_SIZE = 20;

export const notificationsQuery = queryOptions({
  queryKey: ['notifications', 'list'],
  queryFn: () => apiRequest<NotificationsResponse>(`/api/notifications?limit=${BELL_SIZE}`),
  refetchInterval: NOTIFICATIONS_POLL_MS,
});

/** The signed-in user's latest notifications and unread count, polled; one request for every reader. */
export const useNotifications = () => useQuery(notificationsQuery);

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: MarkNotificationsRead) =>
      apiRequest<{ unread_count: number }>('/api/notifications/read', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/**
 * Calls `onArrive` when a notification about the inquiry arrives while the screen is open (not
 * for the ones already there when it opened), so its tabs read again what the event changed.
 */
export function useNotificationArrivals(inquiryId: string, onArrive: () => void): void {
  const { data } = useNotifications();
  // undefined until the first answer; null while the inquiry has no notification.
  const newest = data ? (data.items.find((n) => n.inquiry_id === inquiryId)?.id ?? null) : undefined;
  const seen = useRef<string | null | undefined>(undefined);
  const callback = useRef(onArrive);
  useEffect(() => {
    callback.current = onArrive;
  }, [onArrive]);
  useEffect(() => {
    if (newest === undefined) return;
    if (seen.current !== undefined && seen.current !== newest) callback.current();
    seen.current = newest;
  }, [newest]);
}
