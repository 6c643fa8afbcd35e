import type { Kysely } from 'kysely';
import { formatPortLocal, indexFormula, paymentText, type OfferView } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { findInquiry } from '../../data/inquiries.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { OfferNotFoundError } from '../rfq/offer-errors';
import { assertUnsealed } from '../rfq/offer-seal';
import { inquiryOffers, isCompared } from '../rfq/offer-views';
import type { CellValue, SheetColumn } from './sheet';

const STATUS_WORDS: Record<OfferView['status'], string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  awarded: 'Awarded',
  not_awarded: 'Not awarded',
  withdrawn: 'Withdrawn',
};

/** "Supplier A" … "Supplier Z", "Supplier AA" …: the order of the comparison, no names. */
export function anonymousSupplier(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `Supplier ${letters}`;
}

export interface OffersExportOptions {
  hideSuppliers: boolean;
  hideCustomer: boolean;
}

/** An exported comparison: a title block of label/value lines, then a table of a row per offer. */
export interface OffersComparison {
  block: [string, string][];
  columns: SheetColumn[];
  rows: CellValue[][];
  vessel: string;
}

/**
 * The comparison of one of the tenant's inquiries as every export shows it (XLSX and PDF alike):
 * the inquiry (the customer unless left out) and a row per offer as the Offers tab compares it
 * (each line's effective price, the costs, payment, validity), times in the port's zone with its
 * offset. Another company's inquiry is a 404; while the offers are sealed, 409.
 */
export async function offersComparison(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  options: OffersExportOptions,
  now: Date,
): Promise<OffersComparison> {
  const inquiry = await findInquiry(db, tenantId, inquiryId);
  if (!inquiry) throw new OfferNotFoundError('inquiry');
  // Sealed offers leave the house with their prices no sooner than they show on the Offers tab.
  await assertUnsealed(db, inquiry, now);
  const [offers, requested] = await Promise.all([
    inquiryOffers(db, tenantId, inquiryId, now).then((all) => all.filter(isCompared)),
    linesByInquiry(db, tenantId, [inquiryId]).then((m) => m.get(inquiryId) ?? []),
  ]);
  const zone = inquiry.port_timezone;
  const at = (iso: string | null) => (iso ? formatPortLocal(iso, zone) : null);
  const block: [string, string][] = [
    ['Offers compared', `${inquiry.vessel_name} at ${inquiry.port_name ?? 'port to be named'}`],
    ...(options.hideCustomer ? [] : [['Customer', inquiry.customer_name ?? '—'] as [string, string]]),
    ['ETA', at(inquiry.eta?.toISOString() ?? null) ?? 'TBD'],
    ['Exported', formatPortLocal(now.toISOString(), zone)],
    ['Prices', 'USD per MT; landed costs count each line at its requested max with every charge'],
  ];
  const columns: SheetColumn[] = [
    { header: 'Supplier', kind: 'text', width: 28 },
    { header: 'Status', kind: 'text', width: 14 },
    { header: 'Submitted (port time)', kind: 'text', width: 34 },
    ...requested.map((l) => ({ header: `${l.product_name} (USD/MT)`, kind: 'money' as const })),
    { header: 'Fuel cost (USD)', kind: 'money' },
    { header: 'Charges (USD)', kind: 'money' },
    { header: 'Total landed cost (USD)', kind: 'money', width: 22 },
    { header: 'All-in per MT (USD)', kind: 'money' },
    { header: 'Payment terms', kind: 'text', width: 30 },
    { header: 'Valid until (port time)', kind: 'text', width: 34 },
    { header: 'Remarks', kind: 'text', width: 40 },
  ];
  // An index-linked price is a formula, not only its figure: the reader sees what it rests on.
  const indexPricing = (o: OfferView) =>
    requested
      .flatMap((l) => {
        const line = o.per_product_lines[l.id];
        if (line?.pricing !== 'index') return [];
        const value = line.index_value
          ? ` (value ${line.index_value} on ${line.index_as_of})`
          : ' (no value yet)';
        return [
          `${l.product_name}: ${indexFormula(line.index_name ?? 'Index', line.differential ?? '0')}${value}`,
        ];
      })
      .join('; ') || null;
  const indexLinked = offers.some((o) => indexPricing(o) !== null);
  if (indexLinked) columns.push({ header: 'Index pricing', kind: 'text', width: 48 });
  const rows: CellValue[][] = offers.map((o, i) => [
    options.hideSuppliers ? anonymousSupplier(i) : o.supplier.trading_name,
    STATUS_WORDS[o.status],
    at(o.submitted_at),
    ...requested.map((l) => o.per_product_lines[l.id]?.effective_price_per_mt ?? null),
    o.fuel_cost,
    o.charges_cost,
    o.total_landed_cost,
    o.all_in_per_mt,
    [o.payment && paymentText(o.payment), o.payment_terms].filter(Boolean).join('; ') || null,
    at(o.valid_until),
    o.remarks,
    ...(indexLinked ? [indexPricing(o)] : []),
  ]);
  return { block, columns, rows, vessel: inquiry.vessel_name };
}
