import { compareDecimals } from './decimals';

/** An offer's total as ranked: null while unknown (indicative), which takes no place. */
export interface RankedTotal {
  id: string;
  total: string | null;
}

/**
 * Where one offer stands on landed cost among the given ones: 1 is the lowest, equal totals share a
 * place, offers without a total are not counted. Null when this one has no total (or is not there).
 */
export function costRank(totals: RankedTotal[], id: string): { position: number; of: number } | null {
  const known = totals.filter((t): t is { id: string; total: string } => t.total !== null);
  const own = known.find((t) => t.id === id);
  if (!own) return null;
  const lower = known.filter((t) => compareDecimals(t.total, own.total) < 0).length;
  return { position: lower + 1, of: known.length };
}
