import { claimDeadline, sulphurLimit } from '@mfd/stems';
import {
  CLAIM_BAR_WITHIN_HOURS,
  type ClaimKind,
  type ClaimStatus,
  type DeclineReason,
  type InquiryStatus,
  type StemStatus,
} from '@mfd/contracts';
import { CUSTOMERS, GRADE_BASE_CENTS, GRADE_QUALITY, PORTS, SUPPLIERS, type Grade } from './cast';

/**
 * A year of a bunker desk, as plain data: which inquiries came in on which day, who was asked, who
 * offered what, what was awarded, and how each stem went on to delivery, claims and invoice. Pure
 * and deterministic (a seeded generator and the `now` given), so a test can hold it against the
 * product's reports. Money in integer cents, tonnes in tenths: no float ever reaches a price.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface PlanLine {
  grade: Grade;
  minTenths: number;
  maxTenths: number;
}

export type PlanPrice =
  { kind: 'fixed'; cents: number } | { kind: 'index'; index: string; differentialCents: number };

export interface PlanCharge {
  basis: 'lump_sum' | 'per_mt';
  cents: number;
}

export interface PlanOffer {
  supplier: number;
  submittedAt: Date;
  prices: PlanPrice[];
  charge: PlanCharge | null;
  payment: { method: 'credit'; days: number } | { method: 'prepayment' };
  /** The lines this offer won (indexes into the inquiry's lines); null when it did not win. */
  awardedLines: number[] | null;
  /** Why the trader chose it over a cheaper offer, when it was not the cheapest. */
  awardNote: string | null;
}

export interface PlanRecipient {
  supplier: number;
  decline: { reason: DeclineReason; at: Date } | null;
}

export interface PlanClaim {
  kind: ClaimKind;
  raisedAt: Date;
  timeBarAt: Date;
  status: ClaimStatus;
  amountCents: number | null;
}

export interface PlanStem {
  /** Index into the inquiry's offers. */
  offer: number;
  createdAt: Date;
  status: StemStatus;
  sellAdjustment:
    { mode: 'markup'; perMtCents: number } | { mode: 'commission'; percentHundredths: number } | null;
  /** Per awarded line: tonnes in tenths, density (tenths of kg/m³) and sulphur (thousandths of %). */
  delivery: { at: Date; lines: { tenths: number; density: number; sulphur: number }[] } | null;
  claims: PlanClaim[];
  /** Cents over (or under) the amount the stem's terms make, on the invoice; null: not invoiced yet. */
  invoice: { daysAfterDelivery: number; overchargeCents: number } | null;
}

export interface PlanInquiry {
  number: number;
  createdAt: Date;
  port: number;
  customer: number;
  vessel: number;
  owner: number;
  eta: Date;
  replyBy: Date;
  status: InquiryStatus;
  lines: PlanLine[];
  /** The benchmark an index-linked offer is compared with, per index name, in cents. */
  indexValues: Record<string, number>;
  recipients: PlanRecipient[];
  offers: PlanOffer[];
  awardedAt: Date | null;
  stems: PlanStem[];
}

/** Small, fast and seedable (mulberry32): the same seed gives the same year. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    weighted: (weights: readonly number[]) => {
      const total = weights.reduce((a, b) => a + b, 0);
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return i;
      return weights.length - 1;
    },
  };
}
type Rng = ReturnType<typeof generator>;

export const PLATTS_INDEX = 'Platts Singapore VLSFO';

/** The market that month: a random walk of at most ±4 % a month around the base prices. */
function marketWalk(rng: Rng, months: number): number[] {
  const walk = [1];
  for (let m = 1; m <= months; m++) walk.push(walk[m - 1]! * (1 + (rng.next() - 0.5) * 0.08));
  return walk;
}

/** Half-dollar steps, as suppliers quote. */
const quote = (cents: number) => Math.round(cents / 50) * 50;

function linesFor(rng: Rng): PlanLine[] {
  const residual: Grade = rng.chance(0.75) ? 'VLSFO' : 'HSFO';
  const fuelMax = rng.int(30, 150) * 100; // 300-1,500 MT in tenths
  const lines: PlanLine[] = [{ grade: residual, minTenths: Math.round(fuelMax * 0.8), maxTenths: fuelMax }];
  if (rng.chance(0.4)) {
    const distillateMax = rng.int(5, 20) * 100;
    lines.push({
      grade: 'MGO',
      minTenths: Math.round(distillateMax * 0.8),
      maxTenths: distillateMax,
    });
  }
  return lines;
}

