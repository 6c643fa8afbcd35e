import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AwardInput,
  DetailResponse,
  ManualOfferInput,
  OfferRevision,
  OfferSealView,
  OfferView,
  SealedOfferView,
  offerSubmitResponse,
  RoundInput,
  RoundResponse,
  SplitAwardInput,
} from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

/**
 * How often an open inquiry's offers are asked again. The issue wants a new offer on screen within
 * 5 s; polling every 5 s would miss that by the request's own time, so a margin is kept.
 */
const OFFERS_POLL_MS = 3000;

export const offersQueryKey = (inquiryId: string) => ['inquiries', 'offers', inquiryId];

/**
 * The inquiry's offers (while sealed, only who answered and when); `poll` while suppliers can
 * still answer, so a new one appears by itself.
 */
export function useOffers(inquiryId: string, poll: boolean, enabled = true) {
  return useQuery({
    queryKey: offersQueryKey(inquiryId),
    queryFn: () => apiRequest<(OfferView | SealedOfferView)[]>(`/api/inquiries/${inquiryId}/offers`),
    refetchInterval: poll ? OFFERS_POLL_MS : false,
    enabled,
  });
}

/** Whether the offers are sealed, how many suppliers answered and when they open; asked while sealed or before any offer. */
export function useOfferSeal(inquiryId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...offersQueryKey(inquiryId), 'seal'],
    queryFn: () => apiRequest<OfferSealView>(`/api/inquiries/${inquiryId}/offer-seal`),
    // Once open the offers stay open: the offers list brings the rest.
    refetchInterval: (query) => (query.state.data?.sealed === false ? false : OFFERS_POLL_MS),
    enabled,
  });
}

export function useOfferRevisions(offerId: string) {
  return useQuery({
    queryKey: ['offers', 'revisions', offerId],
    queryFn: () => apiRequest<OfferRevision[]>(`/api/offers/${offerId}/revisions`),
  });
}

function useOfferMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
        queryClient.invalidateQueries({ queryKey: ['offers'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

/** Awards the revision of the offer the trader reviewed (a later one is refused: 409). */
export const useAwardOffer = () =>
  useOfferMutation(({ offerId, notes, revision }: { offerId: string; notes: string; revision: number }) =>
    apiRequest<DetailResponse>(`/api/offers/${offerId}/award`, {
      method: 'POST',
      body: { notes: notes.trim() || null, revision } satisfies AwardInput,
    }),
  );

/** Awards each fuel line to the offer picked for it, or leaves it not placed, in one request. */
export const useSplitAward = (inquiryId: string) =>
  useOfferMutation((body: SplitAwardInput) =>
    apiRequest<DetailResponse>(`/api/inquiries/${inquiryId}/award`, { method: 'POST', body }),
  );

/** Invites the shortlisted offers to improve in the next negotiation round. */
export const useStartRound = (inquiryId: string) =>
  useOfferMutation((body: RoundInput) =>
    apiRequest<RoundResponse>(`/api/inquiries/${inquiryId}/rounds`, { method: 'POST', body }),
  );

export const useRecordOffer = (inquiryId: string) =>
  useOfferMutation((body: ManualOfferInput) =>
    apiRequest<z.infer<typeof offerSubmitResponse>>(`/api/inquiries/${inquiryId}/offers`, {
      method: 'POST',
      body,
    }),
  );
