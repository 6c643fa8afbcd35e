/**
 * Text a header must hold within a length: one line (control characters and runs of white space
 * become one space), cut with an ellipsis. Lengths count characters, not UTF-16 units, so a name in
 * any script is never cut inside a character.
 */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

export const lengthOf = (text: string) => Array.from(text).length;
