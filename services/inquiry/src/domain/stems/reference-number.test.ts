import { describe, expect, it } from 'vitest';
import { defaultReferencePrefix, stemReference } from './reference-number';

describe('stem reference numbers', () => {
  it('when a company prefix, year and sequence are given, then the reference is <prefix>-<year>-<sequence>', () => {
    expect(stemReference('BAL', 2026, 7)).toBe('BAL-2026-0007');
    expect(stemReference('BAL', 2027, 12345)).toBe('BAL-2027-12345');
  });

  it('when the company has no prefix, then it is the first three letters of its name, upper case', () => {
    expect(defaultReferencePrefix('Baltic Bunkers ApS')).toBe('BAL');
    expect(defaultReferencePrefix('Ålesund Bunkers')).toBe('ALE');
    expect(defaultReferencePrefix('3 E. Oil')).toBe('EOI');
    expect(defaultReferencePrefix('Q8')).toBe('QXX');
  });
});
