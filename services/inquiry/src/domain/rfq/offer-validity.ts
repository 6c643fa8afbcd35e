import { MAX_OFFER_VALIDITY_DAYS } from '@mfd/contracts';
import { OfferInputError } from './offer-errors';

/**
 * The validity must still be ahead (an offer already lapsed binds nobody) and at most 90 days
 * away (a firm offer holds hours or days; a link would otherwise stay open for months).
 */
export function checkValidity(input: { valid_until: string }, now: Date): void {
  const until = new Date(input.valid_until).getTime();
  if (until <= now.getTime())
    throw new OfferInputError([{ field: 'valid_until', message: 'Valid until must be in the future' }]);
  if (until > now.getTime() + MAX_OFFER_VALIDITY_DAYS * 24 * 3_600_000)
    throw new OfferInputError([
      { field: 'valid_until', message: `Valid until must be at most ${MAX_OFFER_VALIDITY_DAYS} days ahead` },
    ]);
}
