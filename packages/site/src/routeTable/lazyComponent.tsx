/**
 * Route-level code splitting for the route table: a page component whose module loads on first
 * render (its own chunk), behind the loading frame. Only the home route's code stays in the initial
 * JavaScript (issue 4 performance: home initial JS under 120 KB gzipped).
 * @module
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingFrame } from '../components/LoadingFrame.js';

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
  return LazyPage as unknown as M[K];
}
