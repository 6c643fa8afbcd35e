/**
 * What keeps a session's answers in memory (the query cache, once loaded) and must forget them when
 * the session ends or another user signs in. The auth provider clears them without importing them,
 * so the signed-out landing page does not download the query library.
 */
const clearers = new Set<() => void>();

export function clearWhenSessionChanges(clear: () => void): void {
  clearers.add(clear);
}

export function clearSessionCaches(): void {
  for (const clear of clearers) clear();
}
