import { describe, expect, it } from 'vitest';
import { newCharge, offerFormValues, type RequestedLine } from './offer-form-values';
import { offerPreview } from './offer-preview';

const VLSFO = '0190b4a0-0000-7000-8000-00000000000a';
const MGO = '0190b4a0-0000-7000-8000-00000000000b';
const requested: RequestedLine[] = [
  {
    id: VLSFO,
    product_name: 'VLSFO',
    iso_spec: 'ISO8217:2017',
    quantity_mt_min: '500',
    quantity_mt_max: '800',
  },
  { id: MGO, product_name: 'MGO', iso_spec: 'ISO8217:2017', quantity_mt_min: '50', quantity_mt_max: '100' },
];

describe('the landed-cost preview of an offer being typed', () => {
  it('when the issue’s offer is typed, then the preview shows the landed cost the trader will see', () => {
    const values = offerFormValues(requested, 'UTC');
    values.lines[0]!.price_per_mt = '600';
    values.lines[1]!.price_per_mt = '900';
    values.charges = [
      { ...newCharge(), basis: 'lump_sum_up_to', amount: '1500', threshold_mt: '500', amount_above: '3' },
      { ...newCharge(), kind: 'wharfage', basis: 'per_mt', amount: '1.50' },
      { ...newCharge(), kind: 'tax', basis: 'percent', amount: '5' },
    ];
    const preview = offerPreview(values, requested)!;
    expect(preview.charges.map((c) => c.amount_usd)).toEqual(['2700.00', '1350.00', '28500.00']);
    expect(preview).toMatchObject({ total_landed_cost: '602550.00', all_in_per_mt: '669.50' });
  });

  it('when a charge is half typed or nothing is priced, then the preview leaves out what is not valid yet', () => {
    const values = offerFormValues(requested, 'UTC');
    expect(offerPreview(values, requested)).toBeNull();
    values.lines[0]!.price_per_mt = '600';
    values.lines[1]!.price_per_mt = '9x';
    values.charges = [
      { ...newCharge(), amount: '' },
      { ...newCharge(), amount: '100' },
    ];
    const preview = offerPreview(values, requested)!;
    expect(preview.lines.map((l) => l.product_line_id)).toEqual([VLSFO]);
    expect(preview.charges).toHaveLength(1);
    expect(preview.total_landed_cost).toBe('480100.00');
  });

  it('when a line is index-linked, then the preview is indicative (the supplier has no index value)', () => {
    const values = offerFormValues(requested, 'UTC');
    values.lines[0] = { ...values.lines[0]!, pricing: 'index', index_name: 'Platts', differential: '5' };
    values.lines[1]!.price_per_mt = '900';
    const preview = offerPreview(values, requested)!;
    expect(preview).toMatchObject({ indicative: true, total_landed_cost: null });
    expect(preview.lines).toEqual([
      { product_line_id: VLSFO, fuel_cost: null },
      { product_line_id: MGO, fuel_cost: '90000.00' },
    ]);
  });
});
