import type { ClaimStatus } from '@mfd/contracts';

/**
 * The moves a trader makes on a claim: open -> submitted -> settled | rejected. time_barred is
 * never chosen: it is what an open claim becomes when its bar passes (the scheduled job), and what a
 * claim raised after its bar starts as.
 */
const MOVES: Record<ClaimStatus, readonly ClaimStatus[]> = {
  open: ['submitted'],
  submitted: ['settled', 'rejected'],
  settled: [],
  rejected: [],
  time_barred: [],
};

export const FINAL_CLAIM_STATUSES: readonly ClaimStatus[] = ['settled', 'rejected', 'time_barred'];

/** Claims that keep a stem from closing: not yet answered by the seller. */
export const isClaimOpen = (status: ClaimStatus) => status === 'open' || status === 'submitted';

export class ClaimTransitionError extends Error {
  constructor(
    readonly from: ClaimStatus,
    readonly to: ClaimStatus,
    reason: string,
  ) {
    super(reason);
  }
}

const passed = (deadline: string | Date, now: Date) => new Date(deadline).getTime() <= now.getTime();

/** A new claim's state: open, or time_barred when it is raised after its bar. */
export function initialClaimStatus(deadline: string | Date, now: Date): ClaimStatus {
  return passed(deadline, now) ? 'time_barred' : 'open';
}

/**
 * The state a trader's move leads to, or a ClaimTransitionError saying why not. Submitting must
 * happen before the bar: an open claim past its bar is time-barred even before the job has marked it.
 */
export function nextClaimStatus(
  from: ClaimStatus,
  to: ClaimStatus,
  deadline: string | Date,
  now: Date,
): ClaimStatus {
  if (from === 'open' && passed(deadline, now))
    throw new ClaimTransitionError(from, to, 'This claim is time-barred: its time bar has passed.');
  if (!MOVES[from].includes(to))
    throw new ClaimTransitionError(
      from,
      to,
      MOVES[from].length === 0
        ? `This claim is ${from.replace('_', '-')} and can no longer change.`
        : `A claim that is ${from} can only become ${MOVES[from].join(' or ')}.`,
    );
  return to;
}

/** Whether the scheduled job marks this claim time_barred now: still open, its bar passed. */
export const shouldTimeBar = (status: ClaimStatus, deadline: string | Date, now: Date) =>
  status === 'open' && passed(deadline, now);
