/**
 * Route-level code splitting for the route table: a page component whose module loads on first
 * render (its own chunk), behind the loading frame. Only the home route's code stays in the initial
 * JavaScript (issue 4 performance: home initial JS under 120 KB gzipped).
 * @module
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingFrame } from '../components/LoadingFrame.js';

/** Where a lazy page keeps its loader, for {@link lazyModuleLoader}. */
const LOADER = Symbol('lazy page loader');

/**
 * Wraps a named export of a lazily imported page module as a component with the same props; the
 * route table keeps writing `<Page prop={...} />` while the module stays out of the entry chunk.
 * @example
 * const TeamNewsPage = lazyComponent(() => import('../pages/team/TeamNewsPage.js'), 'TeamNewsPage');
 */
export function lazyComponent<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  const Page = lazy(() => load().then((m) => ({ default: m[name] as unknown as ComponentType<object> })));
  function LazyPage(props: object) {
    // A page suspends only on its first render; navigations run in a transition, so the previous
    // page stays on screen until the chunk is there and the fallback is shown on a cold load only.
    return (
      <Suspense fallback={<LoadingFrame />}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  (LazyPage as unknown as Record<symbol, unknown>)[LOADER] = load;
  return LazyPage as unknown as M[K];
}

/**
 * The module loader of a component made by {@link lazyComponent}, or undefined for any other value:
 * the route-modules test reads which page module each path loads (the server modulepreloads it).
 */
export function lazyModuleLoader(component: unknown): (() => Promise<unknown>) | undefined {
  if (typeof component !== 'function') return undefined;
  const load = (component as unknown as Record<symbol, unknown>)[LOADER];
  return typeof load === 'function' ? (load as () => Promise<unknown>) : undefined;
}
