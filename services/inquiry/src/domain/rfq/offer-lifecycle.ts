import type { OfferStatus } from '@mfd/contracts';

export type OfferAction = 'submit' | 'award' | 'lose';

/**
 * draft/none -> submitted (revisions keep it submitted) -> awarded or not_awarded, both final.
 * A withdrawn offer may be submitted again.
 */
const MOVES: Record<OfferStatus, Partial<Record<OfferAction, OfferStatus>>> = {
  draft: { submit: 'submitted' },
  submitted: { submit: 'submitted', award: 'awarded', lose: 'not_awarded' },
  withdrawn: { submit: 'submitted' },
  awarded: {},
  not_awarded: {},
};

const REFUSALS: Record<OfferAction, string> = {
  submit: 'This offer can no longer be revised',
  award: 'Only a submitted offer can be awarded',
  lose: 'This offer is already decided',
};

export class OfferTransitionError extends Error {
  constructor(
    readonly from: OfferStatus,
    readonly action: OfferAction,
  ) {
    super(`${REFUSALS[action]}: it is ${from.replace('_', ' ')}.`);
  }
}

export function nextOfferStatus(from: OfferStatus, action: OfferAction): OfferStatus {
  const to = MOVES[from][action];
  if (!to) throw new OfferTransitionError(from, action);
  return to;
}
