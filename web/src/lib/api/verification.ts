import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, DetailResponse } from '@mfd/contracts';
import { apiRequest } from '../api-client';
import { useSingleFlightMutation } from '../mutation';

/** While the address is unconfirmed, asked again now and then: it may be confirmed in another tab or on a phone. */
const CHECK_EVERY_MS = 15_000;

/** The account as the server has it now, re-read on focus and every 15 s while `watching`. */
export function useMailboxCheck(watching: boolean) {
  return useQuery({
    queryKey: ['auth', 'mailbox'],
    queryFn: () => apiRequest<CurrentUser>('/api/auth/me'),
    enabled: watching,
    refetchInterval: watching ? CHECK_EVERY_MS : false,
    refetchOnWindowFocus: 'always',
  });
}

/** Mails the signed-in user a new link to confirm their address (once per five minutes). */
export function useResendVerification() {
  return useSingleFlightMutation({
    mutationFn: () => apiRequest<DetailResponse>('/api/auth/resend-verification', { method: 'POST' }),
  });
}
