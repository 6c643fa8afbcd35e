import type { OfferLinkState } from '@mfd/contracts';

/** What a closed link says, in the words the server's 410 uses, for a page loaded already closed. */
export const CLOSED_WORDS: Record<Exclude<OfferLinkState, 'open'>, { title: string; text: string }> = {
  expired: {
    title: 'Offer link expired',
    text: 'This offer link has expired: the reply-by time or your offer’s validity has passed.',
  },
  awarded: { title: 'Awarded to you', text: 'This inquiry has been awarded to your offer.' },
  not_awarded: { title: 'Awarded elsewhere', text: 'This inquiry has been awarded to another supplier.' },
  cancelled: { title: 'Inquiry cancelled', text: 'This inquiry has been cancelled.' },
};

export const INVALID_LINK = 'This offer link is not valid.';
