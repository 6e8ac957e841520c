/**
 * The browser entry of the site: creates the core client, starts it (session, reference precache,
 * realtime), tracks a page view on every route change and renders the provider and the router (the
 * home page at once, every other route after its table chunk loads).
 * @module
 */
import { createClient } from '@sportspyder/core';
import { SportSpyderProvider } from '@sportspyder/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { HomePage } from './pages/HomePage.js';
import { SITE_ROUTE_ID, siteFrame } from './routeTable/siteFrame.js';
import { registerServiceWorker, reloadWithNewWorker } from './service-worker/register.js';
import '@sportspyder/react/content.css';
import './styles/base.css';
import './styles/header.css';
import './styles/nav.css';
import './styles/pages.css';
import './styles/mobile.css';
import './styles/layout-stability.css';

// Reloads (a new version, a sign-in) let a waiting service worker take over first (issue 49).
const client = createClient({ reload: () => void reloadWithNewWorker() });
// Only the home page is in the boot route table: the full table (routes.tsx, with every page's lazy
// import) is its own chunk, loaded and patched in when a URL does not match (lazy route discovery).
const router = createBrowserRouter(siteFrame([{ index: true, element: <HomePage /> }]), {
  async patchRoutesOnNavigation({ patch }) {
    const { siteRoutes } = await import('./routes.js');
    patch(SITE_ROUTE_ID, siteRoutes);
  },
});

// One page view per distinct URL; the first one carries the document referrer.
let lastTracked: string | null = null;
function trackLocation(location: { pathname: string; search: string }): void {
  const path = `${location.pathname}${location.search}`;
  if (path === lastTracked) return;
  const first = lastTracked === null;
  lastTracked = path;
  // Tracking must never disturb the page: a failed call is ignored.
  client
    .trackView(first && document.referrer ? { path, referrer: document.referrer } : { path })
    .catch(() => undefined);
}
trackLocation(router.state.location);
router.subscribe((state) => trackLocation(state.location));

void client.start();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
const app = (
  <StrictMode>
    <SportSpyderProvider client={client}>
      <RouterProvider router={router} />
    </SportSpyderProvider>
  </StrictMode>
);
// Home (the boot table's only route, matched at once) renders as a transition: React renders it in
// short slices instead of one task of cold code, so no long task follows the load event (issue 4,
// `npm run bench:web`). The production build runs on preact/compat (issue 46), whose transitions
// render at once; the dev server and the tests run React, where the slicing holds. Any other URL first waits for its route chunk, and RouterProvider subscribes
// to the router only once it has committed: a sliced render could miss that the router has become
// initialized and stay blank, so those URLs render at once.
if (router.state.initialized) startTransition(() => root.render(app));
else root.render(app);
