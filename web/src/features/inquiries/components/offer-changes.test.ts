import { describe, expect, it } from 'vitest';
import type { OfferView } from '@mfd/contracts';
import { revisedParts } from './offer-changes';

const VLSFO = '0190b4a0-0000-7000-8000-0000000000a1';
const MGO = '0190b4a0-0000-7000-8000-0000000000b1';

const line = (price: string) => ({
  product_name: 'VLSFO',
  pricing: 'fixed' as const,
  price_per_mt: price,
  index_name: null,
  differential: null,
  index_value: null,
  index_as_of: null,
  effective_price_per_mt: price,
  fuel_cost: null,
  min_deliverable: '500',
  max_deliverable: '600',
  delivery_method: 'barge' as const,
  short: false,
  short_by_mt: null,
});

const barging = (amount: string) => ({
  kind: 'barging' as const,
  basis: 'lump_sum' as const,
  amount,
  threshold_mt: null,
  amount_above: null,
  product_line_ids: null,
  note: null,
  amount_usd: amount,
  contingent: false,
});

const offer = (over: Partial<OfferView> = {}): OfferView => ({
  id: '0190b4a0-0000-7000-8000-000000000001',
  status: 'submitted',
  submitted_at: '2030-01-01T00:00:00.000Z',
  revision: 1,
  source: 'link',
  supplier: { id: null, trading_name: 'Harbour Fuels' },
  per_product_lines: { [VLSFO]: line('500.00'), [MGO]: line('845.00') },
  charges: [barging('1200.00')],
  barging_charges: '1200.00',
  other_charges: '0.00',
  payment: null,
  payment_terms: '30 days',
  valid_until: '2030-01-08T00:00:00.000Z',
  remarks: null,
  fuel_cost: '367600.00',
  charges_cost: '1200.00',
  total_landed_cost: '368800.00',
  all_in_per_mt: '541.00',
  total_stem_cost: '368800.00',
  deliverable_total: '368800.00',
  indicative: false,
  partial: false,
  expired: false,
  priced_before_amendment: false,
  response_seconds: 60,
  cheapest_total: true,
  cheapest_lines: [VLSFO, MGO],
  awarded_at: null,
  award_notes: null,
  awarded_line_ids: null,
  ...over,
});

describe('what a revision changed against the one the trader saw', () => {
  it('when the supplier revised a price and the barging, then exactly those cells and the totals are changed', () => {
    const now = offer({
      revision: 2,
      per_product_lines: { [VLSFO]: line('999.99'), [MGO]: line('845.00') },
      charges: [barging('1500.00')],
      fuel_cost: '667594.00',
      charges_cost: '1500.00',
      total_landed_cost: '669094.00',
      all_in_per_mt: '984.55',
      cheapest_total: false,
    });
    expect(revisedParts(offer(), now)).toEqual(
      new Set([
        `line:${VLSFO}`,
        'charges',
        'fuel_cost',
        'charges_cost',
        'total_landed_cost',
        'all_in_per_mt',
      ]),
    );
  });

  it('when a line is no longer priced, or newly priced, then its cell is changed', () => {
    const now = offer({ revision: 3, per_product_lines: { [VLSFO]: line('500.00') } });
    expect(revisedParts(offer(), now)).toEqual(new Set([`line:${MGO}`]));
    expect(revisedParts(now, offer({ revision: 4 }))).toEqual(new Set([`line:${MGO}`]));
  });

  it('when it is the revision the trader saw, then nothing is marked, whatever else moved (cheapest marks, expiry)', () => {
    expect(revisedParts(offer(), offer({ cheapest_total: false, expired: true }))).toEqual(new Set());
  });
});
