/** The profile edits one "name"; users keep first and last: the first word is the first name. */
export function splitFullName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/);
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

export function fullName(user: { first_name: string; last_name: string }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}
