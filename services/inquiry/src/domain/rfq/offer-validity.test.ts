import { describe, expect, it } from 'vitest';
import { OfferInputError } from './offer-errors';
import { checkValidity } from './offer-validity';

const now = new Date('2030-03-01T10:00:00.000Z');
const DAY = 24 * 3_600_000;
const until = (ms: number) => ({ valid_until: new Date(now.getTime() + ms).toISOString() });

function refusal(ms: number) {
  try {
    checkValidity(until(ms), now);
    return null;
  } catch (err) {
    return err instanceof OfferInputError ? err.errors : err;
  }
}

describe('an offer’s validity', () => {
  it('when it ends between now and 90 days ahead, then it is taken', () => {
    expect(refusal(1)).toBeNull();
    expect(refusal(90 * DAY)).toBeNull();
  });

  it('when it has ended, then valid_until must be in the future', () => {
    expect(refusal(0)).toEqual([{ field: 'valid_until', message: 'Valid until must be in the future' }]);
  });

  it('when it ends more than 90 days ahead, then valid_until is refused by name', () => {
    expect(refusal(90 * DAY + 1)).toEqual([
      { field: 'valid_until', message: 'Valid until must be at most 90 days ahead' },
    ]);
  });
});
