/** A stem's reference: `<company prefix>-<year>-<sequence>`, the sequence per company and year, 4 digits at least. */
export function stemReference(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(4, '0')}`;
}

/**
 * The prefix until the company sets its own: the first three letters of its name, upper case,
 * accents dropped (Ålesund Bunkers -> ALE); a name without three letters is filled with X so every
 * reference has the same shape.
 */
export function defaultReferencePrefix(companyName: string): string {
  const letters = companyName
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.slice(0, 3).padEnd(3, 'X');
}
