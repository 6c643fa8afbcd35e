import { describe, expect, it } from 'vitest';
import { alertMailCutoffs, offerExpiringWindow } from './alert-times';

const MINUTE = 60_000;
const now = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const windows = { firstDelayMs: 30_000, digestWindowMs: 15 * MINUTE };

describe('alert mail times', () => {
  it('when an event has waited the first delay, then it is within the bound of events to mail', () => {
    const { arrivedBy } = alertMailCutoffs(now, windows);
    expect(arrivedBy).toEqual(at(-30_000));
  });

  it('when the last alert mail went less than the digest window ago, then nothing is mailed before the window ends', () => {
    const { lastMailedBy } = alertMailCutoffs(now, windows);
    expect(lastMailedBy).toEqual(at(-15 * MINUTE));
    // A mail at 11:50 keeps the next one back until 12:05.
    expect(at(-10 * MINUTE) <= lastMailedBy).toBe(false);
    expect(at(-10 * MINUTE) <= alertMailCutoffs(at(5 * MINUTE), windows).lastMailedBy).toBe(true);
  });
});

describe('expiring offers', () => {
  it('when an offer is valid for 30 minutes or less, then it is inside the window; past it or already lapsed, outside', () => {
    const { after, until } = offerExpiringWindow(now);
    expect(after).toEqual(now);
    expect(until).toEqual(at(30 * MINUTE));
  });
});
