import type { FieldError } from '@mfd/contracts';

/** A stem or clause the caller's company does not have (or no such one): 404 alike. */
export class StemNotFoundError extends Error {
  constructor(readonly what: 'stem' | 'clause') {
    super(what === 'stem' ? 'Stem not found' : 'Clause not found');
  }
}

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
