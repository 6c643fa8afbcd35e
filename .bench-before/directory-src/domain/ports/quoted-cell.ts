/** A cell quoted in an import report: cut short, so the report stays small whatever a row holds. */
export function shown(value: string): string {
  return JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value);
}
