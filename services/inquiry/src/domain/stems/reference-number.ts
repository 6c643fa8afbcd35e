/** A stem's reference: `<company prefix>-<year>-<sequence>`, the sequence per company and year, 4 digits at least. */
export function stemReference(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(4, '0')}`;
}
