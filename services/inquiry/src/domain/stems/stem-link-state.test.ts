import { describe, expect, it } from 'vitest';
import { stemLinkState, type StemLinkFacts } from './stem-link-state';

const now = new Date('2026-11-26T12:00:00Z');
const open: StemLinkFacts = {
  retired: false,
  superseded: false,
  expiresAt: new Date('2026-12-26T12:00:00Z'),
  stemStatus: 'sent',
  now,
};

describe('what an acknowledgement link allows', () => {
  it('when a sent stem’s link is fresh, then it acknowledges', () => {
    expect(stemLinkState(open)).toBe('open');
  });

  it('when a later send mailed a newer link, then the older says so, whatever else holds', () => {
    expect(stemLinkState({ ...open, superseded: true, retired: true })).toBe('superseded');
  });

  it('when the link was used, then it is acknowledged; a stem acknowledged meanwhile says the same', () => {
    expect(stemLinkState({ ...open, retired: true })).toBe('acknowledged');
    expect(stemLinkState({ ...open, stemStatus: 'acknowledged' })).toBe('acknowledged');
  });

  it('when 30 days have passed, then it has expired at the very instant', () => {
    expect(stemLinkState({ ...open, now: open.expiresAt })).toBe('expired');
  });

  it('when the stem was delivered without an acknowledgement, then none is needed', () => {
    expect(stemLinkState({ ...open, stemStatus: 'delivered' })).toBe('closed');
  });
});
