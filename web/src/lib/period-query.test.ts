import { describe, expect, it } from 'vitest';
import { periodQuery } from './period-query';

describe('a report’s period in its address', () => {
  it('when both dates are given, then both are sent', () => {
    expect(periodQuery({ from: '2026-01-01', to: '2026-03-31' })).toBe('from=2026-01-01&to=2026-03-31');
  });
  it('when a date is left empty, then it is left out (the server’s default period)', () => {
    expect(periodQuery({ from: '', to: '2026-03-31' })).toBe('to=2026-03-31');
    expect(periodQuery({ from: '', to: '' })).toBe('');
  });
});
