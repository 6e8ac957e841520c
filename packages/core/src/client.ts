/**
 * `createClient`: the one object the site and the embeds talk to. It wires the transport, the
 * resource cache, the session, toasts, the reference precache, page-view tracking and the realtime
 * channels together, with every browser facility injectable so the same client runs in Node tests.
 * @module
 */
import {
  createResourceCache,
  type Fetcher,
  type QueryOptions,
  type ResourceCache,
  resourceKey,
} from './cache.js';
import type { UserType } from './content/ads.js';
import { createDeviceHash, getDeviceHash, hasDeviceHash } from './device-hash.js';
import { createEnvironment, type Environment, type Timers } from './environment.js';
import { chooseVariant, rollExperimentBucket } from './experiment.js';
import {
  type ConnectivityStore,
  createConnectivityStore,
  type OnlineAdapter,
} from './offline/connectivity-store.js';
import { createPageViewTracker, type TrackView } from './page-views.js';
import {
  cableUrlFor,
  createRealtime,
  type RealtimeClient,
  type WebSocketConstructor,
  type WebSocketFactory,
} from './realtime.js';
import { createReferenceStore, type ReferenceStore } from './reference-store.js';
import { createReloadGate } from './reload-gate.js';
import { createSessionStore, type SessionStore } from './session-store.js';
import { browserStorage, type StorageAdapter } from './storage.js';
import { createToastStore, type ToastStore } from './toast-store.js';
import {
  createTransport,
  type QueryParams,
  type RetryOptions,
  type Transport,
  type TransportHandlers,
} from './transport.js';

/** Options of {@link createClient}; every one is optional in a browser. */
export interface ClientOptions extends TransportHandlers {
  /** API origin; '' (default) is the page's own origin (production is same-origin). */
  baseUrl?: string;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Storage for the device hash and the player memory (default: localStorage, else memory). */
  storage?: StorageAdapter;
  /** The page URL (default: `location.href`); read for the `skiplimit` and `out` flags. */
  location?: () => string;
  /** The cookie string (default: `document.cookie`); read for the CSRF cookie. */
  cookies?: () => string;
  /** Reloads the page (default: `location.reload()`); called after sign-in and on a new version. */
  reload?: () => void;
  /** The viewport width in px (default: `innerWidth`); mobile when ≤ 767. */
  viewportWidth?: () => number;
  /** True while the page is hidden (default: `document.visibilityState === 'hidden'`). */
  documentHidden?: () => boolean;
  /** Timers (default: the global ones); toasts use them. */
  timers?: Timers;
  /** Waits between GET retries (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
  /** The clock (default `Date.now`). */
  now?: () => number;
  /** Random numbers in [0, 1) (default `Math.random`); the experiment bucket uses it. */
  random?: () => number;
  /** True while the page holds unsent input (default: typed, unsubmitted text fields of the page). */
  hasUnsentInput?: () => boolean;
  /** The page's `pagehide` and `pageshow` (default: the window's); the socket closes while the page is away. */
  onPageLifecycle?: Environment['onPageLifecycle'];
  /** GET retry policy on network failure (default 3 attempts, 300 ms base, doubling). */
  retry?: RetryOptions;
  /** Default freshness of cached resources in ms (default 0: revalidate on every query). */
  staleTime?: number;
  /** Cable URL (default: `ws(s)://<api or page host>/cable`). */
  cableUrl?: string;
  /** WebSocket implementation for the cable (default: the global one; `ws` under Node). */
  WebSocket?: WebSocketConstructor;
  /** Alternative to `WebSocket`: a function that opens the cable's socket. */
  createWebSocket?: WebSocketFactory;
  /** A ready realtime client instead of the ActionCable one (tests pass the fake cable). */
  realtime?: RealtimeClient;
  /** The browser's online state (default: `navigator.onLine` and the window's online/offline events). */
  online?: OnlineAdapter;
}

