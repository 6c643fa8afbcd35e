import type { StemStatus } from '@mfd/contracts';

/** What can happen to a stem. Each action moves it along the table below or is refused. */
export type StemAction =
  'edit_clauses' | 'edit_pricing' | 'send' | 'acknowledge' | 'deliver' | 'invoice' | 'close';

/**
 * draft -> sent -> acknowledged; sent | acknowledged -> delivered -> invoiced -> closed.
 * Acknowledgement is optional. Sending again mails a fresh link, so an acknowledged stem waits for
 * the new acknowledgement. Clauses change only before the first send (they are what was confirmed);
 * the internal pricing may change until the invoice is in. Closing's own condition (no open claim)
 * is checked by the use case.
 */
const MOVES: Record<StemStatus, Partial<Record<StemAction, StemStatus>>> = {
  draft: { edit_clauses: 'draft', edit_pricing: 'draft', send: 'sent' },
  sent: { edit_pricing: 'sent', send: 'sent', acknowledge: 'acknowledged', deliver: 'delivered' },
  acknowledged: { edit_pricing: 'acknowledged', send: 'sent', deliver: 'delivered' },
  delivered: { edit_pricing: 'delivered', invoice: 'invoiced' },
  invoiced: { close: 'closed' },
  closed: {},
};

const REFUSALS: Record<StemAction, string> = {
  edit_clauses: "This stem's clauses can no longer be changed",
  edit_pricing: "This stem's pricing can no longer be changed",
  send: 'This stem cannot be sent',
  acknowledge: 'This stem cannot be acknowledged',
  deliver: "This stem's delivery cannot be recorded",
  invoice: "This stem's invoice cannot be recorded",
  close: 'This stem cannot be closed',
};

const STATE_WORDS: Record<StemStatus, string> = {
  draft: 'has not been sent yet',
  sent: 'has been sent',
  acknowledged: 'has been acknowledged',
  delivered: 'has been delivered',
  invoiced: 'has been invoiced',
  closed: 'is closed',
};

export class StemTransitionError extends Error {
  constructor(
    readonly from: StemStatus,
    readonly action: StemAction,
  ) {
    super(`${REFUSALS[action]}: it ${STATE_WORDS[from]}.`);
  }
}

/** The status after the action, or a StemTransitionError that says why it is refused. */
export function nextStemStatus(from: StemStatus, action: StemAction): StemStatus {
  const to = MOVES[from][action];
  if (!to) throw new StemTransitionError(from, action);
  return to;
}
