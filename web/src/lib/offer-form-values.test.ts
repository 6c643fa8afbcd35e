import { describe, expect, it } from 'vitest';
import { offerSubmit } from '@mfd/contracts';
import {
  lineNames,
  offerFormErrors,
  offerFormField,
  offerFormValues,
  toOfferRequest,
  validateOfferValues,
  type RequestedLine,
} from './offer-form-values';

const VLSFO = '0190b4a0-0000-7000-8000-00000000000a';
const MGO = '0190b4a0-0000-7000-8000-00000000000b';
const requested: RequestedLine[] = [
  {
    id: VLSFO,
    product_name: 'VLSFO',
    iso_spec: 'ISO8217:2017',
    quantity_mt_min: '500.0',
    quantity_mt_max: '800.0',
  },
  {
    id: MGO,
    product_name: 'MGO',
    iso_spec: 'ISO8217:2017',
    quantity_mt_min: '50.0',
    quantity_mt_max: '100.0',
  },
];

describe('offer form values', () => {
  it('when a first offer is started, then the quantities asked for are filled in and no price', () => {
    const values = offerFormValues(requested, 'Asia/Singapore');
    expect(values.lines[0]).toEqual({
      product_line_id: VLSFO,
      price_per_mt: '',
      min_deliverable: '500.0',
      max_deliverable: '800.0',
      delivery_method: 'barge',
    });
    expect(values.valid_until).toBe('');
  });

  it('when an offer is revised, then it starts from what was offered, validity in port time', () => {
    const values = offerFormValues(requested, 'Asia/Singapore', {
      lines: [
        {
          product_line_id: MGO,
          price_per_mt: '900.00',
          min_deliverable: '50.0',
          max_deliverable: '80.0',
          delivery_method: 'truck',
        },
      ],
      barging_charges: '1200.00',
      other_charges: '0.00',
      payment_terms: '30 days',
      valid_until: '2026-11-25T00:00:00.000Z',
      remarks: null,
    });
    expect(values.lines[0]?.price_per_mt).toBe('');
    expect(values.lines[0]?.max_deliverable).toBe('');
    expect(values.lines[1]).toMatchObject({
      price_per_mt: '900.00',
      max_deliverable: '80.0',
      delivery_method: 'truck',
    });
    expect(values.valid_until).toBe('2026-11-25T08:00');
    expect(values.barging_charges).toBe('1200.00');
  });

  it('when only the second line is priced, then only it is sent and the validity carries the port offset', () => {
    const values = offerFormValues(requested, 'Asia/Singapore');
    values.lines[1]!.price_per_mt = ' 905.5 ';
    values.valid_until = '2026-11-25T08:00';
    const { body, sentLines } = toOfferRequest(values, 'Asia/Singapore');
    expect(sentLines).toEqual([1]);
    expect(body.lines).toEqual([
      {
        product_line_id: MGO,
        price_per_mt: '905.5',
        min_deliverable: '50.0',
        max_deliverable: '100.0',
        delivery_method: 'barge',
      },
    ]);
    expect(body.valid_until).toBe('2026-11-25T08:00:00+08:00');
    expect(body.barging_charges).toBeNull();
    expect(offerSubmit.safeParse(body).success).toBe(true);
  });

  it('when the server names the first line sent, then the error lands on the form line it came from', () => {
    expect(offerFormField('lines.0.price_per_mt', [1])).toBe('lines.1.price_per_mt');
    expect(offerFormField('valid_until', [1])).toBe('valid_until');
    expect(offerFormField('lines', [1])).toBe('lines');
    expect(offerFormField('lines.3.price_per_mt', [1])).toBe('lines');
  });

  it('when the schema rejects a price with 3 decimals and a blank validity, then each shows at its field', () => {
    const values = offerFormValues(requested, 'UTC');
    values.lines[1]!.price_per_mt = '900.123';
    const { body, sentLines } = toOfferRequest(values, 'UTC');
    const result = offerSubmit.safeParse(body);
    expect(result.success).toBe(false);
    const issues = (result.error?.issues ?? []).map((i) => ({ field: i.path.join('.'), message: i.message }));
    const errors = offerFormErrors(issues, values, sentLines);
    expect(errors['lines.1.price_per_mt']).toBe('Price per MT must have at most 2 decimals');
    expect(errors.valid_until).toBe('Valid until is required');
  });

  it('when two lines share a fuel, then their labels carry the line number', () => {
    expect(lineNames(requested)).toEqual(['VLSFO', 'MGO']);
    expect(lineNames([requested[0]!, { ...requested[0]!, id: MGO }])).toEqual([
      'VLSFO (line 1)',
      'VLSFO (line 2)',
    ]);
  });
});

describe('offer form check', () => {
  it('when nothing is priced, then the form says to price a line; a priced one with validity passes', () => {
    const values = offerFormValues(requested, 'UTC');
    values.valid_until = '2026-11-25T08:00';
    expect(validateOfferValues(values, 'UTC')).toEqual({ lines: 'Price at least one fuel line' });
    values.lines[0]!.price_per_mt = '650';
    expect(validateOfferValues(values, 'UTC')).toEqual({});
  });
});
