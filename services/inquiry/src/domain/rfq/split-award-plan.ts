import type { FieldError, SplitAwardInput } from '@mfd/contracts';

/** A requested fuel line, as the plan names it. */
export interface PlanLine {
  id: string;
  product_name: string;
}

/** An offer on the inquiry with the lines it priced. */
export interface PlanOffer {
  id: string;
  pricedLineIds: ReadonlySet<string>;
}

/** One winning offer, at the revision the trader reviewed, with the lines it takes (in the inquiry's order). */
export interface PlannedWinner {
  offerId: string;
  revision: number;
  lineIds: string[];
}

export type SplitAwardPlan =
  { ok: true; winners: PlannedWinner[]; notPlaced: string[] } | { ok: false; errors: FieldError[] };

type Input = Pick<Required<SplitAwardInput>, 'lines' | 'not_placed'>;

/**
 * Checks a split award against the inquiry as it stands: every line is awarded to exactly one
 * offer of this inquiry that priced it, or listed as not placed, and never both; an offer is named
 * at one revision; at least one line is awarded. Answers each winner with its lines, or an error
 * per offending field (a line neither awarded nor listed is the `lines` field's).
 */
export function planSplitAward(requested: PlanLine[], offers: PlanOffer[], input: Input): SplitAwardPlan {
  const lines = new Map(requested.map((l) => [l.id, l]));
  const byOffer = new Map(offers.map((o) => [o.id, o]));
  const errors: FieldError[] = [];
  const covered = new Set<string>();
  const winners = new Map<string, PlannedWinner>();

  input.lines.forEach((pick, i) => {
    const line = lines.get(pick.product_line_id);
    if (!line) {
      errors.push({
        field: `lines.${i}.product_line_id`,
        message: 'Fuel line is not a line of this inquiry',
      });
      return;
    }
    if (covered.has(line.id)) {
      errors.push({ field: `lines.${i}.product_line_id`, message: `${line.product_name} is awarded twice` });
      return;
    }
    covered.add(line.id);
    const offer = byOffer.get(pick.offer_id);
    if (!offer) {
      errors.push({ field: `lines.${i}.offer_id`, message: 'Offer is not an offer on this inquiry' });
      return;
    }
    if (!offer.pricedLineIds.has(line.id)) {
      errors.push({ field: `lines.${i}.offer_id`, message: `This offer did not price ${line.product_name}` });
      return;
    }
    const winner = winners.get(offer.id);
    if (winner && winner.revision !== pick.revision) {
      errors.push({ field: `lines.${i}.revision`, message: 'An offer is awarded at one revision only' });
      return;
    }
    if (winner) winner.lineIds.push(line.id);
    else winners.set(offer.id, { offerId: offer.id, revision: pick.revision, lineIds: [line.id] });
  });

  const notPlaced = new Set<string>();
  input.not_placed.forEach((id, i) => {
    const line = lines.get(id);
    if (!line) errors.push({ field: `not_placed.${i}`, message: 'Fuel line is not a line of this inquiry' });
    else if (covered.has(id))
      errors.push({
        field: `not_placed.${i}`,
        message: `${line.product_name} is both awarded and not placed`,
      });
    else if (notPlaced.has(id))
      errors.push({ field: `not_placed.${i}`, message: `${line.product_name} is listed twice` });
    else notPlaced.add(id);
  });

  const left = requested.filter((l) => !covered.has(l.id) && !notPlaced.has(l.id));
  if (left.length > 0)
    errors.push({
      field: 'lines',
      message: `Award each fuel line or list it as not placed: ${left.map((l) => l.product_name).join(', ')}`,
    });
  else if (errors.length === 0 && winners.size === 0)
    errors.push({ field: 'lines', message: 'Award at least one fuel line' });
  if (errors.length) return { ok: false, errors };

  const order = new Map(requested.map((l, i) => [l.id, i]));
  const sorted = [...winners.values()].map((w) => ({
    ...w,
    lineIds: [...w.lineIds].sort((a, b) => order.get(a)! - order.get(b)!),
  }));
  return {
    ok: true,
    winners: sorted,
    notPlaced: requested.filter((l) => notPlaced.has(l.id)).map((l) => l.id),
  };
}
