import { describe, expect, it } from 'vitest';
import { stemReference } from './reference-number';

describe('stem reference numbers', () => {
  it('when a company prefix, year and sequence are given, then the reference is <prefix>-<year>-<sequence>', () => {
    expect(stemReference('BAL', 2026, 7)).toBe('BAL-2026-0007');
    expect(stemReference('BAL', 2027, 12345)).toBe('BAL-2027-12345');
  });
});
