import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetailResponse, Profile } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async () => (await apiRequest<{ success: true; profile: Profile }>('/api/profile')).profile,
});

export const useProfile = () => useQuery(profileQuery);

export type ProfileSection = 'personal' | 'company' | 'signature';

const PATHS: Record<ProfileSection, string> = {
  personal: '/api/profile',
  company: '/api/profile/company',
  signature: '/api/profile/signature',
};

export function useSaveProfileSection(section: ProfileSection) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest<DetailResponse>(PATHS[section], { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}
