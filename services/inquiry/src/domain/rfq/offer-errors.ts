import { offerRevisedMessage, type FieldError, type OfferLinkState, type PublicTrader } from '@mfd/contracts';
import { closedLinkDetail } from './offer-link-state';

/** An unknown offer link, or an inquiry or offer the caller's company does not have: 404 alike. */
export class OfferNotFoundError extends Error {
  constructor(readonly what: 'link' | 'inquiry' | 'offer') {
    super({ link: 'Offer link not found', inquiry: 'Inquiry not found', offer: 'Offer not found' }[what]);
  }
}

/** A personal link that no longer takes offers (410), with why and who sent it, so the page can say both. */
export class OfferLinkClosedError extends Error {
  constructor(
    readonly state: Exclude<OfferLinkState, 'open'>,
    readonly trader: PublicTrader,
  ) {
    super(closedLinkDetail(state));
  }
}

/** An offer that parsed but does not hold against the inquiry (a line it does not have, a past validity). */
export class OfferInputError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join('; '));
  }
}

/** An offer past its validity: it may not be awarded (409). */
export class OfferExpiredError extends Error {
  constructor() {
    super('This offer’s validity has passed: it can no longer be awarded.');
  }
}

/** The supplier revised the offer after the trader loaded it (409): the award names the revision it accepts. */
export class OfferRevisedError extends Error {
  constructor(
    readonly currentRevision: number,
    readonly offerId: string,
  ) {
    super(offerRevisedMessage(currentRevision));
  }
}