function statusFor(rng: Rng, ageMs: number): InquiryStatus {
  if (ageMs < DAY) return (['draft', 'distributed', 'quoting'] as const)[rng.weighted([2, 3, 5])]!;
  if (ageMs < 4 * DAY) return (['quoting', 'awarded', 'cancelled'] as const)[rng.weighted([40, 55, 5])]!;
  return rng.chance(0.92) ? 'awarded' : 'cancelled';
}

/** The landed cost an offer is ranked by at award (fixed prices at the requested maximum, charges added). */
function rankingCost(offer: PlanOffer, lines: PlanLine[]): number | null {
  let total = 0;
  for (const [i, price] of offer.prices.entries()) {
    if (price.kind !== 'fixed') return null;
    total += (price.cents * lines[i]!.maxTenths) / 10;
  }
  if (offer.charge)
    total +=
      offer.charge.basis === 'lump_sum'
        ? offer.charge.cents
        : (offer.charge.cents * lines.reduce((t, l) => t + l.maxTenths, 0)) / 10;
  return total;
}

function offerFor(
  rng: Rng,
  inquiry: { createdAt: Date; port: number; lines: PlanLine[] },
  supplier: number,
  market: number,
  now: Date,
): PlanOffer | null {
  const submittedAt = new Date(inquiry.createdAt.getTime() + rng.int(20, 360) * 60_000);
  if (submittedAt > now) return null;
  const bias = SUPPLIERS[supplier]!.biasBp / 10_000;
  const portFactor = PORTS[inquiry.port]!.factorBp / 10_000;
  const prices = inquiry.lines.map((line): PlanPrice => {
    const cents = GRADE_BASE_CENTS[line.grade] * portFactor * market * (1 + bias + (rng.next() - 0.5) * 0.03);
    if (line.grade === 'VLSFO' && PORTS[inquiry.port]!.unlocode === 'SGSIN' && rng.chance(0.12))
      return { kind: 'index', index: PLATTS_INDEX, differentialCents: quote((rng.next() - 0.3) * 2_000) };
    return { kind: 'fixed', cents: quote(cents) };
  });
  const charge: PlanCharge | null = rng.chance(0.5)
    ? rng.chance(0.6)
      ? { basis: 'lump_sum', cents: rng.int(15, 35) * 10_000 }
      : { basis: 'per_mt', cents: rng.int(4, 10) * 50 }
    : null;
  return {
    supplier,
    submittedAt,
    prices,
    charge,
    payment: rng.chance(0.85)
      ? { method: 'credit', days: rng.pick([30, 30, 45, 60]) }
      : { method: 'prepayment' },
    awardedLines: null,
    awardNote: null,
  };
}

const RUNNER_UP_NOTES = [
  'Customer asked for this supplier (term contract)',
  'Cheapest supplier could not confirm the barge in the window',
  'Better credit terms outweigh the price difference',
  'Cheapest supplier had a quantity claim open with this owner',
] as const;

/** The winners: most often the cheapest landed cost, sometimes the runner-up (a relationship); split now and then. */
function award(rng: Rng, offers: PlanOffer[], lines: PlanLine[]): void {
  const ranked = offers
    .map((offer, i) => ({ i, cost: rankingCost(offer, lines) }))
    .filter((r): r is { i: number; cost: number } => r.cost !== null)
    .sort((a, b) => a.cost - b.cost);
  if (ranked.length === 0) return;
  if (lines.length === 2 && ranked.length >= 2 && rng.chance(0.15)) {
    const cheapestFor = (line: number) =>
      ranked
        .map((r) => ({ i: r.i, cents: (offers[r.i]!.prices[line] as { cents: number }).cents }))
        .sort((a, b) => a.cents - b.cents)[0]!.i;
    const [first, second] = [cheapestFor(0), cheapestFor(1)];
    if (first !== second) {
      offers[first]!.awardedLines = [0];
      offers[second]!.awardedLines = [1];
      return;
    }
  }
  const runnerUp = ranked.length > 1 && rng.chance(0.2);
  const winner = ranked[runnerUp ? 1 : 0]!.i;
  offers[winner]!.awardedLines = lines.map((_, i) => i);
  if (runnerUp) offers[winner]!.awardNote = rng.pick(RUNNER_UP_NOTES);
}

