import { DEFAULT_SELLING_TERMS, SELLING_TERMS, type ClaimKind, type SellingTerms } from '@mfd/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days from the delivery (the BDN's delivered_at) within which a claim must be raised, per selling
 * terms and claim kind. Source: issue 24's Shapes (quantity 7, quality 30, demurrage 30, other 60,
 * the same for both terms); BIMCO Bunker Terms 2018 give 30 days for quality claims (as summarised
 * by the UK Defence Club, see /work/shared/DOMAIN.md §9). Sellers' own GT&C are often stricter
 * (quantity before the hoses come off, quality within 15 days); a company that trades on such terms
 * changes its row here, the one place the bars live.
 */
export const TIME_BAR_DAYS: Record<SellingTerms, Record<ClaimKind, number>> = {
  'GT&C': { quantity: 7, quality: 30, demurrage: 30, other: 60 },
  'BIMCO 2018 (Bunkering)': { quantity: 7, quality: 30, demurrage: 30, other: 60 },
};

/** The terms whose table applies: a stem's own terms, or the default for terms the table does not know. */
export function timeBarTerms(sellingTerms: string | null | undefined): SellingTerms {
  return (SELLING_TERMS as readonly string[]).includes(sellingTerms ?? '')
    ? (sellingTerms as SellingTerms)
    : DEFAULT_SELLING_TERMS;
}

/** When a claim of this kind is time-barred: delivered_at plus the kind's days, as an instant (ISO, UTC). */
export function claimDeadline(
  deliveredAt: string | Date,
  kind: ClaimKind,
  sellingTerms: string | null | undefined,
): string {
  const days = TIME_BAR_DAYS[timeBarTerms(sellingTerms)][kind];
  return new Date(new Date(deliveredAt).getTime() + days * DAY_MS).toISOString();
}

/**
 * What is left before a time bar, in words for a countdown: "2 d 5 h left", "3 h 20 min left",
 * "45 min left", or "time bar passed".
 */
export function timeBarCountdown(deadline: string | Date, now: Date): string {
  const ms = new Date(deadline).getTime() - now.getTime();
  if (ms <= 0) return 'time bar passed';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} d ${hours} h left`;
  if (hours > 0) return `${hours} h ${mins} min left`;
  return `${Math.max(mins, 1)} min left`;
}
