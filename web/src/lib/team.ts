import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthResponse,
  CompanySettings,
  CompanySettingsUpdate,
  DetailResponse,
  InvitationAccept,
  InvitationCreate,
  InvitationView,
  Member,
  PublicInvitation,
  Role,
} from '@mfd/contracts';
import { apiRequest } from './api-client';
import { useSingleFlightMutation } from './mutation';

export const useMembers = () =>
  useQuery({ queryKey: ['team', 'members'], queryFn: () => apiRequest<Member[]>('/api/company/members') });

export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: ['team', 'invitations'],
    queryFn: () => apiRequest<InvitationView[]>('/api/company/invitations'),
    enabled,
  });

export const useCompanySettings = () =>
  useQuery({
    queryKey: ['team', 'settings'],
    queryFn: () => apiRequest<CompanySettings>('/api/company/settings'),
  });

/** Every change to the team reads the members and invitations again (a removal also moves inquiries). */
function useTeamMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['team'] }),
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
      ]),
  });
}

export const useInvite = () =>
  useTeamMutation((body: InvitationCreate) =>
    apiRequest<InvitationView>('/api/company/invitations', { method: 'POST', body }),
  );

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) =>
    apiRequest<DetailResponse>(`/api/company/invitations/${id}`, { method: 'DELETE' }),
  );

export const useChangeRole = () =>
  useTeamMutation(({ id, role }: { id: string; role: Role }) =>
    apiRequest<DetailResponse>(`/api/company/members/${id}`, { method: 'PATCH', body: { role } }),
  );

export const useRemoveMember = () =>
  useTeamMutation((id: string) =>
    apiRequest<DetailResponse>(`/api/company/members/${id}`, { method: 'DELETE' }),
  );

export const useSaveCompanySettings = () =>
  useTeamMutation((body: CompanySettingsUpdate) =>
    apiRequest<CompanySettings>('/api/company/settings', { method: 'PUT', body }),
  );

/** The join page's read of its link: not retried, a 404 or 410 is the answer. */
export const usePublicInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: () => apiRequest<PublicInvitation>(`/api/public/invitations/${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });

export const useAcceptInvitation = (token: string) =>
  useSingleFlightMutation({
    mutationFn: (body: InvitationAccept) =>
      apiRequest<AuthResponse>(`/api/public/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body,
      }),
  });
