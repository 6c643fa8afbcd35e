import type { StemLinkClosedState, StemStatus } from '@mfd/contracts';

export interface StemLinkFacts {
  /** Used, or retired by a later send. */
  retired: boolean;
  /** A later send mailed a newer link. */
  superseded: boolean;
  expiresAt: Date;
  stemStatus: StemStatus;
  now: Date;
}

/**
 * What a supplier's acknowledgement link allows now: it acknowledges once, within its 30 days, a
 * stem that is sent (not yet acknowledged, delivered or further). A newer send's link replaces it.
 */
export function stemLinkState(facts: StemLinkFacts): StemLinkClosedState | 'open' {
  if (facts.superseded) return 'superseded';
  if (facts.retired) return 'acknowledged';
  if (facts.now.getTime() >= facts.expiresAt.getTime()) return 'expired';
  if (facts.stemStatus === 'acknowledged') return 'acknowledged';
  if (facts.stemStatus !== 'sent') return 'closed';
  return 'open';
}

const WORDS: Record<StemLinkClosedState, string> = {
  expired: 'This acknowledgement link has expired. Please contact the trader who sent the confirmation.',
  superseded: 'This confirmation was replaced by a newer one: please use the link in the latest e-mail.',
  acknowledged: 'This confirmation has already been acknowledged. Thank you.',
  closed: 'This stem has moved on and no longer needs an acknowledgement.',
};

export const stemLinkClosedDetail = (state: StemLinkClosedState) => WORDS[state];
