import { describe, expect, it } from 'vitest';
import { changedFields } from '../audit-changes';
import { offerFields } from './offer-audit';

const revision = (overrides: object = {}) => ({
  lines: [
    {
      product_line_id: 'a',
      product_name: 'VLSFO',
      pricing: 'fixed',
      price_per_mt: '612.5',
      index_name: null,
      differential: null,
      min_deliverable: '50.0',
      max_deliverable: '700',
      delivery_method: 'barge',
    },
    {
      product_line_id: 'b',
      product_name: 'MGO',
      pricing: 'index',
      price_per_mt: null,
      index_name: 'Platts Singapore Gasoil',
      differential: '-2.50',
      min_deliverable: '50',
      max_deliverable: '80',
      delivery_method: 'truck',
    },
  ],
  payment: { method: 'credit', days: 30, basis: 'delivery' },
  payment_terms: null,
  valid_until: '2030-12-01T08:00:00+08:00',
  remarks: 'Subject to availability',
  charges_cost: '1200.00',
  total_landed_cost: null,
  ...overrides,
});

describe('an offer revision as the audit trail compares it', () => {
  it('when an offer is read, then each line reads its price (an index line as its formula), deliverable tonnes and method, and the terms as the trader reads them', () => {
    expect(offerFields(revision())).toEqual({
      'VLSFO price': '612.50',
      'VLSFO deliverable': '50–700 MT',
      'VLSFO delivery method': 'barge',
      'MGO price': 'Platts Singapore Gasoil − 2.50',
      'MGO deliverable': '50–80 MT',
      'MGO delivery method': 'truck',
      charges_cost: '1200.00',
      total_landed_cost: null,
      payment: '30 days from delivery',
      payment_terms: null,
      valid_until: '2030-12-01T00:00:00.000Z',
      remarks: 'Subject to availability',
    });
  });

  it('when a supplier revises only its VLSFO price and validity, then only those two fields change', () => {
    const before = offerFields(revision());
    const after = offerFields(
      revision({
        valid_until: '2030-12-02T08:00:00+08:00',
        lines: [{ ...revision().lines[0], price_per_mt: '605' }, revision().lines[1]],
      }),
    );
    expect(changedFields(before, after)).toEqual({
      'VLSFO price': { before: '612.50', after: '605.00' },
      valid_until: { before: '2030-12-01T00:00:00.000Z', after: '2030-12-02T00:00:00.000Z' },
    });
  });

  it('when a snapshot cannot be read, then it gives nothing to compare instead of failing the offer', () => {
    expect(offerFields({ lines: 'none' })).toEqual({});
  });
});
