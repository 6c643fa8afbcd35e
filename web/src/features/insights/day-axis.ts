/** A report day's UTC midnight in ms (the chart's x). */
export const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** The day of an x value, as the tables write it. */
export const dayText = (at: number) => new Date(at).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** About six ticks on whole days from the period's first, so no two read the same date. */
export function dayTicks(from: number, to: number): number[] {
  const step = Math.max(1, Math.ceil((to - from) / DAY_MS / 6)) * DAY_MS;
  const ticks: number[] = [];
  for (let at = from; at <= to; at += step) ticks.push(at);
  return ticks;
}
