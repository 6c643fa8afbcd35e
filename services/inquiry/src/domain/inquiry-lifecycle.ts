import type { InquiryStatus } from '@mfd/contracts';

/** What can happen to an inquiry. Each action moves it along the table below or is refused. */
export type InquiryAction = 'edit' | 'distribute' | 'receive_offer' | 'award' | 'cancel';

/**
 * draft -> distributed -> quoting (first offer in) -> awarded; cancelled from any open status.
 * Editing and sending again keep an open inquiry where it is; awarded and cancelled are final.
 */
const MOVES: Record<InquiryStatus, Partial<Record<InquiryAction, InquiryStatus>>> = {
  // An offer the trader records from a phone call may come before anything was sent.
  draft: { edit: 'draft', distribute: 'distributed', receive_offer: 'quoting', cancel: 'cancelled' },
  distributed: {
    edit: 'distributed',
    distribute: 'distributed',
    receive_offer: 'quoting',
    cancel: 'cancelled',
  },
  quoting: {
    edit: 'quoting',
    distribute: 'quoting',
    receive_offer: 'quoting',
    award: 'awarded',
    cancel: 'cancelled',
  },
  awarded: {},
  cancelled: {},
};

const REFUSALS: Record<InquiryAction, string> = {
  edit: 'can no longer be changed',
  distribute: 'can no longer be sent to suppliers',
  receive_offer: 'does not take offers',
  award: 'cannot be awarded',
  cancel: 'cannot be cancelled',
};

const STATE_WORDS: Record<InquiryStatus, string> = {
  draft: 'has not been sent to suppliers yet',
  distributed: 'is waiting for offers',
  quoting: 'is being quoted',
  awarded: 'has been awarded',
  cancelled: 'has been cancelled',
};

export class InquiryTransitionError extends Error {
  constructor(
    readonly from: InquiryStatus,
    readonly action: InquiryAction,
  ) {
    super(`This inquiry ${REFUSALS[action]}: it ${STATE_WORDS[from]}.`);
  }
}

/** The status after the action, or an InquiryTransitionError that says why it is refused. */
export function nextStatus(from: InquiryStatus, action: InquiryAction): InquiryStatus {
  const to = MOVES[from][action];
  if (!to) throw new InquiryTransitionError(from, action);
  return to;
}
