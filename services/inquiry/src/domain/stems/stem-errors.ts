import type { FieldError } from '@mfd/contracts';

/** A stem, clause or claim the caller's company does not have (or no such one): 404 alike. */
export class StemNotFoundError extends Error {
  constructor(readonly what: 'stem' | 'clause' | 'claim') {
    super({ stem: 'Stem not found', clause: 'Clause not found', claim: 'Claim not found' }[what]);
  }
}

/** A stem move its claims, delivery or invoice do not allow yet (close with an open claim, a claim before delivery): 409. */
export class StemLifeConflictError extends Error {}

/** Input that parsed but does not hold against the stem (a line or clause it does not have): 400. */
export class StemInputError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join(' '));
  }
}

/** The clause library is full (409). */
export class ClauseLimitError extends Error {
  constructor(limit: number) {
    super(`The clause library holds at most ${limit} clauses: delete one first.`);
  }
}
