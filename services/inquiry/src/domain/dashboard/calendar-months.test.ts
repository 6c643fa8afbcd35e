import { describe, expect, it } from 'vitest';
import { utcMonth, utcMonthStart } from './calendar-months';

describe('the dashboard’s calendar months (UTC)', () => {
  it('when a moment is late on a month’s last day in UTC, then it is still that month', () => {
    expect(utcMonth(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(utcMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });

  it('when a moment is already the next day in Singapore, then its UTC month decides', () => {
    // 2026-12-01 07:30 in Singapore: still November for a company-wide month.
    expect(utcMonth(new Date('2026-11-30T23:30:00Z'))).toBe('2026-11');
  });

  it('when months are counted back, then they start at UTC midnight on the 1st, across a year', () => {
    const now = new Date('2026-02-15T12:00:00Z');
    expect(utcMonthStart(now).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(utcMonthStart(now, 1).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(utcMonthStart(now, 11).toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });

  it('when now is on the 31st, then counting back does not skip a short month', () => {
    expect(utcMonthStart(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});
