/**
 * The browser entry of the site: creates the core client, starts it (session, reference precache,
 * realtime), tracks a page view on every route change and renders the provider and the router (the
 * home page at once, every other route after its table chunk loads).
 * @module
 */
import { createClient } from '@sportspyder/core';
import { SportSpyderProvider } from '@sportspyder/react';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.js';
import { useScrollRestoration } from './hooks/useScrollRestoration.js';
import { HomePage } from './pages/HomePage.js';
import { SiteRoutes } from './routeTable/SiteRoutes.js';
import { rootErrorFallback, siteFrame } from './routeTable/siteFrame.js';
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
// import) is its own chunk, loaded when a location does not match (routeTable/SiteRoutes.tsx).
const bootRoutes = siteFrame([{ index: true, element: <HomePage /> }]);
const loadRoutes = () => import('./routes.js').then((m) => m.routes);

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
trackLocation(window.location);

/**
 * Tracks a page view on every route change (the first was tracked before the first render) and keeps
 * the scroll position of each history entry.
 */
function PageViews() {
  const location = useLocation();
  useEffect(() => trackLocation(location), [location]);
  useScrollRestoration();
  return null;
}

void client.start();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// React Router's declarative mode: its data router (createBrowserRouter, loaders, errorElement,
// ScrollRestoration) is 54 KB of minified JavaScript the site used none of the data features of
// (docs/decisions/performance-and-caching.md, issue 46); error boundaries and scroll restoration are ours.
root.render(
  <StrictMode>
    <SportSpyderProvider client={client}>
      <BrowserRouter>
        <PageViews />
        {/* The route table's chunk failing to load is caught here, outside any route. */}
        <RouteErrorBoundary fallback={rootErrorFallback}>
          <SiteRoutes routes={bootRoutes} loadRoutes={loadRoutes} />
        </RouteErrorBoundary>
      </BrowserRouter>
    </SportSpyderProvider>
  </StrictMode>,
);
