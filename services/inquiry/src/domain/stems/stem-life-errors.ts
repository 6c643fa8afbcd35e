/** A claim the caller's company does not have (or no such one): 404. */
export class ClaimNotFoundError extends Error {
  constructor() {
    super('Claim not found');
  }
}

/** A stem move its claims, delivery or invoice do not allow yet (close with an open claim, a claim before delivery): 409. */
export class StemLifeConflictError extends Error {}

/** An uploaded document refused: too large (413), not a PDF, JPEG or PNG (415), or no file (400). */
export class DocumentRefusedError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}
