import { portDate, type PaymentView } from '@mfd/contracts';

/** BIMCO Bunker Terms 2018's default credit period, for a stem whose payment terms say nothing. */
export const DEFAULT_CREDIT_DAYS = 30;

/** The calendar date (YYYY-MM-DD) of an instant in a zone: a BDN's date is the port's date. */
export function localDate(at: string | Date, timeZone: string | null | undefined): string {
  return portDate(new Date(at), timeZone);
}

/** A YYYY-MM-DD date plus whole days, in calendar days (no zone, no daylight saving). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * When the invoice must be paid, by the payment terms: credit runs its days from the delivery (the
 * BDN's date in port time, "30ddd") or from the invoice date; cash on delivery is due on the delivery
 * date; a prepayment is due at once (the invoice date). Without terms, BIMCO's 30 days from delivery.
 */
export function invoiceDueDate(
  payment: PaymentView | null,
  delivery: { delivered_at: string | Date; port_time_zone: string | null },
  invoiceDate: string,
): string {
  const deliveryDate = localDate(delivery.delivered_at, delivery.port_time_zone);
  if (!payment) return addDays(deliveryDate, DEFAULT_CREDIT_DAYS);
  switch (payment.method) {
    case 'credit':
      return addDays(payment.basis === 'invoice' ? invoiceDate : deliveryDate, payment.days ?? 0);
    case 'cash_on_delivery':
      return deliveryDate;
    case 'prepayment':
      return invoiceDate;
  }
}
