import { describe, expect, it } from 'vitest';
import { canonicalDecimal, decimalInput } from './fields';

const sulfur = decimalInput({ label: 'Max sulfur %', scale: 3, min: '0', max: '99.999' });
const message = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message);

describe('decimal inputs', () => {
  it('when a JSON number or a string is given, then the same canonical decimal text comes out, without float artefacts', () => {
    expect(sulfur.parse(0.1)).toBe('0.1');
    expect(sulfur.parse('0.1')).toBe('0.1');
    expect(sulfur.parse(' 0.100 ')).toBe('0.1');
    expect(sulfur.parse(3.5)).toBe('3.5');
    expect(sulfur.parse('003.500')).toBe('3.5');
    expect(sulfur.parse(0)).toBe('0');
    expect(sulfur.parse('.5')).toBe('0.5');
    expect(sulfur.parse(99.999)).toBe('99.999');
    expect(decimalInput({ label: 'Amount', scale: 8 }).parse(1e-7)).toBe('0.0000001');
    expect(decimalInput({ label: 'Amount', scale: 0 }).parse(1e21)).toBe('1000000000000000000000');
  });

  it('when a sum carries a float artefact or too many decimals, then it is refused rather than rounded', () => {
    expect(message(sulfur.safeParse(0.1 + 0.2))).toEqual(['Max sulfur % must have at most 3 decimals']);
    expect(message(sulfur.safeParse('0.0001'))).toEqual(['Max sulfur % must have at most 3 decimals']);
    expect(message(decimalInput({ label: 'Quantity', scale: 0 }).safeParse('1.5'))).toEqual([
      'Quantity must be a whole number',
    ]);
  });

  it('when the value is outside the range, then the message gives the range, compared exactly', () => {
    expect(message(sulfur.safeParse(100))).toEqual(['Max sulfur % must be between 0 and 99.999']);
    expect(message(sulfur.safeParse('-0.001'))).toEqual(['Max sulfur % must be between 0 and 99.999']);
    expect(sulfur.parse('-0')).toBe('0');
    const price = decimalInput({ label: 'Price', scale: 2, min: '0.01' });
    expect(message(price.safeParse('0.009'))).toEqual(['Price must have at most 2 decimals']);
    expect(message(price.safeParse(0))).toEqual(['Price must be at least 0.01']);
    expect(message(decimalInput({ label: 'Discount', scale: 2, max: 10 }).safeParse('10.01'))).toEqual([
      'Discount must be at most 10',
    ]);
    // Beyond a double's precision, still exact.
    const big = decimalInput({ label: 'Big', scale: 0, max: '9007199254740993' });
    expect(big.parse('9007199254740993')).toBe('9007199254740993');
    expect(big.safeParse('9007199254740994').success).toBe(false);
  });

  it('when the value is missing, blank or not a number, then the message says which', () => {
    expect(message(sulfur.safeParse(undefined))).toEqual(['Max sulfur % is required']);
    expect(message(sulfur.safeParse(null))).toEqual(['Max sulfur % is required']);
    expect(message(sulfur.safeParse('  '))).toEqual(['Max sulfur % is required']);
    for (const bad of ['lots', '1,5', '1e3', '0x10', '1.2.3', '.', '+', true, {}, '9'.repeat(41)]) {
      expect(message(sulfur.safeParse(bad)), String(bad)).toEqual(['Max sulfur % must be a number']);
    }
  });

  it('when decimal text is made canonical, then signs, leading and trailing zeros are normalised', () => {
    expect(canonicalDecimal('+0012.3400')).toBe('12.34');
    expect(canonicalDecimal('-0.000')).toBe('0');
    expect(canonicalDecimal('5.')).toBe('5');
    expect(canonicalDecimal('abc')).toBeNull();
  });
});
