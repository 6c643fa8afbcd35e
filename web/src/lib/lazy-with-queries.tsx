import { lazy, type ComponentType } from 'react';

/** A lazily fetched component that can also be fetched ahead, before it is first shown. */
export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component fetched when first shown (or when `preload` is called), together with the query cache
 * it may use (lib/query-scope): the screens that talk to the API come this way, so the landing page
 * needs neither.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), import('./query-scope')]).then(([Component, { QueryScope }]) => ({
      default: (props: P) => (
        <QueryScope>
          <Component {...props} />
        </QueryScope>
      ),
    })));
  return Object.assign(lazy(preload), { preload });
}
