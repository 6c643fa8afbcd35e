import type { OfferView } from '@mfd/contracts';

/** Test builders of the comparison's offer views (two lines, one barging charge). */
export const VLSFO = '0190b4a0-0000-7000-8000-0000000000a1';
export const MGO = '0190b4a0-0000-7000-8000-0000000000b1';

export const line = (price: string) => ({
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

export const barging = (amount: string) => ({
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

export const offer = (over: Partial<OfferView> = {}): OfferView => ({
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
  sealed: false,
  round: 1,
  previous_round_total: null,
  change_from_previous_round: null,
  ...over,
});
