import { describe, expect, it } from 'vitest';
import { lineEarning } from './margins';

const line = {
  stem_id: 's',
  pricing_mode: 'markup' as const,
  customer_name: 'Nordic',
  created_at: new Date('2026-10-10T02:00:00Z'),
  port_timezone: 'Asia/Singapore',
  product_name: 'VLSFO',
  pricing: 'fixed' as const,
  price_per_mt: '600.00',
  quantity_mt_max: '500.0',
  adjustment_basis: 'per_mt' as const,
  adjustment_amount: '5.00',
  delivered_mt: null,
};

describe('what a stem line earned', () => {
  it('when a markup line is delivered, then its margin counts the delivered tonnes', () => {
    expect(lineEarning('markup', { ...line, delivered_mt: '480.000' })).toEqual({
      margin: '2400.00',
      commission: '0.00',
    });
  });

  it('when a commission line is a percentage of the buy price, then it counts the requested max until delivered', () => {
    expect(
      lineEarning('commission', { ...line, adjustment_basis: 'percent', adjustment_amount: '0.25' }),
    ).toEqual({ margin: '0.00', commission: '750.00' });
  });

  it('when an index line has no buy price yet, then its margin is unknown', () => {
    expect(lineEarning('markup', { ...line, pricing: 'index', price_per_mt: null }).margin).toBeNull();
  });

  it('when the stem has neither markup nor commission, then it earned nothing on the line', () => {
    expect(lineEarning('none', line)).toEqual({ margin: '0.00', commission: '0.00' });
  });
});
