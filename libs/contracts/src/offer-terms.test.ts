import { describe, expect, it } from 'vitest';
import { chargeTerms, indexFormula, paymentText } from './offer-terms';

const usd = (amount: string) => `USD ${amount}`;

describe('offer terms in words', () => {
  it('when payment is on credit, then it reads as days from its basis; otherwise as the method', () => {
    expect(paymentText({ method: 'credit', days: 30, basis: 'delivery' })).toBe('30 days from delivery');
    expect(paymentText({ method: 'credit', days: 1, basis: 'invoice' })).toBe('1 day from invoice');
    expect(paymentText({ method: 'prepayment', days: null, basis: null })).toBe('Prepayment');
    expect(paymentText({ method: 'cash_on_delivery', days: null, basis: null })).toBe('Cash on delivery');
  });

  it('when a charge is shown, then each basis says how it is counted', () => {
    const charge = { amount: '1500.00', threshold_mt: null, amount_above: null };
    expect(chargeTerms({ ...charge, basis: 'lump_sum' }, usd)).toBe('USD 1500.00');
    expect(chargeTerms({ ...charge, basis: 'per_mt' }, usd)).toBe('USD 1500.00/MT');
    expect(chargeTerms({ ...charge, basis: 'per_hour' }, usd)).toBe('USD 1500.00/hour');
    expect(
      chargeTerms({ ...charge, basis: 'lump_sum_up_to', threshold_mt: '500', amount_above: '3.00' }, usd),
    ).toBe('USD 1500.00 up to 500 MT, then USD 3.00/MT');
    expect(chargeTerms({ ...charge, basis: 'percent', amount: '5.00' }, usd)).toBe('5% of the fuel cost');
  });

  it('when an index line is shown, then its formula carries the sign of the differential', () => {
    expect(indexFormula('Platts Singapore Marine Fuel 0.5%', '5.00')).toBe(
      'Platts Singapore Marine Fuel 0.5% + 5.00',
    );
    expect(indexFormula('MOPS', '-2.50')).toBe('MOPS − 2.50');
  });
});
