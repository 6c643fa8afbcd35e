import { describe, expect, it } from 'vitest';
import { inquiryCreate, productLineInput } from './inquiries';
import { quantityMt } from './quantity';

const CUSTOMER = '0190a6f1-0000-7000-8000-000000000001';
const PORT = '0190a6f1-0000-7000-8000-000000000002';
const valid = { customer_company_id: CUSTOMER, port_id: PORT, vessel_name: 'MSC Oscar' };

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('quantities in tonnes', () => {
  const q = quantityMt('Min quantity');
  it('when given as a JSON number or a string, then the answer is the same exact decimal string', () => {
    expect(q.parse(500)).toBe('500');
    expect(q.parse('500.0')).toBe('500');
    expect(q.parse(12.5)).toBe('12.5');
    expect(q.parse(' 0012.50 ')).toBe('12.5');
  });
  it('when finer than 0.1, zero, negative, too large or not a number, then it is refused with a message naming the field', () => {
    const message = (v: unknown) => q.safeParse(v).error?.issues[0]?.message;
    expect(message('12.25')).toBe('Min quantity must have at most 1 decimal');
    expect(message(0.30000000000000004)).toBe('Min quantity must have at most 1 decimal');
    expect(message(0)).toBe('Min quantity must be between 0.1 and 1000000');
    expect(message('-5')).toBe('Min quantity must be between 0.1 and 1000000');
    expect(message('1000000.1')).toBe('Min quantity must be between 0.1 and 1000000');
    expect(message('abc')).toBe('Min quantity must be a number');
    expect(message(undefined)).toBe('Min quantity is required');
    expect(message('')).toBe('Min quantity is required');
  });
});

describe('a fuel line', () => {
  it('when min is above max, then max is named', () => {
    const r = productLineInput.safeParse({
      product_name: 'VLSFO',
      quantity_mt_min: '500',
      quantity_mt_max: 400,
    });
    expect(fieldErrors(r)).toEqual({ quantity_mt_max: 'Max quantity must be at least the min quantity' });
  });
  it('when no ISO edition is given, then ISO8217:2017 is taken', () => {
    expect(
      productLineInput.parse({ product_name: 'VLSFO', quantity_mt_min: 400, quantity_mt_max: 500 }).iso_spec,
    ).toBe('ISO8217:2017');
  });
});

describe('a new inquiry', () => {
  it('when the client sends its own company and user ids, then they are dropped', () => {
    const parsed = inquiryCreate.parse({ ...valid, trading_company_id: CUSTOMER, created_by: CUSTOMER });
    expect(parsed).not.toHaveProperty('trading_company_id');
    expect(parsed).not.toHaveProperty('created_by');
  });
  it('when customer, port and vessel are missing, then each is named', () => {
    expect(fieldErrors(inquiryCreate.safeParse({}))).toEqual({
      customer_company_id: 'Customer is required',
      port_id: 'Port is required',
      vessel_name: 'Vessel name is required',
    });
  });
  it('when the IMO check digit is wrong, then imo is named; a valid one may carry the IMO prefix', () => {
    expect(fieldErrors(inquiryCreate.safeParse({ ...valid, imo: '9703292' }))).toEqual({
      imo: 'IMO must be 7 digits with a valid check digit',
    });
    expect(inquiryCreate.parse({ ...valid, imo: 'IMO 9703291' }).imo).toBe('9703291');
    expect(inquiryCreate.parse({ ...valid, imo: '' }).imo).toBeNull();
  });
  it('when ETB is before ETA or ETD before ETB, then the later field is named', () => {
    const r = inquiryCreate.safeParse({
      ...valid,
      eta: '2026-12-01T10:00:00+08:00',
      etb: '2026-12-01T09:00:00+08:00',
      etd: '2026-12-01T08:00:00+08:00',
    });
    expect(fieldErrors(r)).toMatchObject({
      etb: 'ETB must not be before ETA',
      etd: 'ETD must not be before ETB',
    });
  });
  it('when dates carry an offset, then they are answered in UTC', () => {
    expect(inquiryCreate.parse({ ...valid, eta: '2026-12-01T10:00:00+08:00' }).eta).toBe(
      '2026-12-01T02:00:00.000Z',
    );
  });
  it('when the agent e-mail is not an e-mail, then agent_email is named', () => {
    expect(fieldErrors(inquiryCreate.safeParse({ ...valid, agent_email: 'agent-at-port' }))).toEqual({
      agent_email: 'Agent email must be a valid email address',
    });
  });
});
