// The Workbox plugin of the API cache (issue 49): it stamps each stored answer with the time it was
// stored and its size, marks an answer served from the cache with that time (the page shows "Offline,
// updated {time}" from core's OFFLINE_COPY_HEADER, and why: OFFLINE_COPY_REASON_HEADER says whether the
// network failed or was only slow, since navigator.onLine can say online on a network that reaches
// nothing, as Chromium's does on a page loaded offline), and keeps the cache under a byte budget, dropping
// the oldest answers first. workbox-expiration bounds entries and age only, not bytes.
import { OFFLINE_COPY_HEADER, OFFLINE_COPY_REASON_HEADER, type OfflineCopyReason } from '@sportspyder/core';

const STORED_AT = 'x-sportspyder-stored-at';
const SIZE = 'x-sportspyder-size';

/** The callbacks of Workbox's plugin interface this plugin uses (typed here: the DOM library has no FetchEvent). */
export interface OfflineCopyPlugin {
  cacheWillUpdate(param: { response: Response }): Promise<Response | null>;
  cacheDidUpdate(param: { cacheName: string }): Promise<void>;
  fetchDidFail(param: { event: object }): Promise<void>;
  cachedResponseWillBeUsed(param: {
    cachedResponse?: Response | undefined;
    event: object;
  }): Promise<Response | null>;
}

/** Copies `response` with extra headers (a cached Response's headers cannot be changed in place). */
async function withHeaders(response: Response, extra: Record<string, string>): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  const body = await response.blob();
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Keeps the answers of cache `cacheName` under `maxBytes`, the oldest stored dropped first. */
async function enforceBudget(cacheName: string, maxBytes: number): Promise<void> {
  const cache = await caches.open(cacheName);
  const entries: { request: Request; bytes: number; storedAt: number }[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    entries.push({
      request,
      bytes: Number(response.headers.get(SIZE)) || 0,
      storedAt: Number(response.headers.get(STORED_AT)) || 0,
    });
  }
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  entries.sort((a, b) => a.storedAt - b.storedAt);
  for (const entry of entries) {
    if (total <= maxBytes) break;
    await cache.delete(entry.request);
    total -= entry.bytes;
  }
}

/** The plugin for a cache of at most `maxBytes` of answers. */
export function offlineCopyPlugin(maxBytes: number): OfflineCopyPlugin {
  // The fetch events whose network request failed. Workbox's NetworkFirst asks the cache after the
  // failure, with the same event; on a timeout it asks before, while the request is still under way.
  const failed = new WeakSet<object>();
  return {
    async cacheWillUpdate({ response }) {
      // Only whole, successful answers are worth reading offline.
      if (response.status !== 200) return null;
      const body = await response.clone().blob();
      if (body.size > maxBytes) return null;
      return withHeaders(response, { [STORED_AT]: String(Date.now()), [SIZE]: String(body.size) });
    },
    async cacheDidUpdate({ cacheName }) {
      await enforceBudget(cacheName, maxBytes);
    },
    async fetchDidFail({ event }) {
      failed.add(event);
    },
    async cachedResponseWillBeUsed({ cachedResponse, event }) {
      if (!cachedResponse) return null;
      // The copy's time: when it was stored, else the server's Date header.
      const stored =
        Number(cachedResponse.headers.get(STORED_AT)) || Date.parse(cachedResponse.headers.get('date') ?? '');
      const reason: OfflineCopyReason = failed.has(event) ? 'network-error' : 'timeout';
      return Number.isFinite(stored)
        ? withHeaders(cachedResponse, {
            [OFFLINE_COPY_HEADER]: String(stored),
            [OFFLINE_COPY_REASON_HEADER]: reason,
          })
        : cachedResponse;
    },
  };
}
