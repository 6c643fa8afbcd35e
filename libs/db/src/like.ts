/** Escapes LIKE/ILIKE wildcards so user text matches itself (the default escape character is a backslash). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
