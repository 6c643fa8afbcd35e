import { describe, expect, it } from 'vitest';
import { expectedInvoice, invoiceDifference, type InvoicedLine } from './invoice-check';

const fixed: InvoicedLine = {
  product_line_id: 'v',
  pricing: 'fixed',
  price_per_mt: '600.00',
  index_name: null,
  differential: null,
  delivered_mt: '612.5',
};
const indexed: InvoicedLine = {
  product_line_id: 'm',
  pricing: 'index',
  price_per_mt: null,
  index_name: 'Platts SG MGO',
  differential: '-2.50',
  delivered_mt: '80',
};
const barging = { basis: 'lump_sum_up_to' as const, amount: '1500', threshold_mt: '500', amount_above: '3' };
const standby = { basis: 'per_hour' as const, amount: '250' };

describe('expected invoice', () => {
  it('when a fixed line is delivered, then expected = price × delivered tonnes + charges at the delivered tonnes', () => {
    // 600 × 612.5 = 367,500.00; barging 1,500 + 112.5 × 3 = 1,837.50; the hourly charge is not counted.
    expect(expectedInvoice([fixed], [barging, standby], [])).toEqual({
      expected_usd: '369337.50',
      waiting_for: [],
    });
  });

  it('when an index line has no final value, then the amount waits for the index', () => {
    expect(expectedInvoice([fixed, indexed], [barging], [])).toEqual({
      expected_usd: null,
      waiting_for: ['Platts SG MGO'],
    });
  });

  it('when the final index value is entered, then the line is priced at value + differential', () => {
    const values = [{ index_name: 'platts sg mgo ', value: '702.50', as_of: '2026-11-20' }];
    // 367,500 + 700 × 80 = 56,000; barging on 692.5 MT: 1,500 + 192.5 × 3 = 2,077.50.
    expect(expectedInvoice([fixed, indexed], [barging], values).expected_usd).toBe('425577.50');
  });
});

describe('invoice difference', () => {
  it('when the invoice matches, then the difference is zero and not flagged', () => {
    expect(invoiceDifference('369337.50', '369337.50')).toEqual({
      expected_usd: '369337.50',
      difference_usd: '0.00',
      flagged: false,
    });
  });

  it('when the difference is over USD 100, then it is flagged even when under 0.5%', () => {
    expect(invoiceDifference('369437.51', '369337.50')).toMatchObject({
      difference_usd: '100.01',
      flagged: true,
    });
    expect(invoiceDifference('369437.50', '369337.50')).toMatchObject({
      difference_usd: '100.00',
      flagged: false,
    });
  });

  it('when a small invoice differs by more than 0.5%, then it is flagged though under USD 100', () => {
    expect(invoiceDifference('9949.99', '10000.00')).toMatchObject({
      difference_usd: '-50.01',
      flagged: true,
    });
    expect(invoiceDifference('9950.00', '10000.00')).toMatchObject({
      difference_usd: '-50.00',
      flagged: false,
    });
  });

  it('when the expected amount is unknown, then difference and flag are null', () => {
    expect(invoiceDifference('100.00', null)).toEqual({
      expected_usd: null,
      difference_usd: null,
      flagged: null,
    });
  });
});
