import { describe, expect, it } from 'vitest';
import type { StemView } from '@mfd/contracts';
import { confirmationFilename, confirmationPrice } from './confirmation-content';

type Line = StemView['lines'][number];

const fixed: Line = {
  product_line_id: '00000000-0000-4000-8000-000000000001',
  product_name: 'VLSFO',
  iso_spec: 'ISO 8217:2017 RMG 380',
  quantity_mt_min: '500',
  quantity_mt_max: '600',
  pricing: 'fixed',
  index_name: null,
  differential: null,
  buy_price_per_mt: '612.35',
  sell_price_per_mt: '619.85',
  adjustment: { basis: 'per_mt', amount: '7.50' },
  delivery_method: 'barge',
};
const index: Line = {
  ...fixed,
  pricing: 'index',
  index_name: 'Platts Singapore 0.5%',
  differential: '-2.50',
  buy_price_per_mt: null,
  sell_price_per_mt: null,
};

describe('the price each confirmation shows', () => {
  it('when a fixed line is confirmed, then the supplier reads the buy price and the customer the sell price', () => {
    expect(confirmationPrice('supplier', 'markup', fixed)).toBe('USD 612.35/MT');
    expect(confirmationPrice('customer', 'markup', fixed)).toBe('USD 619.85/MT');
  });

  it('when an index line carries a markup, then only the customer’s formula has it, and never the supplier’s differential', () => {
    expect(confirmationPrice('supplier', 'markup', index)).toBe('Platts Singapore 0.5% − 2.50');
    expect(confirmationPrice('customer', 'markup', index)).toBe('Platts Singapore 0.5% + 5.00');
    const percent = { ...index, adjustment: { basis: 'percent' as const, amount: '2.5' } };
    expect(confirmationPrice('customer', 'markup', percent)).toBe('Platts Singapore 0.5% × 1.025 − 2.56');
  });

  it('when the company acts as broker, then both sides read the supplier’s price (the commission is paid apart)', () => {
    expect(confirmationPrice('customer', 'commission', { ...fixed, sell_price_per_mt: '612.35' })).toBe(
      'USD 612.35/MT',
    );
    expect(confirmationPrice('customer', 'commission', index)).toBe('Platts Singapore 0.5% − 2.50');
  });

  it('when a confirmation is saved, then its file is named by the reference and the copy', () => {
    expect(confirmationFilename('BAL-2026-0007', 'customer')).toBe('BAL-2026-0007-customer.pdf');
  });
});
