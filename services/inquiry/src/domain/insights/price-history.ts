import type { Kysely } from 'kysely';
import { portDate, reportPeriod, type LastDoneLine, type PriceHistoryDay } from '@mfd/contracts';
import {
  effectivePrice,
  indexLookup,
  medianPrice,
  priceRange,
  weightedAveragePrice,
  type IndexValue,
} from '@mfd/pricing';
import type { InquiryDB } from '../../data/db';
import { findInquiry } from '../../data/inquiries.repository';
import {
  indexValuesByInquiry,
  lastAwards,
  offeredPrices,
  portOf,
  type OfferedPriceRow,
} from '../../data/price-history.repository';
import { InquiryNotFoundError } from '../inquiries';

const DAY_MS = 86_400_000;
/** Every zone is within 14 hours of UTC: a port's day lies inside its UTC date ± one day. */
const utcDay = (date: string, shift: number) => new Date(Date.parse(`${date}T00:00:00Z`) + shift * DAY_MS);

/** A priced offered line on its port-time day. */
export interface DayPrice {
  date: string;
  offer_id: string;
  price_per_mt: string;
  awarded: boolean;
  quantity_mt_max: string;
}

/**
 * Each line at its effective price (an index-linked line at its inquiry's index value plus the
 * differential, the rule of @mfd/pricing) on the day it was offered at the port; a line whose
 * index has no value yet has no price and is left out.
 */
export function pricedOnPortDays(
  rows: OfferedPriceRow[],
  indexValues: Map<string, IndexValue[]>,
): DayPrice[] {
  const lookups = new Map([...indexValues].map(([id, values]) => [id, indexLookup(values)]));
  const none = () => null;
  return rows.flatMap((row) => {
    const price = effectivePrice(row, lookups.get(row.inquiry_id) ?? none).effective_price_per_mt;
    if (price === null) return [];
    return [
      {
        date: portDate(row.submitted_at, row.port_timezone),
        offer_id: row.offer_id,
        price_per_mt: price,
        awarded: row.awarded,
        quantity_mt_max: row.quantity_mt_max,
      },
    ];
  });
}

/** One item per day with prices, oldest first, within [from, to]. */
export function dailyPriceStats(prices: DayPrice[], from: string, to: string): PriceHistoryDay[] {
  const byDay = new Map<string, DayPrice[]>();
  for (const p of prices) {
    if (p.date < from || p.date > to) continue;
    byDay.set(p.date, [...(byDay.get(p.date) ?? []), p]);
  }
  return [...byDay.keys()].sort().map((date) => {
    const day = byDay.get(date)!;
    const all = day.map((p) => p.price_per_mt);
    const range = priceRange(all)!;
    const awarded = day.filter((p) => p.awarded);
    return {
      date,
      offers: new Set(day.map((p) => p.offer_id)).size,
      min_price: range.min,
      median_price: medianPrice(all)!,
      max_price: range.max,
      awarded_count: awarded.length,
      awarded_avg_price: weightedAveragePrice(
        awarded.map((p) => ({ price_per_mt: p.price_per_mt, quantity_mt: p.quantity_mt_max })),
      ),
    };
  });
}

/**
 * The price history of a grade at a port from the company's own offers, per port-time day; the
 * period, unless asked, ends on the port's today (Singapore's day starts 8 hours before UTC's).
 */
export async function priceHistory(
  db: Kysely<InquiryDB>,
  tenantId: string,
  query: { port_id: string; product: string; from?: string; to?: string },
  now: Date,
): Promise<{ portName: string | null; from: string; to: string; days: PriceHistoryDay[] }> {
  const port = await portOf(db, tenantId, query.port_id);
  const { from, to } = reportPeriod(query, now, port?.port_timezone);
  const rows = await offeredPrices(db, tenantId, {
    portId: query.port_id,
    product: query.product,
    since: utcDay(from, -1),
    until: utcDay(to, 2),
  });
  const indexed = [...new Set(rows.filter((r) => r.pricing === 'index').map((r) => r.inquiry_id))];
  const values = await indexValuesByInquiry(db, tenantId, indexed);
  return {
    portName: port?.port_name ?? null,
    from,
    to,
    days: dailyPriceStats(pricedOnPortDays(rows, values), from, to),
  };
}

/** Per line of one of the tenant's inquiries, what was last awarded for its grade at its port. */
export async function lastDone(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
): Promise<LastDoneLine[]> {
  if (!(await findInquiry(db, tenantId, inquiryId))) throw new InquiryNotFoundError('inquiry');
  const rows = await lastAwards(db, tenantId, inquiryId);
  const indexed = [...new Set(rows.filter((r) => r.pricing === 'index').map((r) => r.inquiry_id))];
  const values = await indexValuesByInquiry(db, tenantId, indexed);
  return rows.flatMap((row) => {
    const price = effectivePrice(row, indexLookup(values.get(row.inquiry_id) ?? []));
    if (price.effective_price_per_mt === null) return [];
    return [
      {
        product_line_id: row.product_line_id,
        price_per_mt: price.effective_price_per_mt,
        date: portDate(row.awarded_at, row.port_timezone),
        inquiry_id: row.inquiry_id,
      },
    ];
  });
}
