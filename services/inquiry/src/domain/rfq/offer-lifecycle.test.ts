import { describe, expect, it } from 'vitest';
import { OFFER_STATUSES, type OfferStatus } from '@mfd/contracts';
import { nextOfferStatus, OfferTransitionError, type OfferAction } from './offer-lifecycle';

const ACTIONS: OfferAction[] = ['submit', 'award', 'lose'];

/** Every allowed move; any pair not listed must be refused. */
const ALLOWED: Record<string, OfferStatus> = {
  'draft/submit': 'submitted',
  'submitted/submit': 'submitted',
  'submitted/award': 'awarded',
  'submitted/lose': 'not_awarded',
  'withdrawn/submit': 'submitted',
};

describe('offer lifecycle', () => {
  for (const from of OFFER_STATUSES)
    for (const action of ACTIONS) {
      const to = ALLOWED[`${from}/${action}`];
      if (to)
        it(`when a ${from} offer is asked to ${action}, then it becomes ${to}`, () => {
          expect(nextOfferStatus(from, action)).toBe(to);
        });
      else
        it(`when a ${from} offer is asked to ${action}, then it is refused with a sentence`, () => {
          expect(() => nextOfferStatus(from, action)).toThrow(OfferTransitionError);
          expect(() => nextOfferStatus(from, action)).toThrow(/\.$/);
        });
    }

  it('when an awarded offer is awarded again, then the refusal says what it is', () => {
    expect(() => nextOfferStatus('awarded', 'award')).toThrow(
      'Only a submitted offer can be awarded: it is awarded.',
    );
    expect(() => nextOfferStatus('not_awarded', 'submit')).toThrow(
      'This offer can no longer be revised: it is not awarded.',
    );
  });
});
