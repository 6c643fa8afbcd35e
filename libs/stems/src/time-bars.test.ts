import { describe, expect, it } from 'vitest';
import { claimDeadline, TIME_BAR_DAYS, timeBarCountdown, timeBarTerms } from './time-bars';

const delivered = '2026-11-20T06:30:00.000Z';

describe('time bars', () => {
  it('when a claim is raised under GT&C, then each kind runs its days from delivered_at', () => {
    expect(claimDeadline(delivered, 'quantity', 'GT&C')).toBe('2026-11-27T06:30:00.000Z');
    expect(claimDeadline(delivered, 'quality', 'GT&C')).toBe('2026-12-20T06:30:00.000Z');
    expect(claimDeadline(delivered, 'demurrage', 'GT&C')).toBe('2026-12-20T06:30:00.000Z');
    expect(claimDeadline(delivered, 'other', 'GT&C')).toBe('2027-01-19T06:30:00.000Z');
  });

  it('when the stem is on BIMCO 2018, then quality claims are barred after 30 days', () => {
    expect(TIME_BAR_DAYS['BIMCO 2018 (Bunkering)'].quality).toBe(30);
    expect(claimDeadline(delivered, 'quality', 'BIMCO 2018 (Bunkering)')).toBe('2026-12-20T06:30:00.000Z');
  });

  it('when the stem names no known terms, then the default terms apply', () => {
    expect(timeBarTerms(null)).toBe('GT&C');
    expect(timeBarTerms('Delivered')).toBe('GT&C');
    expect(timeBarTerms('BIMCO 2018 (Bunkering)')).toBe('BIMCO 2018 (Bunkering)');
    expect(claimDeadline(delivered, 'quantity', null)).toBe('2026-11-27T06:30:00.000Z');
  });

  it('when time is left or gone, then the countdown says it in days, hours and minutes', () => {
    const deadline = '2026-11-27T06:30:00.000Z';
    expect(timeBarCountdown(deadline, new Date('2026-11-25T01:00:00Z'))).toBe('2 d 5 h left');
    expect(timeBarCountdown(deadline, new Date('2026-11-27T03:10:00Z'))).toBe('3 h 20 min left');
    expect(timeBarCountdown(deadline, new Date('2026-11-27T06:29:30Z'))).toBe('1 min left');
    expect(timeBarCountdown(deadline, new Date('2026-11-27T06:30:00Z'))).toBe('time bar passed');
  });
});
