/** `from=…&to=…` with the dates left empty left out (the server's default period). */
export function periodQuery(period: { from: string; to: string }): string {
  return new URLSearchParams(Object.entries(period).filter(([, v]) => v !== '')).toString();
}
