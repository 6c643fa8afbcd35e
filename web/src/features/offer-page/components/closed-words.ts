import type { OfferLinkState } from '@mfd/contracts';

/** What a closed link says, in the words the server's 410 uses, for a page loaded already closed. */
export const CLOSED_WORDS: Record<Exclude<OfferLinkState, 'open'>, string> = {
  expired: 'This offer link has expired: the reply-by time or your offer’s validity has passed.',
  awarded: 'This inquiry has been awarded to your offer.',
  not_awarded: 'This inquiry has been awarded to another supplier.',
  cancelled: 'This inquiry has been cancelled.',
  superseded: 'A newer link was sent to you: please use the latest e-mail.',
  not_shortlisted:
    'The trader has asked a shortlist of suppliers to improve their offers: your offer stands as it is and can no longer be revised.',
};

export const INVALID_LINK = 'This offer link is not valid.';
