import { describe, expect, it } from 'vitest';
import { CLAIM_BAR_WITHIN_HOURS, isValidImo } from '@mfd/contracts';
import { claimDeadline, sulphurLimit } from '@mfd/stems';
import { VESSEL_IMOS } from './cast';
import { planYear, type PlanInquiry } from './plan';

const NOW = new Date('2026-11-27T03:00:00Z');
const DAY = 86_400_000;
const year = planYear({ months: 12, now: NOW });
const awarded = year.filter((i) => i.status === 'awarded');

/** Every moment the plan says something happened at. */
function moments(i: PlanInquiry): Date[] {
  return [
    i.createdAt,
    ...i.offers.map((o) => o.submittedAt),
    ...i.recipients.flatMap((r) => (r.decline ? [r.decline.at] : [])),
    ...(i.awardedAt ? [i.awardedAt] : []),
    ...i.stems.flatMap((s) => [
      s.createdAt,
      ...(s.delivery ? [s.delivery.at] : []),
      ...s.claims.map((c) => c.raisedAt),
    ]),
  ];
}

describe('a seeded year', () => {
  it('when planned twice for the same moment, then it is the same year', () => {
    expect(JSON.stringify(planYear({ months: 12, now: NOW }))).toBe(JSON.stringify(year));
  });

  it('when planned for 12 months, then every month has inquiries and nothing happens after now', () => {
    const months = new Set(year.map((i) => i.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBe(13);
    expect(year[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 366 * DAY);
    expect(year.length).toBeGreaterThan(300);
    for (const inquiry of year) for (const at of moments(inquiry)) expect(at <= NOW).toBe(true);
  });

  it('when an inquiry is awarded, then after its offers, each line to one fixed-price winner, a stem per winner', () => {
    expect(awarded.length).toBeGreaterThan(year.length * 0.7);
    for (const inquiry of awarded) {
      const winners = inquiry.offers.filter((o) => o.awardedLines);
      const lines = winners.flatMap((o) => o.awardedLines!).sort();
      expect(lines).toEqual(inquiry.lines.map((_, i) => i));
      for (const w of winners) for (const l of w.awardedLines!) expect(w.prices[l]!.kind).toBe('fixed');
      for (const o of inquiry.offers) expect(o.submittedAt < inquiry.awardedAt!).toBe(true);
      expect(inquiry.stems.map((s) => inquiry.offers[s.offer])).toEqual(winners);
    }
    expect(awarded.some((i) => i.stems.length === 2)).toBe(true);
    // An award to a dearer offer says why.
    const dearer = awarded.flatMap((i) => i.offers.filter((o) => o.awardNote));
    expect(dearer.length).toBeGreaterThan(10);
    for (const o of dearer) expect(o.awardedLines).not.toBeNull();
  });

  it('when inquiries are not awarded, then none of their offers won, drafts went to nobody, and only this week’s still wait', () => {
    for (const inquiry of year.filter((i) => i.status !== 'awarded')) {
      expect(inquiry.offers.every((o) => o.awardedLines === null)).toBe(true);
      expect(inquiry.stems).toEqual([]);
      if (inquiry.status === 'draft') expect(inquiry.recipients).toEqual([]);
      if (inquiry.status === 'distributed') expect(inquiry.offers).toEqual([]);
      if (inquiry.status !== 'cancelled')
        expect(NOW.getTime() - inquiry.createdAt.getTime()).toBeLessThan(4 * DAY);
    }
  });

  it('when a stem was delivered, then its claims carry the product’s time bars and one is open near its bar', () => {
    const stems = year.flatMap((i) => i.stems);
    const claims = stems.flatMap((s) => s.claims.map((c) => ({ c, at: s.delivery!.at })));
    expect(claims.length).toBeGreaterThan(5);
    for (const { c, at } of claims) expect(c.timeBarAt.toISOString()).toBe(claimDeadline(at, c.kind, 'GT&C'));
    const barBy = NOW.getTime() + CLAIM_BAR_WITHIN_HOURS * 3_600_000;
    expect(
      claims.some(({ c }) => c.status === 'open' && c.timeBarAt > NOW && c.timeBarAt.getTime() <= barBy),
    ).toBe(true);
    for (const s of stems) {
      if (!s.delivery) expect(['sent', 'acknowledged']).toContain(s.status);
      // Within the grade's sulphur limit unless a quality claim says otherwise.
      const inquiry = year.find((i) => i.stems.includes(s))!;
      const offSpec = s.delivery?.lines.some((l, n) => {
        const grade = inquiry.lines[inquiry.offers[s.offer]!.awardedLines![n]!]!.grade;
        return l.sulphur > Number(sulphurLimit(grade)) * 1_000;
      });
      if (offSpec) expect(s.claims.map((c) => c.kind)).toContain('quality');
      if (s.invoice) expect(['invoiced', 'closed']).toContain(s.status);
    }
  });

  it('when suppliers price, then the market is in it: index-linked offers at Singapore, charges, and most awards to the cheapest', () => {
    const offers = year.flatMap((i) => i.offers);
    expect(offers.some((o) => o.prices.some((p) => p.kind === 'index'))).toBe(true);
    expect(offers.some((o) => o.charge?.basis === 'per_mt')).toBe(true);
    for (const o of offers)
      for (const p of o.prices) if (p.kind === 'fixed') expect(p.cents).toBeGreaterThan(30_000);
    const declines = year.flatMap((i) => i.recipients.filter((r) => r.decline));
    expect(new Set(declines.map((r) => r.decline!.reason)).size).toBe(4);
  });

  it('when the vessels are named, then each IMO number passes the check digit and none repeats', () => {
    for (const imo of VESSEL_IMOS) expect(isValidImo(imo)).toBe(true);
    expect(new Set(VESSEL_IMOS).size).toBe(VESSEL_IMOS.length);
  });
});
