import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { landedCost, type LandedCost, type PricedCharge, type PricedLine } from './landed-cost';
import { deliverableQuantity, effectivePrice, shortBy } from './line-price';

const cents = (amount: Big) => amount.round(2, Big.roundHalfUp);
// Constants made once: big.js parses every text or number it is given.
const ZERO = new Big(0);
const CENT = new Big('0.01');
const text = (amount: Big) => amount.toFixed(2, Big.roundHalfUp);

/** Truncating division: its own constructor, so the shared Big's settings stay untouched. */
const Truncated = Big();
Truncated.DP = 2;
Truncated.RM = Big.roundDown;

/**
 * a / b rounded half up (away from zero) to cents, exactly: the quotient truncated to cents, then
 * raised by a cent when the remainder is at least half a cent's worth. Rounding a 20-digit quotient
 * again would round twice.
 */
function divideToCents(a: Big, b: Big): Big {
  const negative = a.s * b.s < 0;
  const [n, d] = [a.abs(), b.abs()];
  let q = new Truncated(n).div(d);
  if (n.minus(q.times(d)).times(2).gte(d.times(CENT))) q = q.plus(CENT);
  return negative ? q.neg() : q;
}

/** A line as counted: its tonnes read once. */
interface CountedLine {
  product_line_id: string;
  tonnes: Big;
}

function chargeAmount(
  charge: PricedCharge,
  lines: CountedLine[],
  lineCost: Map<string, Big | null>,
): Big | null {
  const named = charge.product_line_ids ? new Set(charge.product_line_ids) : null;
  const own = named ? lines.filter((l) => named.has(l.product_line_id)) : lines;
  // A charge on none of the lines priced here (a line the inquiry no longer has) costs nothing.
  if (own.length === 0) return new Big(0);
  const tonnes = own.reduce((sum, l) => sum.plus(l.tonnes), ZERO);
  switch (charge.basis) {
    case 'lump_sum':
      return new Big(charge.amount);
    case 'per_mt':
      return tonnes.times(charge.amount);
    case 'lump_sum_up_to': {
      const above = tonnes.minus(charge.threshold_mt ?? '0');
      return new Big(charge.amount).plus(above.gt(0) ? above.times(charge.amount_above ?? '0') : 0);
    }
    case 'percent': {
      const costs = own.map((l) => lineCost.get(l.product_line_id) ?? null);
      if (costs.some((c) => c === null)) return null;
      const fuel = costs.reduce<Big>((sum, c) => sum.plus(c!), ZERO);
      return fuel.times(charge.amount).div(100);
    }
    case 'per_hour':
      return null;
  }
}

/** The rule as it was computed in big.js before exact.ts: the figures must not move. */
function bigJsLandedCost<C extends PricedCharge>(lines: PricedLine[], charges: C[]): LandedCost<C> {
  const quantities = lines.map((l) => ({
    product_line_id: l.product_line_id,
    tonnes: new Big(l.quantity_mt),
  }));
  const lineCost = new Map(
    lines.map((l, i) => [
      l.product_line_id,
      l.price_per_mt === null ? null : cents(quantities[i]!.tonnes.times(l.price_per_mt)),
    ]),
  );
  const amounts = charges.map((charge) => {
    const amount = chargeAmount(charge, quantities, lineCost);
    return amount === null ? null : cents(amount);
  });
  const counted = charges.map((charge, i) => {
    const amount = amounts[i] ?? null;
    return {
      ...charge,
      amount_usd: amount === null ? null : text(amount),
      contingent: charge.basis === 'per_hour',
    };
  });
  const indicative = [...lineCost.values()].some((c) => c === null);
  const base = {
    lines: lines.map((l) => {
      const cost = lineCost.get(l.product_line_id);
      return { product_line_id: l.product_line_id, fuel_cost: cost ? text(cost) : null };
    }),
    charges: counted,
    indicative,
  };
  if (indicative)
    return { ...base, fuel_cost: null, charges_cost: null, total_landed_cost: null, all_in_per_mt: null };

  const fuel = [...lineCost.values()].reduce<Big>((sum, c) => sum.plus(c!), ZERO);
  const extra = amounts.reduce<Big>((sum, a) => (a === null ? sum : sum.plus(a)), ZERO);
  const total = fuel.plus(extra);
  const tonnes = quantities.reduce((sum, l) => sum.plus(l.tonnes), ZERO);
  return {
    ...base,
    fuel_cost: text(fuel),
    charges_cost: text(extra),
    total_landed_cost: text(total),
    all_in_per_mt: tonnes.gt(ZERO) ? text(divideToCents(total, tonnes)) : null,
  };
}

