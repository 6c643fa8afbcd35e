import { describe, expect, it } from 'vitest';
import { isValidImo, normalizeImo } from './imo';

describe('IMO check digit', () => {
  it('when the weighted sum of the first six digits ends in the seventh, then the number is valid', () => {
    // 9*7 + 0*6 + 7*5 + 4*4 + 7*3 + 2*2 = 139 -> 9
    expect(isValidImo('9074729')).toBe(true);
    expect(isValidImo('9703291')).toBe(true);
  });

  it('when the check digit is wrong, then the number is invalid', () => {
    expect(isValidImo('9074728')).toBe(false);
  });

  it('when the text is not seven digits, then the number is invalid', () => {
    expect(isValidImo('907472')).toBe(false);
    expect(isValidImo('90747290')).toBe(false);
    expect(isValidImo('90747a9')).toBe(false);
    expect(isValidImo('')).toBe(false);
  });

  it('when the number carries an IMO prefix or spaces, then it is read without them', () => {
    expect(isValidImo(' IMO 9074729 ')).toBe(true);
    expect(normalizeImo('imo9074729')).toBe('9074729');
  });
});
