import { describe, expect, it } from 'vitest';
import { hoursOf, percentOf } from './scorecards-workbook';

describe('scorecard figures in a workbook', () => {
  it('when a rate is a repeating fraction, then its percentage rounds half-up to 2 decimals', () => {
    expect(percentOf(2 / 3)).toBe('66.67');
    expect(percentOf(1 / 3)).toBe('33.33');
    expect(percentOf(0.5)).toBe('50.00');
    expect(percentOf(0)).toBe('0.00');
    expect(percentOf(0.000125)).toBe('0.01');
  });

  it('when a response took seconds, then it reads as hours to 2 decimals; no response stays empty', () => {
    expect(hoursOf(5400)).toBe('1.50');
    expect(hoursOf(2700)).toBe('0.75');
    expect(hoursOf(18)).toBe('0.01');
    expect(hoursOf(null)).toBeNull();
  });
});
