import { describe, expect, it } from 'vitest';
import { addedFields, changedFields, inquiryFields, lineFields, removedFields } from './audit-changes';

const inquiry = {
  customer_name: 'Nordic Tankers A/S',
  port_name: 'Singapore',
  port_unlocode: 'SGSIN',
  vessel_name: 'MSC OSCAR',
  imo: '9703291',
  agent_name: null,
  agent_email: null,
  eta: new Date('2030-12-10T00:00:00Z'),
  etb: null,
  etd: null,
  commentary: 'Prefer barge delivery.',
  supplier_notes: null,
  selling_terms: 'GT&C',
};

describe('changes as the audit trail records them', () => {
  it('when an ETA and the notes change, then only those two fields are recorded, before and after', () => {
    const after = { ...inquiry, eta: new Date('2030-12-11T02:00:00Z'), commentary: null };
    expect(changedFields(inquiryFields(inquiry), inquiryFields(after))).toEqual({
      eta: { before: '2030-12-10T00:00:00.000Z', after: '2030-12-11T02:00:00.000Z' },
      commentary: { before: 'Prefer barge delivery.', after: null },
    });
  });

  it('when nothing changes, then there is nothing to record', () => {
    expect(changedFields(inquiryFields(inquiry), inquiryFields({ ...inquiry }))).toEqual({});
  });

  it('when the port changes, then it reads as name and UN/LOCODE', () => {
    const moved = { ...inquiry, port_name: 'Rotterdam', port_unlocode: 'NLRTM' };
    expect(changedFields(inquiryFields(inquiry), inquiryFields(moved))).toEqual({
      port: { before: 'Singapore (SGSIN)', after: 'Rotterdam (NLRTM)' },
    });
  });

  it('when a fuel line is added or removed, then each of its fields goes from or to nothing, tonnes canonical', () => {
    const line = {
      product_name: 'MGO',
      iso_spec: 'ISO8217:2024',
      quantity_mt_min: '50.0',
      quantity_mt_max: '80.5',
    };
    expect(addedFields(lineFields(line))).toEqual({
      product_name: { before: null, after: 'MGO' },
      iso_spec: { before: null, after: 'ISO8217:2024' },
      quantity_mt_min: { before: null, after: '50' },
      quantity_mt_max: { before: null, after: '80.5' },
    });
    expect(removedFields(lineFields(line)).quantity_mt_max).toEqual({ before: '80.5', after: null });
  });
});