/** The client. */
export interface SportSpyderClient {
  /** The transport: JSON calls to `api/v1` with the CSRF, skip-limit, 404 and 429 rules. */
  readonly api: Transport;
  /** The resource cache shared by every page and embed of this client. */
  readonly cache: ResourceCache;
  /** The session store. */
  readonly session: SessionStore;
  /** The toast store. */
  readonly toasts: ToastStore;
  /** The sports, teams and topics precache. */
  readonly reference: ReferenceStore;
  /** Online or offline, and the time of the oldest copy the service worker served (issue 49). */
  readonly connectivity: ConnectivityStore;
  /** The realtime client. */
  readonly realtime: RealtimeClient;
  /** The device hash. */
  readonly deviceHash: string;
  /** The storage adapter in use. */
  readonly storage: StorageAdapter;
  /** The browser facilities in use (defaults filled in). */
  readonly env: Environment;
  /** Records a page view (`POST api/v1/user/views`) unless the page URL has the `out` flag. */
  readonly trackView: TrackView;
  /**
   * The experiment variant of this page load (spec 1 §6): the session's experiment and one random
   * bucket per page load; null without an experiment or before the session is read.
   */
  variant(): number | null;
  /**
   * `'new'` when this device had no device hash before this page load (a first visit), else
   * `'returning'`; the experiment's audience may target either.
   */
  readonly visitorType: UserType;
  /**
   * Reads `path` through the cache (key: path and sorted query): shared in-flight requests and
   * stale-while-revalidate.
   */
  fetchResource<T>(path: string, query?: QueryParams, options?: QueryOptions): Promise<T>;
  /** Replaces the 404/429 handlers (the site wires router navigation in after creation). */
  setHandlers(handlers: TransportHandlers): void;
  /**
   * Loads the session and the reference data and subscribes the realtime channels:
   * UserVersionsChannel always (a version other than the one this page loaded with reloads the
   * page, once no unsent input is left), UserNotificationsChannel while a member is signed in (a
   * message refetches the session). Resolves when both loads settled.
   */
  start(): Promise<void>;
  /** Unsubscribes the channels, disconnects the cable and clears the toasts. */
  stop(): void;
}

/**
 * Creates the SportSpyder client. In a browser no option is needed; tests inject `fetch` (or use
 * msw), `storage`, `location`, `cookies`, `reload` and the fake cable.
 *
 * @example
 * ```ts
 * import { createClient } from '@sportspyder/core';
 *
 * const client = createClient();
 * client.setHandlers({
 *   onNotFound: () => navigate('/page-not-found'),
 *   onRateLimited: () => navigate('/too-many-tries'),
 * });
 * await client.start();
 * client.session.getSnapshot().loggedIn;
 * await client.session.signIn({ username: 'demo@sportspyder.test', password: 'sportspyder-demo' });
 * ```
 */
