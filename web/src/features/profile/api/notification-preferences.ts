import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesInput } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

export const notificationPreferencesQuery = queryOptions({
  queryKey: ['notifications', 'preferences'],
  queryFn: () => apiRequest<NotificationPreferences>('/api/notifications/preferences'),
});

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery);

/** Saves the switches sent (the server keeps the others); the answer is the whole set. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: NotificationPreferencesInput) =>
      apiRequest<NotificationPreferences & { detail: string }>('/api/notifications/preferences', {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData(notificationPreferencesQuery.queryKey, { email: saved.email }),
  });
}