function claimsFor(rng: Rng, deliveredAt: Date, now: Date): PlanClaim[] {
  const claims: PlanClaim[] = [];
  const raise = (kind: ClaimKind, afterDays: [number, number]) => {
    const raisedAt = new Date(deliveredAt.getTime() + rng.int(afterDays[0] * 24, afterDays[1] * 24) * HOUR);
    if (raisedAt > now) return;
    const timeBarAt = new Date(claimDeadline(deliveredAt, kind, 'GT&C'));
    const settled = timeBarAt < now || now.getTime() - raisedAt.getTime() > 20 * DAY;
    claims.push({
      kind,
      raisedAt,
      timeBarAt,
      status: settled ? (['settled', 'rejected', 'submitted'] as const)[rng.weighted([6, 2, 1])]! : 'open',
      amountCents: rng.int(20, 400) * 10_000,
    });
  };
  if (rng.chance(0.06)) raise('quantity', [0, 1]);
  if (rng.chance(0.04)) raise('quality', [3, 20]);
  return claims;
}

function stemFor(rng: Rng, inquiry: PlanInquiry, offer: number, now: Date): PlanStem {
  const createdAt = new Date(inquiry.awardedAt!.getTime() + rng.int(10, 90) * 60_000);
  const sellAdjustment = [
    { mode: 'markup' as const, perMtCents: rng.int(8, 24) * 50 },
    { mode: 'commission' as const, percentHundredths: rng.int(5, 15) * 10 },
    null,
  ][rng.weighted([5, 3, 2])]!;
  const deliveredAt = new Date(inquiry.eta.getTime() + rng.int(2, 14) * HOUR);
  if (deliveredAt > now) {
    return {
      offer,
      createdAt,
      status: rng.chance(0.6) ? 'acknowledged' : 'sent',
      sellAdjustment,
      delivery: null,
      claims: [],
      invoice: null,
    };
  }
  const awarded = inquiry.offers[offer]!.awardedLines!;
  const claims = claimsFor(rng, deliveredAt, now);
  const offSpec = claims.some((c) => c.kind === 'quality');
  const lines = awarded.map((i, position) => {
    const line = inquiry.lines[i]!;
    const quality = GRADE_QUALITY[line.grade];
    // A quality claim is over fuel above its sulphur limit (0.5 % for VLSFO: 0.530 %).
    const limit = Math.round(Number(sulphurLimit(line.grade)) * 1_000);
    return {
      tenths: line.minTenths + Math.floor(rng.next() * (line.maxTenths - line.minTenths + 1)),
      density: rng.int(...quality.density),
      sulphur: offSpec && position === 0 ? limit + 30 : rng.int(...quality.sulphur),
    };
  });
  const ageDays = (now.getTime() - deliveredAt.getTime()) / DAY;
  const invoiceDays = rng.int(2, 7);
  const invoiced = ageDays > invoiceDays;
  const open = claims.some((c) => c.status === 'open' || c.status === 'submitted');
  const status: StemStatus = !invoiced ? 'delivered' : ageDays > 45 && !open ? 'closed' : 'invoiced';
  return {
    offer,
    createdAt,
    status,
    sellAdjustment,
    delivery: { at: deliveredAt, lines },
    claims,
    invoice: invoiced
      ? { daysAfterDelivery: invoiceDays, overchargeCents: rng.chance(0.1) ? rng.int(25, 150) * 1_000 : 0 }
      : null,
  };
}

/** One working day's inquiries (none at the weekend), each at a time on that day (UTC). */
function dayInquiries(rng: Rng, day: Date): Date[] {
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return [];
  const count = rng.weighted([10, 45, 35, 10]);
  return Array.from({ length: count }, () => new Date(day.getTime() + rng.int(60, 15 * 60) * 60_000)).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
}

