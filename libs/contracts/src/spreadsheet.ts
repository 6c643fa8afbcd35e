/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"): =, +, -, @, tab and carriage return. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A value made safe for a cell of any CSV or XLSX export: one that a spreadsheet would run as a
 * formula (`=HYPERLINK(...)`, `@SUM(...)`) gets a leading apostrophe, so it shows as the text it is.
 */
export function neutraliseSpreadsheetCell(value: string): string {
  return FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
}
