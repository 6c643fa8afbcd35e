import { describe, expect, it } from 'vitest';
import { planSplitAward, type PlanOffer } from './split-award-plan';

const VLSFO = { id: 'l-vlsfo', product_name: 'VLSFO' };
const MGO = { id: 'l-mgo', product_name: 'MGO' };
const LINES = [VLSFO, MGO];
const both: PlanOffer = { id: 'o-both', pricedLineIds: new Set([VLSFO.id, MGO.id]) };
const vlsfoOnly: PlanOffer = { id: 'o-vlsfo', pricedLineIds: new Set([VLSFO.id]) };
const OFFERS = [both, vlsfoOnly];
const pick = (line: { id: string }, offer: PlanOffer, revision = 1) => ({
  product_line_id: line.id,
  offer_id: offer.id,
  revision,
});

describe('a split award checked against the inquiry', () => {
  it('when each line goes to an offer that priced it, then each winner takes its lines in the inquiry’s order', () => {
    const plan = planSplitAward(LINES, OFFERS, {
      lines: [pick(MGO, both, 2), pick(VLSFO, vlsfoOnly)],
      not_placed: [],
    });
    expect(plan).toEqual({
      ok: true,
      winners: [
        { offerId: both.id, revision: 2, lineIds: [MGO.id] },
        { offerId: vlsfoOnly.id, revision: 1, lineIds: [VLSFO.id] },
      ],
      notPlaced: [],
    });
  });

  it('when one offer wins both lines and nothing is unplaced, then it is one winner with both lines', () => {
    const plan = planSplitAward(LINES, OFFERS, {
      lines: [pick(MGO, both), pick(VLSFO, both)],
      not_placed: [],
    });
    expect(plan).toMatchObject({ ok: true, winners: [{ offerId: both.id, lineIds: [VLSFO.id, MGO.id] }] });
  });

  it('when an offer did not price the line it is given, then that offer field is refused', () => {
    const plan = planSplitAward(LINES, OFFERS, { lines: [pick(MGO, vlsfoOnly)], not_placed: [VLSFO.id] });
    expect(plan).toEqual({
      ok: false,
      errors: [{ field: 'lines.0.offer_id', message: 'This offer did not price MGO' }],
    });
  });

  it('when one offer is named at two revisions, then the second is refused', () => {
    const plan = planSplitAward(LINES, OFFERS, {
      lines: [pick(VLSFO, both, 1), pick(MGO, both, 2)],
      not_placed: [],
    });
    expect(plan).toEqual({
      ok: false,
      errors: [{ field: 'lines.1.revision', message: 'An offer is awarded at one revision only' }],
    });
  });

  it('when a line is unknown, listed twice as not placed or left out, then each is named', () => {
    const plan = planSplitAward(LINES, OFFERS, {
      lines: [pick({ id: 'l-other' }, both)],
      not_placed: [VLSFO.id, VLSFO.id],
    });
    expect(plan).toEqual({
      ok: false,
      errors: [
        { field: 'lines.0.product_line_id', message: 'Fuel line is not a line of this inquiry' },
        { field: 'not_placed.1', message: 'VLSFO is listed twice' },
        { field: 'lines', message: 'Award each fuel line or list it as not placed: MGO' },
      ],
    });
  });

  it('when every line is unplaced, then at least one must be awarded', () => {
    expect(planSplitAward(LINES, OFFERS, { lines: [], not_placed: [VLSFO.id, MGO.id] })).toEqual({
      ok: false,
      errors: [{ field: 'lines', message: 'Award at least one fuel line' }],
    });
  });
});
