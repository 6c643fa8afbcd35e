import { describe, expect, it } from 'vitest';
import { deliverableQuantity, effectivePrice, indexLookup, shortBy } from './line-price';

const lookup = indexLookup([
  { index_name: 'Platts Singapore Marine Fuel 0.5%', value: '612.25', as_of: '2026-11-20' },
  { index_name: 'MOPS Gasoil', value: '700', as_of: '2026-11-19' },
]);

describe('effective price of a line', () => {
  it('when a line is fixed, then its price is the fixed price', () => {
    expect(
      effectivePrice(
        { pricing: 'fixed', price_per_mt: '605.50', index_name: null, differential: null },
        lookup,
      ),
    ).toEqual({ index_value: null, index_as_of: null, effective_price_per_mt: '605.50' });
  });

  it('when an index line names an index the trader valued, in another case and with spaces, then it is value + differential', () => {
    const line = {
      pricing: 'index' as const,
      price_per_mt: null,
      index_name: '  platts singapore MARINE fuel 0.5% ',
    };
    expect(effectivePrice({ ...line, differential: '5' }, lookup)).toEqual({
      index_value: '612.25',
      index_as_of: '2026-11-20',
      effective_price_per_mt: '617.25',
    });
    expect(effectivePrice({ ...line, differential: '-12.30' }, lookup).effective_price_per_mt).toBe('599.95');
  });

  it('when an index has no value yet, then the line has no effective price', () => {
    expect(
      effectivePrice(
        { pricing: 'index', price_per_mt: null, index_name: 'Platts Rotterdam', differential: '2' },
        lookup,
      ),
    ).toEqual({ index_value: null, index_as_of: null, effective_price_per_mt: null });
  });
});

describe('deliverable quantity and shortfall', () => {
  it('when an offer can deliver less than the requested max, then it counts what it can deliver and says how much is missing', () => {
    expect(deliverableQuantity('800', '600')).toBe('600');
    expect(shortBy('800', '600')).toBe('200');
    expect(shortBy('80', '79.9')).toBe('0.1');
  });

  it('when an offer can deliver the requested max or more, then it counts the requested max and is not short', () => {
    expect(deliverableQuantity('800', '800')).toBe('800');
    expect(deliverableQuantity('600.5', '1000')).toBe('600.5');
    expect(shortBy('800', '800.0')).toBeNull();
    expect(shortBy('800', '900')).toBeNull();
  });
});
