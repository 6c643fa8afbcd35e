/**
 * A pure function of a text, its answers kept for the texts read lately: at most `max` of them, all
 * dropped when full (a bound without bookkeeping; the texts of the work at hand come back at once).
 * For hot reads of the same few decimals, such as every offer of a comparison at the same tonnes.
 * Answers are shared, so they must never be changed.
 */
export function boundedMemo<T extends NonNullable<unknown> | null>(
  read: (text: string) => T,
  max: number,
): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    const kept = known.get(text);
    if (kept !== undefined) return kept;
    const answer = read(text);
    if (known.size >= max) known.clear();
    known.set(text, answer);
    return answer;
  };
}
