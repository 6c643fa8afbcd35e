import { describe, expect, it } from 'vitest';
import type { InquiryProductLine } from '@mfd/contracts';
import { barging, line, MGO, offer, VLSFO } from './offer-view.fixture';
import {
  bestSingleOffer,
  combinedLandedCost,
  defaultPicks,
  NOT_PLACED,
  splitAwardRequest,
} from './split-award-picks';

const lines: InquiryProductLine[] = [
  {
    id: VLSFO,
    product_id: null,
    product_name: 'VLSFO',
    quantity_mt_min: '500',
    quantity_mt_max: '800',
    iso_spec: 'RMG380',
  },
  {
    id: MGO,
    product_id: null,
    product_name: 'MGO',
    quantity_mt_min: '50',
    quantity_mt_max: '100',
    iso_spec: 'DMA',
  },
];
const A = '0190b4a0-0000-7000-8000-00000000000a';
const B = '0190b4a0-0000-7000-8000-00000000000b';
const C = '0190b4a0-0000-7000-8000-00000000000c';
const cheapVlsfo = offer({
  id: A,
  per_product_lines: { [VLSFO]: line('600.00'), [MGO]: line('900.00') },
  charges: [barging('1200.00')],
  cheapest_total: false,
  cheapest_lines: [VLSFO],
});
const cheapMgo = offer({
  id: B,
  revision: 3,
  per_product_lines: { [VLSFO]: line('610.00'), [MGO]: line('880.00') },
  charges: [],
  cheapest_total: true,
  cheapest_lines: [MGO],
});
const expiredOne = offer({ id: C, per_product_lines: { [VLSFO]: line('500.00') }, cheapest_lines: [] });
const offers = [cheapVlsfo, cheapMgo, expiredOne];
const expired = (o: { id: string }) => o.id === C;

describe('the split mode of the Offers tab', () => {
  it('when it opens, then each line is on its cheapest standing offer, never an expired one', () => {
    expect(defaultPicks(lines, offers, expired)).toEqual({ [VLSFO]: A, [MGO]: B });
    expect(defaultPicks(lines, [expiredOne], expired)).toEqual({ [VLSFO]: NOT_PLACED, [MGO]: NOT_PLACED });
  });

  it('when VLSFO and MGO go to different offers, then the combined landed cost costs each over its own lines and the request names each at the revision shown', () => {
    const picks = { [VLSFO]: A, [MGO]: B };
    // 600.00 × 800 + the lump-sum barging 1,200.00 whole; 880.00 × 100 with no charges.
    expect(combinedLandedCost(lines, offers, picks)).toBe('569200.00');
    expect(bestSingleOffer(offers)?.id).toBe(B);
    expect(splitAwardRequest(lines, offers, picks, '  Confirm by noon ')).toEqual({
      lines: [
        { product_line_id: VLSFO, offer_id: A, revision: 1 },
        { product_line_id: MGO, offer_id: B, revision: 3 },
      ],
      not_placed: [],
      notes: 'Confirm by noon',
    });
  });

  it('when a line is not placed, then it is left out of the cost and listed as not placed', () => {
    const picks = { [VLSFO]: A, [MGO]: NOT_PLACED };
    expect(combinedLandedCost(lines, offers, picks)).toBe('481200.00');
    expect(splitAwardRequest(lines, offers, picks, '')).toEqual({
      lines: [{ product_line_id: VLSFO, offer_id: A, revision: 1 }],
      not_placed: [MGO],
      notes: null,
    });
  });
});
