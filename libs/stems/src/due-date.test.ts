import { describe, expect, it } from 'vitest';
import { addDays, invoiceDueDate, localDate } from './due-date';

// 23:30 UTC on 30 Nov is already 1 Dec in Singapore: the BDN's date is the port's.
const delivery = { delivered_at: '2026-11-30T23:30:00Z', port_time_zone: 'Asia/Singapore' };

describe('invoice due date', () => {
  it('when credit runs from delivery, then it counts from the BDN date in port time (30ddd)', () => {
    expect(localDate(delivery.delivered_at, 'Asia/Singapore')).toBe('2026-12-01');
    expect(invoiceDueDate({ method: 'credit', days: 30, basis: 'delivery' }, delivery, '2026-12-03')).toBe(
      '2026-12-31',
    );
  });

  it('when credit runs from the invoice, then it counts from the invoice date', () => {
    expect(invoiceDueDate({ method: 'credit', days: 45, basis: 'invoice' }, delivery, '2026-12-20')).toBe(
      '2027-02-03',
    );
  });

  it('when it is cash on delivery or prepayment, then it is due on delivery or at once', () => {
    expect(
      invoiceDueDate({ method: 'cash_on_delivery', days: null, basis: null }, delivery, '2026-12-03'),
    ).toBe('2026-12-01');
    expect(invoiceDueDate({ method: 'prepayment', days: null, basis: null }, delivery, '2026-11-20')).toBe(
      '2026-11-20',
    );
  });

  it('when the stem has no payment terms, then BIMCO 2018s 30 days from delivery apply', () => {
    expect(invoiceDueDate(null, delivery, '2026-12-03')).toBe('2026-12-31');
  });

  it('when days cross a month or leap day, then calendar days are added', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('when the zone is unknown, then the UTC date is used', () => {
    expect(localDate('2026-11-30T23:30:00Z', 'Mars/Olympus')).toBe('2026-11-30');
  });
});
