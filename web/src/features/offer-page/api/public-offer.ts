import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DeclineInput,
  declineResponse,
  OfferSubmit,
  PublicOfferPage,
  offerSubmitResponse,
  StemAcknowledgeInput,
  StemAcknowledgeResponse,
} from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

const pageKey = (token: string) => ['public-offer', token];
const path = (token: string) => `/api/public/offers/${encodeURIComponent(token)}`;

/** The supplier's view of the inquiry behind its personal link, in every state (open or why not). */
export function usePublicOffer(token: string) {
  return useQuery({
    queryKey: pageKey(token),
    queryFn: () => apiRequest<PublicOfferPage>(path(token)),
    retry: false,
    // The link is rate-limited per token: ask once, and again only after a submit.
    staleTime: Infinity,
  });
}

export function useSubmitOffer(token: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: OfferSubmit) =>
      apiRequest<z.infer<typeof offerSubmitResponse>>(path(token), { method: 'POST', body }),
    // After a submit (or a 410: the link closed meanwhile) the page is read again for its state and revision.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pageKey(token) }),
  });
}

/** Declining to quote, with a reason; the page is read again for its decline (and a withdrawn offer). */
export function useDeclineOffer(token: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: DeclineInput) =>
      apiRequest<z.infer<typeof declineResponse>>(`${path(token)}/decline`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pageKey(token) }),
  });
}

/** The supplier acknowledges a stem confirmation with its name, through the link of the confirmation mail. */
export function useAcknowledgeStem(token: string) {
  return useSingleFlightMutation({
    mutationFn: (body: StemAcknowledgeInput) =>
      apiRequest<StemAcknowledgeResponse>(`${path(token)}/acknowledge`, { method: 'POST', body }),
  });
}
