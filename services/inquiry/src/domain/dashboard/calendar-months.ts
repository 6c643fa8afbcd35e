/**
 * The dashboard's month is a calendar month of UTC: the figures are company-wide, and a desk's
 * inquiries span ports in many zones, so no one port's zone can name the month of all of them.
 */

/** The UTC calendar month of a moment: "2026-11". */
export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of the UTC month `back` months before the one `now` is in (0: this month). */
export function utcMonthStart(now: Date, back = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}
