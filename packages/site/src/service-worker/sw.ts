// The site's service worker (issue 49), built by vite-plugin-pwa's injectManifest strategy from this
// source. What it keeps and why: docs/decisions/offline-and-alerts.md "Installable and offline".
// - The shell (index.html and the hashed JS and CSS the build lists in self.__WB_MANIFEST) is precached.
// - A page navigation goes to the network (the server writes each page's head and status); without a
//   network it gets the precached shell, whose page then shows its copy or "needs a connection".
// - API reads of team pages (news lists with their cards) and articles are network first with a timeout,
//   the session and the reference network first without one; the copies are bounded in entries, age
//   and bytes.
// - Team logos are cache first, bounded in entries and age.
// - Episode audio the member downloaded (core's episode-downloads.ts writes it) is answered from the
//   cache, ranges included, so the player can seek offline: the site's own audio under its URL, a
//   podcast host's under the server's download relay path (EPISODE_AUDIO_RELAY_PATH).
// - A new version waits: it takes over only when a page asks (SKIP_WAITING_MESSAGE), which the page does
//   when the version reload rule (core reload-gate.ts) reloads it, so an open page is never broken.
import {
  API_CACHE,
  API_CACHE_MAX_AGE_SECONDS,
  API_CACHE_MAX_BYTES,
  API_CACHE_MAX_ENTRIES,
  API_NETWORK_TIMEOUT_SECONDS,
  EPISODE_AUDIO_RELAY_PATH,
  EPISODE_CACHE,
  LOGO_CACHE,
  LOGO_CACHE_MAX_AGE_SECONDS,
  LOGO_CACHE_MAX_ENTRIES,
  SKIP_WAITING_MESSAGE,
} from '@sportspyder/core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, CacheOnly, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { offlineCopyPlugin } from './offline-copy-plugin.js';
import { type PushWorkerScope, registerPushHandlers } from './push-handlers.js';

/** The members of the service worker's global scope used here (the DOM library has no worker types). */
interface WorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  location: { origin: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

declare const self: WorkerScope & PushWorkerScope;

/** The manifest's file as the plugin lists it (vite.config.ts `manifestFilename`). */
const WEB_MANIFEST_FILE = 'manifest.webmanifest';

// The API reads a team page needs to open offline (paths as core's resource functions ask them): the
// team's reads (news lists with their cards, games, players) and articles wait for the network at most
// API_NETWORK_TIMEOUT_SECONDS; the session and the reference wait for it as long as it takes (a copy of
// who is signed in is for offline only: a slow answer must not show a stale sign-in state).
const TEAM_READS = /^\/api\/v1\/(?:teams|articles)\//;
const SHELL_READS = /^\/api\/v1\/(?:session|sports|topics)$/;
// Paths the server answers itself: never the shell.
const SERVER_PATHS = [
  /^\/api\//,
  /^\/cable/,
  /^\/widgets\//,
  /^\/logos\//,
  /^\/rss/,
  /^\/demo\//,
  /^\/embed\//,
  /^\/developers/,
  /^\/websub\//,
  /^\/sitemap/,
  /^\/robots\.txt/,
  /^\/healthz/,
  /^\/email\/.*unsubscribe/,
];

cleanupOutdatedCaches();
// The plugin lists the web app manifest too; the server answers it per member (their followed teams
// as shortcuts: server http/web-manifest.ts), so it goes to the network like any page's read.
precacheAndRoute(
  self.__WB_MANIFEST.filter((entry) => (typeof entry === 'string' ? entry : entry.url) !== WEB_MANIFEST_FILE),
);
// A worker that activates takes the open pages at once: the first install has no older worker (so the
// pages of the first visit already keep their reads), and a new version activates only on the message
// below, sent by a page that reloads right after.
clientsClaim();

const apiCopyPlugins = () => [
  new ExpirationPlugin({
    maxEntries: API_CACHE_MAX_ENTRIES,
    maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS,
    purgeOnQuotaError: true,
  }),
  offlineCopyPlugin(API_CACHE_MAX_BYTES),
];
const sameOriginGet = (url: URL, request: Request, path: RegExp) =>
  url.origin === self.location.origin && request.method === 'GET' && path.test(url.pathname);
registerRoute(
  ({ url, request }) => sameOriginGet(url, request, TEAM_READS),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    plugins: apiCopyPlugins(),
  }),
);
registerRoute(
  ({ url, request }) => sameOriginGet(url, request, SHELL_READS),
  new NetworkFirst({ cacheName: API_CACHE, plugins: apiCopyPlugins() }),
);

// Signing in or out changes whose data the copies are: they go, so a shared device shows no one's feed.
const sessionChange = new NetworkOnly({
  plugins: [
    {
      fetchDidSucceed: async ({ response }) => {
        if (response.ok) await caches.delete(API_CACHE);
        return response;
      },
    },
  ],
});
for (const method of ['POST', 'DELETE'] as const) {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === '/api/v1/session',
    sessionChange,
    method,
  );
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.destination === 'image' &&
    url.pathname.startsWith('/logos/'),
  new CacheFirst({
    cacheName: LOGO_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: LOGO_CACHE_MAX_ENTRIES,
        maxAgeSeconds: LOGO_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Downloaded audio: from the cache, cut to the asked range; anything not downloaded streams as before.
// Same origin only: downloads are stored under same-origin URLs (a podcast host's episode under the
// server's relay path), and the worker's fetch falls under the CSP's connect-src 'self', so it must not
// stand between the player and another host's audio. The relay path is matched whatever the request's
// destination, so the stored copy answers it however it is asked for.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (request.destination === 'audio' ||
      request.destination === 'video' ||
      EPISODE_AUDIO_RELAY_PATH.test(url.pathname)),
  new CacheOnly({
    cacheName: EPISODE_CACHE,
    matchOptions: { ignoreVary: true, ignoreSearch: false },
    plugins: [new RangeRequestsPlugin(), { handlerDidError: async ({ request }) => fetch(request) }],
  }),
);

// Navigations: the network's page, else the precached shell.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error() }],
    }),
    { denylist: SERVER_PATHS },
  ),
);

self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

registerPushHandlers(self);
