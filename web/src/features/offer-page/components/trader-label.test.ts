import { describe, expect, it } from 'vitest';
import { traderLabel } from './trader-label';

describe('traderLabel', () => {
  it('when the trader has a company of its own, then it follows the name in brackets', () => {
    expect(traderLabel({ name: 'Tom Trader', company: 'Harbour Fuel Brokers' })).toBe(
      'Tom Trader (Harbour Fuel Brokers)',
    );
  });

  it('when the company is still named after the trader, then the name comes once', () => {
    expect(traderLabel({ name: 'Tom Trader', company: 'Tom Trader' })).toBe('Tom Trader');
  });

  it('when only one of them is known, then that one; when neither, then nothing', () => {
    expect(traderLabel({ name: null, company: 'Harbour Fuel Brokers' })).toBe('Harbour Fuel Brokers');
    expect(traderLabel({ name: 'Tom Trader', company: null })).toBe('Tom Trader');
    expect(traderLabel({ name: null, company: null })).toBeNull();
  });
});
