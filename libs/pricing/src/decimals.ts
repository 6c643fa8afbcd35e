import { compare, exact, plus, toFixed, ZERO } from './exact';

/** Which decimal text is the lower: negative, zero or positive as a is below, equal to or above b. */
export const compareDecimals = (a: string, b: string): number => compare(exact(a), exact(b));

/** Decimal texts added up exactly, written to cents (half up). */
export const sumToCents = (amounts: string[]): string =>
  toFixed(
    amounts.reduce((sum, amount) => plus(sum, exact(amount)), ZERO),
    2,
  );
