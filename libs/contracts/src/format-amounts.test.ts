import { describe, expect, it } from 'vitest';
import { formatTonnes, formatTonnesRange, formatUsd } from './format-amounts';

describe('amounts in mails', () => {
  it('when an amount is shown, then it is USD with thousands separators and exactly 2 decimals', () => {
    expect(formatUsd('1234567.5')).toBe('USD 1,234,567.50');
    expect(formatUsd('612.5')).toBe('USD 612.50');
    expect(formatUsd('0')).toBe('USD 0.00');
    expect(formatUsd('0.07')).toBe('USD 0.07');
    expect(formatUsd('999')).toBe('USD 999.00');
    expect(formatUsd('1000')).toBe('USD 1,000.00');
    expect(formatUsd('007.10')).toBe('USD 7.10');
  });

  it('when an amount is beyond what a float holds exactly, then every digit is kept', () => {
    expect(formatUsd('12345678901234567.89')).toBe('USD 12,345,678,901,234,567.89');
    expect(formatUsd('0.10')).toBe('USD 0.10');
  });

  it('when an amount has more than 2 decimals, then it is rounded half up to the cent', () => {
    expect(formatUsd('306581.275')).toBe('USD 306,581.28');
    expect(formatUsd('306581.2749')).toBe('USD 306,581.27');
    expect(formatUsd('999.995')).toBe('USD 1,000.00');
    expect(formatUsd('-5.5')).toBe('USD -5.50');
    expect(formatUsd('-0.001')).toBe('USD 0.00');
  });

  it('when the text is not a decimal, then formatting refuses it rather than printing a wrong amount', () => {
    expect(() => formatUsd('1e3')).toThrow('"1e3" is not a decimal amount');
    expect(() => formatUsd('')).toThrow();
    expect(() => formatUsd('12,5')).toThrow();
  });

  it('when tonnes are shown, then trailing zeros go and thousands are separated', () => {
    expect(formatTonnes('1500.0')).toBe('1,500');
    expect(formatTonnes('250.5')).toBe('250.5');
    expect(formatTonnes('1000000')).toBe('1,000,000');
    expect(formatTonnesRange('500.0', '1000.0')).toBe('500 – 1,000 MT');
    expect(formatTonnesRange('300.0', '300')).toBe('300 MT');
  });
});
