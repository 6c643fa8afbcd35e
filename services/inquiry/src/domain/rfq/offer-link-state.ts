import type { InquiryStatus, OfferLinkState, OfferStatus } from '@mfd/contracts';

export interface LinkFacts {
  /** A newer link was mailed to the same recipient. */
  superseded: boolean;
  inquiryStatus: InquiryStatus;
  /** The negotiation round the inquiry is in (the distribution is round 1). */
  inquiryRound: number;
  /** The recipient's reply-by (a round's, for a supplier invited to it). */
  replyBy: Date;
  /** The supplier's offer, if it made one, with the last round it was shortlisted for. */
  offer: { status: OfferStatus; validUntil: Date | null; shortlistedRound?: number | null } | null;
  now: Date;
}

/**
 * What a supplier's personal link allows now. A link a newer one replaced points to the latest
 * mail, whatever the inquiry's state; a closed inquiry says how it closed (for this supplier:
 * awarded to it, or to someone else); once a negotiation round started, only the suppliers
 * shortlisted for it may revise; an open one takes offers until the reply-by and, once an offer is
 * in, until that offer's own validity ends.
 */
export function offerLinkState({
  superseded,
  inquiryStatus,
  inquiryRound,
  replyBy,
  offer,
  now,
}: LinkFacts): OfferLinkState {
  if (superseded) return 'superseded';
  if (inquiryStatus === 'cancelled') return 'cancelled';
  if (inquiryStatus === 'awarded') return offer?.status === 'awarded' ? 'awarded' : 'not_awarded';
  if (inquiryRound > 1 && offer?.shortlistedRound !== inquiryRound) return 'not_shortlisted';
  if (now.getTime() >= replyBy.getTime()) return 'expired';
  if (offer?.validUntil && now.getTime() >= offer.validUntil.getTime()) return 'expired';
  return 'open';
}

const CLOSED_WORDS: Record<Exclude<OfferLinkState, 'open'>, string> = {
  expired: 'This offer link has expired: the reply-by time or your offer’s validity has passed.',
  awarded: 'This inquiry has been awarded to your offer.',
  not_awarded: 'This inquiry has been awarded to another supplier.',
  cancelled: 'This inquiry has been cancelled.',
  superseded: 'A newer link was sent to you: please use the latest e-mail.',
  not_shortlisted:
    'The trader has asked a shortlist of suppliers to improve their offers: your offer stands as it is and can no longer be revised.',
};

/** The sentence a closed link answers with (410) and the page shows. */
export function closedLinkDetail(state: Exclude<OfferLinkState, 'open'>): string {
  return CLOSED_WORDS[state];
}
