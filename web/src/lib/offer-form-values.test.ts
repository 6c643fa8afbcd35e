import { describe, expect, it } from 'vitest';
import { offerSubmit } from '@mfd/contracts';
import {
  lineNames,
  newCharge,
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
      pricing: 'fixed',
      price_per_mt: '',
      index_name: '',
      differential: '',
      min_deliverable: '500.0',
      max_deliverable: '800.0',
      delivery_method: 'barge',
    });
    expect(values.charges).toEqual([]);
    expect(values.payment.method).toBe('');
    expect(values.valid_until).toBe('');
  });

  it('when an offer is revised, then it starts from what was offered, validity in port time', () => {
    const values = offerFormValues(requested, 'Asia/Singapore', {
      lines: [
        {
          product_line_id: VLSFO,
          pricing: 'index',
          price_per_mt: null,
          index_name: 'Platts Singapore Marine Fuel 0.5%',
          differential: '-2.50',
          min_deliverable: '500',
          max_deliverable: '800',
          delivery_method: 'barge',
        },
        {
          product_line_id: MGO,
          pricing: 'fixed',
          price_per_mt: '900.00',
          index_name: null,
          differential: null,
          min_deliverable: '50.0',
          max_deliverable: '80.0',
          delivery_method: 'truck',
        },
      ],
      charges: [
        {
          kind: 'barging',
          basis: 'lump_sum_up_to',
          amount: '1200.00',
          threshold_mt: '500',
          amount_above: '3.00',
          product_line_ids: null,
          note: null,
        },
      ],
      payment: { method: 'credit', days: 30, basis: 'invoice' },
      payment_terms: '30 days',
      valid_until: '2026-11-25T00:00:00.000Z',
      remarks: null,
    });
    expect(values.lines[0]).toMatchObject({
      pricing: 'index',
      price_per_mt: '',
      index_name: 'Platts Singapore Marine Fuel 0.5%',
      differential: '-2.50',
    });
    expect(values.lines[1]).toMatchObject({
      price_per_mt: '900.00',
      max_deliverable: '80.0',
      delivery_method: 'truck',
    });
    expect(values.valid_until).toBe('2026-11-25T08:00');
    expect(values.charges).toEqual([
      {
        kind: 'barging',
        basis: 'lump_sum_up_to',
        amount: '1200.00',
        threshold_mt: '500',
        amount_above: '3.00',
        product_line_ids: [],
        note: '',
      },
    ]);
    expect(values.payment).toEqual({ method: 'credit', days: '30', basis: 'invoice' });
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
        pricing: 'fixed',
        price_per_mt: '905.5',
        index_name: null,
        differential: null,
        min_deliverable: '50.0',
        max_deliverable: '100.0',
        delivery_method: 'barge',
      },
    ]);
    expect(body.valid_until).toBe('2026-11-25T08:00:00+08:00');
    expect(body.charges).toEqual([]);
    expect(body.payment).toBeNull();
    expect(offerSubmit.safeParse(body).success).toBe(true);
  });

  it('when an index line and charges are typed, then the index fields, the tariff and the chosen lines are sent, and nothing the basis does not use', () => {
    const values = offerFormValues(requested, 'UTC');
    values.lines[0] = {
      ...values.lines[0]!,
      pricing: 'index',
      price_per_mt: '610',
      index_name: ' Platts ',
      differential: '-3',
    };
    values.charges = [
      { ...newCharge(), basis: 'lump_sum_up_to', amount: '1500', threshold_mt: '500', amount_above: '3' },
      {
        ...newCharge(),
        kind: 'wharfage',
        basis: 'per_mt',
        amount: '1.5',
        threshold_mt: '500',
        product_line_ids: [VLSFO],
      },
    ];
    values.payment = { method: 'credit', days: ' 30 ', basis: 'delivery' };
    values.valid_until = '2026-11-25T08:00';
    const { body, sentLines } = toOfferRequest(values, 'UTC');
    expect(sentLines).toEqual([0]);
    expect(body.lines[0]).toMatchObject({
      pricing: 'index',
      price_per_mt: null,
      index_name: 'Platts',
      differential: '-3',
    });
    expect(body.charges).toEqual([
      {
        kind: 'barging',
        basis: 'lump_sum_up_to',
        amount: '1500',
        threshold_mt: '500',
        amount_above: '3',
        product_line_ids: null,
        note: null,
      },
      {
        kind: 'wharfage',
        basis: 'per_mt',
        amount: '1.5',
        threshold_mt: null,
        amount_above: null,
        product_line_ids: [VLSFO],
        note: null,
      },
    ]);
    expect(body.payment).toEqual({ method: 'credit', days: '30', basis: 'delivery' });
    expect(offerSubmit.safeParse(body).success).toBe(true);
    values.payment.method = 'prepayment';
    expect(toOfferRequest(values, 'UTC').body.payment).toEqual({ method: 'prepayment' });
  });

  it('when the server names the first line sent, then the error lands on the form line it came from', () => {
    expect(offerFormField('lines.0.price_per_mt', [1])).toBe('lines.1.price_per_mt');
    expect(offerFormField('valid_until', [1])).toBe('valid_until');
    expect(offerFormField('lines', [1])).toBe('lines');
    expect(offerFormField('lines.3.price_per_mt', [1])).toBe('lines');
    expect(offerFormField('charges.2.product_line_ids.0', [1])).toBe('charges.2.product_line_ids');
    expect(offerFormField('charges.2.threshold_mt', [1])).toBe('charges.2.threshold_mt');
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

  it('when a tariff lacks its threshold or a charge names a line not priced, then the error sits on that charge’s field', () => {
    const values = offerFormValues(requested, 'UTC');
    values.valid_until = '2026-11-25T08:00';
    values.lines[0]!.price_per_mt = '650';
    values.charges = [{ ...newCharge(), basis: 'lump_sum_up_to', amount: '1500', amount_above: '3' }];
    expect(validateOfferValues(values, 'UTC')).toEqual({
      'charges.0.threshold_mt': 'Threshold (MT) is required for a lump sum up to a quantity',
    });
    values.charges = [{ ...newCharge(), amount: '100', product_line_ids: [MGO] }];
    expect(validateOfferValues(values, 'UTC')).toEqual({
      'charges.0.product_line_ids': 'This charge names a fuel line the offer does not price',
    });
  });
});
