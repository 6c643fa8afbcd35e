import { describe, expect, it } from 'vitest';
import { deliveryVariances, sulphurLimit, type AgreedLine } from './variances';

const agreed: AgreedLine[] = [
  { product_line_id: 'v', product_name: 'VLSFO', quantity_mt_min: '500.000', quantity_mt_max: '800.000' },
  { product_line_id: 'm', product_name: 'MGO', quantity_mt_min: '50', quantity_mt_max: '100' },
];
const note = (id: string, quantity: string, sulphur: string | null, density: string | null = '991.0') => ({
  product_line_id: id,
  quantity_mt: quantity,
  sulphur_pct: sulphur,
  density_kg_m3: density,
});

describe('delivery variances', () => {
  it('when the grade is named, then its sulphur limit comes from the fuel table', () => {
    expect(sulphurLimit('HSFO')).toBe('3.5');
    expect(sulphurLimit('vlsfo 0.5%')).toBe('0.5');
    expect(sulphurLimit('MGO')).toBe('0.1');
    expect(sulphurLimit('Biofuel B30')).toBeNull();
  });

  it('when the note is within range, under the limit and has a density, then there is no variance', () => {
    expect(deliveryVariances(agreed, [note('v', '500', '0.5'), note('m', '100', '0.09')])).toEqual([]);
  });

  it('when quantity, sulphur and density are off, then each is said in words per line', () => {
    const variances = deliveryVariances(agreed, [
      note('v', '499.9', '0.52', null),
      note('m', '100.5', '0.1'),
    ]);
    expect(variances).toEqual([
      {
        kind: 'quantity_outside_range',
        product_line_id: 'v',
        detail: 'VLSFO: delivered 499.9 MT, outside the agreed 500–800 MT',
      },
      {
        kind: 'sulphur_above_limit',
        product_line_id: 'v',
        detail: 'VLSFO: sulphur 0.52% m/m, above the limit of 0.5% m/m',
      },
      {
        kind: 'density_missing',
        product_line_id: 'v',
        detail: 'VLSFO: no density at 15 °C on the delivery note',
      },
      {
        kind: 'quantity_outside_range',
        product_line_id: 'm',
        detail: 'MGO: delivered 100.5 MT, outside the agreed 50–100 MT',
      },
    ]);
  });

  it('when a grade has no known limit or no sulphur is given, then sulphur is not flagged', () => {
    const bio: AgreedLine = { ...agreed[0]!, product_name: 'B30' };
    expect(deliveryVariances([bio], [note('v', '600', '9')])).toEqual([]);
    expect(deliveryVariances(agreed, [note('v', '600', null)])).toEqual([]);
  });
});