/** The desk's inquiries from `months` months before `now` up to it, oldest first. */
export function planYear(options: { months: number; now: Date; seed?: number }): PlanInquiry[] {
  const rng = generator(options.seed ?? 20_261_127);
  const now = options.now;
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - options.months, now.getUTCDate()),
  );
  const walk = marketWalk(rng, options.months + 1);
  const inquiries: PlanInquiry[] = [];
  for (let day = start; day <= now; day = new Date(day.getTime() + DAY)) {
    for (const createdAt of dayInquiries(rng, day)) {
      if (createdAt > now) continue;
      const ageMs = now.getTime() - createdAt.getTime();
      const monthIndex = Math.floor((createdAt.getTime() - start.getTime()) / (30.44 * DAY));
      const market = walk[Math.min(monthIndex, walk.length - 1)]!;
      const port = rng.weighted(PORTS.map((p) => p.weight));
      const customer = rng.int(0, CUSTOMERS.length - 1);
      const inquiry: PlanInquiry = {
        number: inquiries.length + 1,
        createdAt,
        port,
        customer,
        vessel: customer * 2 + rng.int(0, 1),
        owner: rng.int(0, 2),
        eta: new Date(createdAt.getTime() + rng.int(3 * 24, 10 * 24) * HOUR),
        replyBy: new Date(createdAt.getTime() + rng.int(4, 24) * HOUR),
        status: statusFor(rng, ageMs),
        lines: linesFor(rng),
        indexValues: {},
        recipients: [],
        offers: [],
        awardedAt: null,
        stems: [],
      };
      inquiry.indexValues[PLATTS_INDEX] = quote(
        GRADE_BASE_CENTS.VLSFO * (PORTS[port]!.factorBp / 10_000) * market,
      );
      if (inquiry.status !== 'draft') {
        const covering = SUPPLIERS.flatMap((s, i) =>
          (s.ports as readonly string[]).includes(PORTS[port]!.unlocode) ? [i] : [],
        );
        for (const supplier of covering) {
          const declines = rng.chance(SUPPLIERS[supplier]!.declineRate);
          const offers =
            !declines && inquiry.status !== 'distributed' && rng.chance(SUPPLIERS[supplier]!.responseRate);
          const offer = offers ? offerFor(rng, inquiry, supplier, market, now) : null;
          if (offer) inquiry.offers.push(offer);
          const declineAt = new Date(createdAt.getTime() + rng.int(30, 240) * 60_000);
          inquiry.recipients.push({
            supplier,
            decline:
              declines && declineAt <= now
                ? {
                    reason: rng.pick(['no_availability', 'no_credit', 'cannot_meet_dates', 'other'] as const),
                    at: declineAt,
                  }
                : null,
          });
        }
      }
      if (inquiry.status === 'quoting' && inquiry.offers.length === 0)
        inquiry.status = ageMs > 4 * DAY ? 'cancelled' : 'distributed';
      if (inquiry.status === 'awarded') {
        award(rng, inquiry.offers, inquiry.lines);
        const winners = inquiry.offers.flatMap((o, i) => (o.awardedLines ? [i] : []));
        const lastOffer = Math.max(...inquiry.offers.map((o) => o.submittedAt.getTime()));
        const awardedAt = new Date(lastOffer + rng.int(30, 300) * 60_000);
        if (winners.length === 0 || awardedAt > now) {
          for (const o of inquiry.offers) o.awardedLines = null;
          inquiry.status = inquiry.offers.length ? 'quoting' : 'distributed';
          // Days later a desk has moved on: what could not be awarded was cancelled.
          if (ageMs > 4 * DAY) inquiry.status = 'cancelled';
        } else {
          inquiry.awardedAt = awardedAt;
          inquiry.stems = winners.map((offer) => stemFor(rng, inquiry, offer, now));
        }
      }
      inquiries.push(inquiry);
    }
  }
  claimNearTimeBar(inquiries, now);
  return inquiries;
}

/**
 * A desk always has a claim running out: when none of the year's is open with its bar in the next
 * CLAIM_BAR_WITHIN_HOURS, the delivery nearest five days ago gets an open quantity claim (its bar
 * two days off), the delivery moved to then if it was elsewhere (a vessel late on its ETA).
 */
function claimNearTimeBar(inquiries: PlanInquiry[], now: Date): void {
  const nearBar = (c: PlanClaim) =>
    c.status === 'open' &&
    c.timeBarAt > now &&
    c.timeBarAt.getTime() <= now.getTime() + CLAIM_BAR_WITHIN_HOURS * HOUR;
  const stems = inquiries.flatMap((i) => i.stems.map((stem) => ({ stem, eta: i.eta })));
  if (stems.some(({ stem }) => stem.claims.some(nearBar))) return;
  const target = now.getTime() - 5 * DAY;
  const distance = (stem: PlanStem) => Math.abs(stem.delivery!.at.getTime() - target);
  const candidates = stems.filter(({ stem, eta }) => stem.delivery && eta.getTime() <= target);
  if (candidates.length === 0) return;
  const { stem } = candidates.reduce((a, b) => (distance(b.stem) < distance(a.stem) ? b : a));
  const claim = (at: Date): PlanClaim => ({
    kind: 'quantity',
    raisedAt: new Date(at.getTime() + DAY),
    timeBarAt: new Date(claimDeadline(at, 'quantity', 'GT&C')),
    status: 'open',
    amountCents: 1_250_000,
  });
  if (!nearBar(claim(stem.delivery!.at))) {
    stem.delivery!.at = new Date(target);
    stem.status = 'delivered';
    stem.invoice = null;
    stem.claims = [];
  } else if (stem.status === 'closed') stem.status = 'invoiced';
  stem.claims.push(claim(stem.delivery!.at));
}
