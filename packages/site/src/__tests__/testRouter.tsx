// The site's routes in a memory router, as the browser entry renders them in a browser router
// (declarative mode, routeTable/SiteRoutes.tsx), with a handle the tests drive and read like React
// Router's data router: `navigate(to)` and `state.location`.
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, type NavigateOptions, useLocation, useNavigate } from 'react-router';
import { routes } from '../routes.js';
import { SiteRoutes } from '../routeTable/SiteRoutes.js';

type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

/** What a test holds of the router. */
export interface TestRouter {
  /** Navigates as a link or `navigate()` in the site would (resolves once the navigation is asked). */
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  /** The current location. */
  readonly state: { readonly location: Location };
}

/**
 * The site's route table in a memory router at `entry`, and its test handle.
 * @example
 * const { element, router } = siteInMemoryRouter('/nfl/green-bay-packers');
 * render(<SportSpyderProvider client={client}>{element}</SportSpyderProvider>);
 */
export function siteInMemoryRouter(entry: InitialEntry): { element: ReactNode; router: TestRouter } {
  const handle: { navigate: ReturnType<typeof useNavigate> | null; location: Location | null } = {
    navigate: null,
    location: null,
  };
  function Probe() {
    handle.navigate = useNavigate();
    handle.location = useLocation();
    return null;
  }
  const router: TestRouter = {
    async navigate(to, options) {
      if (!handle.navigate) throw new Error('the router is not rendered yet');
      await handle.navigate(to, options);
    },
    get state() {
      if (!handle.location) throw new Error('the router is not rendered yet');
      return { location: handle.location };
    },
  };
  const element = (
    <MemoryRouter initialEntries={[entry]}>
      <Probe />
      <SiteRoutes routes={routes} />
    </MemoryRouter>
  );
  return { element, router };
}
