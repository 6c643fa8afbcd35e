import type { Kysely } from 'kysely';
import { portDate, reportPeriod, type StemPricingMode } from '@mfd/contracts';
import type { MarginRow } from '@mfd/contracts';
import { lineCommission, lineMargin, markedUpPrice, sumAmounts } from '@mfd/pricing';
import type { InquiryDB } from '../../data/db';
import { stemEarningLines, type StemEarningLine } from '../../data/margins.repository';

const DAY_MS = 86_400_000;
const utcDay = (date: string, shift: number) => new Date(Date.parse(`${date}T00:00:00Z`) + shift * DAY_MS);

/**
 * What one stem line earned the company, by the stem's pricing mode: under a markup the margin
 * ((sell − buy) × tonnes), under a commission the commission; tonnes delivered once a delivery says
 * so, else the requested max (the stem page's rule). Null while an index line's buy price is unknown.
 */
export function lineEarning(
  mode: StemPricingMode,
  line: StemEarningLine,
): { margin: string | null; commission: string | null } {
  const buy = line.pricing === 'fixed' ? line.price_per_mt : null;
  const tonnes = line.delivered_mt ?? line.quantity_mt_max;
  const adjustment =
    line.adjustment_basis && line.adjustment_amount !== null
      ? { basis: line.adjustment_basis, amount: line.adjustment_amount }
      : null;
  if (mode === 'markup')
    return { margin: lineMargin(buy, markedUpPrice(buy, adjustment), tonnes), commission: '0.00' };
  if (mode === 'commission')
    return { margin: '0.00', commission: adjustment ? lineCommission(buy, tonnes, adjustment) : '0.00' };
  return { margin: '0.00', commission: '0.00' };
}

/**
 * Per port-time month of the stem, customer and grade: the stems, the margin and the commission
 * earned (sums of the lines known; lines still unpriced counted apart), oldest month first.
 */
export function marginRows(lines: (StemEarningLine & { month: string })[]): MarginRow[] {
  const groups = new Map<string, (StemEarningLine & { month: string })[]>();
  for (const line of lines) {
    const key = JSON.stringify([line.month, line.customer_name ?? '', line.product_name]);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, group]) => {
      const earned = group.map((l) => lineEarning(l.pricing_mode, l));
      const known = (pick: 'margin' | 'commission') =>
        sumAmounts(earned.map((e) => e[pick]).filter((a): a is string => a !== null))!;
      return {
        month: group[0]!.month,
        customer: group[0]!.customer_name,
        grade: group[0]!.product_name,
        stems: new Set(group.map((l) => l.stem_id)).size,
        margin_usd: known('margin'),
        commission_usd: known('commission'),
        lines_unpriced: earned.filter((e) => e.margin === null || e.commission === null).length,
      };
    });
}

/** The company's margins and commissions per customer, grade and month over the period (stems made in it). */
export async function margins(
  db: Kysely<InquiryDB>,
  tenantId: string,
  query: { from?: string; to?: string },
  now: Date,
): Promise<MarginRow[]> {
  const { from, to } = reportPeriod(query, now);
  const lines = await stemEarningLines(db, tenantId, utcDay(from, -1), utcDay(to, 2));
  return marginRows(
    lines.flatMap((l) => {
      const day = portDate(l.created_at, l.port_timezone);
      return day < from || day > to ? [] : [{ ...l, month: day.slice(0, 7) }];
    }),
  );
}
