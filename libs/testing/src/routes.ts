import { randomUUID } from 'node:crypto';
import type { RouteEntry } from '@mfd/service-kit';

/** Placeholder values for path parameters: a fresh uuid for ids, a real-looking code otherwise. */
export function fillPath(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? randomUUID() : 'SGSIN'));
}

/** Every route a caller must be signed in for, with its path filled in. */
export function protectedRoutes(routes: RouteEntry[]): Array<RouteEntry & { path: string }> {
  return routes.filter((r) => !r.public && r.url !== '*').map((r) => ({ ...r, path: fillPath(r.url) }));
}
