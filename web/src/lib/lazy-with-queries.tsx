import { lazy, type ComponentType } from 'react';

/**
 * A component fetched when first shown, together with the query cache it may use (lib/query-scope):
 * the screens that talk to the API come this way, so the landing page needs neither.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => {
    const [Component, { QueryScope }] = await Promise.all([load(), import('./query-scope')]);
    return {
      default: (props: P) => (
        <QueryScope>
          <Component {...props} />
        </QueryScope>
      ),
    };
  });
}