/** A small seeded generator (mulberry32), so a failure names an input that can be run again. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: T[]): T => items[int(items.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => int(10)).join('');
  /** Decimal text as the database, the API and big.js may spell it: scales 0 to 25, signs, zeros, exponents. */
  const decimal = (): string => {
    const form = int(20);
    if (form === 0) return pick(['0', '-0', '0.00', '-0.0', '.5', '5.', '0.005', '-0.005', '0.0049999']);
    if (form === 1) return `${digits(1 + int(3))}e${pick(['', '-', '+'])}${int(4)}`;
    const sign = int(6) === 0 ? '-' : '';
    const scale = form === 2 ? 5 + int(21) : int(4);
    const whole = String(int(10 ** (1 + int(6))));
    return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits(scale)}`;
  };
  return { int, pick, decimal };
}

const BASES: PricedCharge['basis'][] = ['lump_sum', 'per_mt', 'lump_sum_up_to', 'percent', 'per_hour'];

function randomOffer(seed: number): { lines: PricedLine[]; charges: (PricedCharge & { kind: string })[] } {
  const g = generator(seed);
  const ids = ['a', 'b', 'c', 'd', 'e'].slice(0, g.int(6));
  const lines = ids.map((id) => ({
    product_line_id: id,
    price_per_mt: g.int(8) === 0 ? null : g.decimal(),
    quantity_mt: g.decimal(),
  }));
  if (g.int(10) === 0 && lines.length > 0) lines.push({ ...lines[0]!, quantity_mt: g.decimal() });
  const charges = Array.from({ length: g.int(7) }, (_, i) => {
    const basis = g.pick(BASES);
    const named =
      g.int(3) === 0 ? [...ids.filter(() => g.int(2) === 0), ...(g.int(4) === 0 ? ['gone'] : [])] : null;
    return {
      kind: `charge ${i}`,
      basis,
      amount: g.decimal(),
      ...(basis === 'lump_sum_up_to' ? { threshold_mt: g.decimal(), amount_above: g.decimal() } : {}),
      ...(g.int(2) === 0 ? { product_line_ids: named } : {}),
    };
  });
  return { lines, charges };
}

/** The answer or the error, as text to compare. */
function outcome<C extends PricedCharge>(price: () => LandedCost<C>): string {
  try {
    return JSON.stringify(price());
  } catch {
    return 'refused';
  }
}

describe('landed cost: exact integers against big.js', () => {
  it('when 20,000 random offers are priced (every basis, named and unknown lines, unknown prices, zero and negative figures, scales 0 to 25, exponents), then every figure is the text big.js gave', () => {
    for (let seed = 1; seed <= 20_000; seed++) {
      const { lines, charges } = randomOffer(seed);
      const expected = outcome(() => bigJsLandedCost(lines, charges));
      if (outcome(() => landedCost(lines, charges)) !== expected)
        expect({ seed, answer: outcome(() => landedCost(lines, charges)) }).toEqual({
          seed,
          answer: expected,
        });
    }
  }, 120_000);

  it('when a figure is not a number, then it is refused as big.js refused it', () => {
    const bad = (quantity: string) => () =>
      landedCost([{ product_line_id: 'a', price_per_mt: '600', quantity_mt: quantity }], []);
    for (const text of ['', ' 1', '1,5', '+1', 'abc', '1e', '--1', '.']) expect(bad(text)).toThrow();
  });
});

describe('line prices: exact integers against big.js', () => {
  it("when 20,000 random pairs of figures are compared, then the shortfall, the deliverable quantity and an index line's price are the text big.js gave", () => {
    const g = generator(7);
    for (let i = 0; i < 20_000; i++) {
      const [requested, offered] = [g.decimal(), g.decimal()];
      const gap = new Big(requested).minus(offered);
      expect(shortBy(requested, offered)).toBe(gap.gt(0) ? gap.toFixed() : null);
      expect(deliverableQuantity(requested, offered)).toBe(
        new Big(offered).lt(requested) ? offered : requested,
      );
      const line = {
        pricing: 'index' as const,
        price_per_mt: null,
        index_name: 'Platts',
        differential: offered,
      };
      const index = { index_name: 'Platts', value: requested, as_of: '2026-11-20' };
      expect(effectivePrice(line, () => index).effective_price_per_mt).toBe(
        new Big(requested).plus(offered).toFixed(2),
      );
    }
  }, 120_000);
});