export function createClient(options: ClientOptions = {}): SportSpyderClient {
  const env = createEnvironment(options);
  const storage = options.storage ?? browserStorage();
  let handlers: TransportHandlers = { onNotFound: options.onNotFound, onRateLimited: options.onRateLimited };

  const connectivity = createConnectivityStore(options.online);
  const api = createTransport({
    baseUrl: options.baseUrl ?? '',
    fetch: options.fetch,
    location: env.location,
    cookies: env.cookies,
    sleep: env.sleep,
    handlers: () => handlers,
    retry: options.retry,
    onAnswer: (path, headers) => connectivity.noteAnswer(path, headers),
    onNetworkError: () => connectivity.noteNetworkFailure(),
  });
  const cache = createResourceCache({ staleTime: options.staleTime, now: env.now });
  const toasts = createToastStore({ timers: env.timers });
  // Read before getDeviceHash stores a new one: a device without a hash is visiting for the first time.
  const visitorType: UserType = hasDeviceHash(storage) ? 'returning' : 'new';
  let deviceHash: string;
  try {
    deviceHash = getDeviceHash(storage);
  } catch {
    deviceHash = createDeviceHash();
  }
  const session = createSessionStore({ api, storage, deviceHash, reload: () => env.reload(), toasts });
  const reference = createReferenceStore({ api, cache });
  const realtime =
    options.realtime ??
    createRealtime({
      url: () => options.cableUrl ?? cableUrlFor(options.baseUrl || env.location()),
      WebSocket: options.WebSocket,
      createWebSocket: options.createWebSocket,
    });

  // One bucket per page load (spec 1 §6); the experiment itself comes with the session.
  const bucket = rollExperimentBucket(env.random);
  const variant = () => chooseVariant(session.getSnapshot().session?.exp, bucket);
  const trackView = createPageViewTracker({
    api,
    deviceHash,
    location: env.location,
    viewportWidth: env.viewportWidth,
    documentHidden: env.documentHidden,
    variant,
  });

  let started = false;
  let stopVersions: (() => void) | undefined;
  let stopNotifications: (() => void) | undefined;
  let stopSessionWatch: (() => void) | undefined;
  let stopLifecycle: (() => void) | undefined;
  let notificationsUserId: number | null = null;
  // Who the cached data belongs to: undefined until the first session read settled.
  let identity: number | null | undefined;

  function syncIdentity() {
    const snapshot = session.getSnapshot();
    if (snapshot.loading || !snapshot.session) return;
    const userId = snapshot.user?.id ?? null;
    // Cached member data (feeds, settings) belongs to the previous identity: revalidate it.
    if (identity !== undefined && identity !== userId) void cache.invalidate('');
    identity = userId;
  }

  function syncNotifications() {
    const userId = session.getSnapshot().user?.id ?? null;
    if (userId === notificationsUserId) return;
    // A different member (or none): the old subscription belongs to the old identity.
    stopNotifications?.();
    stopNotifications = undefined;
    notificationsUserId = userId;
    if (userId !== null) {
      stopNotifications = realtime.subscribe(
        'UserNotificationsChannel',
        {},
        { received: () => void session.refetch().catch(() => undefined) },
      );
    }
  }

  session.subscribe(syncIdentity);

  // The version this page was loaded with: the first session read's. A deploy announces another.
  let loadedVersion: string | undefined;
  const rememberLoadedVersion = () => {
    loadedVersion ??= session.getSnapshot().session?.version || undefined;
  };
  session.subscribe(rememberLoadedVersion);
  const reloadGate = createReloadGate({
    reload: env.reload,
    hasUnsentInput: env.hasUnsentInput,
    timers: env.timers,
  });
  function onVersion(version: string | undefined) {
    if (version && loadedVersion && version !== loadedVersion) reloadGate.request();
  }

  // Pushes sent while the socket was down are lost (ActionCable does not replay them), so after a
  // reconnect catch up over REST: refetch the session (missed notification counts) and reload when a
  // new version was deployed meanwhile (the version push itself was missed).
  async function catchUpAfterReconnect() {
    await session.refetch().catch(() => undefined);
    onVersion(session.getSnapshot().session?.version);
  }

  return {
    api,
    cache,
    session,
    toasts,
    reference,
    connectivity,
    realtime,
    deviceHash,
    storage,
    env,
    trackView,
    variant,
    visitorType,
    fetchResource<T>(path: string, query?: QueryParams, queryOptions?: QueryOptions) {
      const fetcher: Fetcher<T> = () => api.get<T>(path, { query });
      return cache.query(resourceKey(path, query), fetcher, queryOptions);
    },
    setHandlers(next) {
      handlers = { ...handlers, ...next };
    },
    async start() {
      if (!started) {
        started = true;
        stopVersions = realtime.subscribe(
          'UserVersionsChannel',
          {},
          {
            received: (message) => onVersion(message?.version),
            connected: ({ reconnected }) => {
              if (reconnected) void catchUpAfterReconnect();
            },
          },
        );
        stopSessionWatch = session.subscribe(syncNotifications);
        syncNotifications();
        // An open socket keeps a page out of the back/forward cache: it closes as the page is left and
        // opens again when the page comes back, each subscription confirmed as a reconnection (catch up).
        stopLifecycle = env.onPageLifecycle({
          hidden: () => realtime.disconnect(),
          shown: (restored) => {
            if (restored) realtime.connect();
          },
        });
      }
      // A failed load is in the stores' snapshots (`error`); start itself does not throw.
      await Promise.all([session.load().catch(() => undefined), reference.load().catch(() => undefined)]);
    },
    stop() {
      started = false;
      stopSessionWatch?.();
      stopVersions?.();
      stopNotifications?.();
      stopLifecycle?.();
      stopSessionWatch = stopVersions = stopNotifications = stopLifecycle = undefined;
      notificationsUserId = null;
      reloadGate.cancel();
      realtime.disconnect();
      toasts.clear();
    },
  };
}
