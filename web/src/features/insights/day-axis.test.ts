import { describe, expect, it } from 'vitest';
import { dayStart, dayText, dayTicks } from './day-axis';

describe('the price chart’s time axis', () => {
  it('when days are 4 and 7 days apart, then their x values are 4 and 7 days apart', () => {
    const [a, b, c] = ['2026-04-01', '2026-04-05', '2026-04-12'].map(dayStart);
    expect((b! - a!) / 86_400_000).toBe(4);
    expect((c! - b!) / 86_400_000).toBe(7);
    expect(dayText(b!)).toBe('2026-04-05');
  });
  it('when the period is 90 days, then the ticks fall on distinct whole days from its first', () => {
    const ticks = dayTicks(dayStart('2026-08-30'), dayStart('2026-11-27')).map(dayText);
    expect(ticks[0]).toBe('2026-08-30');
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks.length).toBeGreaterThanOrEqual(5);
    expect(ticks.length).toBeLessThanOrEqual(7);
  });
  it('when the period is one day, then that day is the one tick', () => {
    expect(dayTicks(dayStart('2026-04-01'), dayStart('2026-04-01')).map(dayText)).toEqual(['2026-04-01']);
  });
});
