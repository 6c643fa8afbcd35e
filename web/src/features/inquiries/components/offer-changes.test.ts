import { describe, expect, it } from 'vitest';
import { revisedParts } from './offer-changes';
import { barging, line, MGO, offer, VLSFO } from './offer-view.fixture';

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
