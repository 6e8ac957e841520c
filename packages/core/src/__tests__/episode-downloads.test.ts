// Episodes downloaded for offline listening (issue 49): the audio in Cache Storage (an in-memory
// double of the Cache API), the list in storage, the bounds, removal, and the browser's evictions.
import type { PodcastEpisode } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CacheStorageLike,
  canDownloadEpisode,
  createEpisodeDownloads,
  DownloadError,
} from '../offline/episode-downloads.js';
import {
  EPISODE_CACHE,
  EPISODE_DOWNLOADS_MAX,
  EPISODE_DOWNLOADS_MAX_BYTES,
} from '../offline/offline-rules.js';
import { memoryStorage } from '../storage.js';
import { BASE, server } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Cache Storage in memory: named caches of URL → Response. */
function memoryCaches() {
  const caches = new Map<string, Map<string, Response>>();
  const storage: CacheStorageLike = {
    async open(name) {
      const entries = caches.get(name) ?? new Map<string, Response>();
      caches.set(name, entries);
      return {
        put: async (url, response) => void entries.set(url, response),
        delete: async (url) => entries.delete(url),
        keys: async () => [...entries.keys()].map((url) => ({ url })),
      };
    },
  };
  return { storage, entries: (name: string) => caches.get(name) ?? new Map<string, Response>() };
}

function episode(id: number, overrides: Partial<PodcastEpisode> = {}): PodcastEpisode {
  return {
    id,
    podcastId: 7,
    title: `Episode ${id}`,
    enclosureUrl: `/demo/audio/${id}.wav`,
    enclosureLength: 4,
    podcast: { id: 7, title: 'Packers Talk' },
    ...overrides,
  } as PodcastEpisode;
}

function setup() {
  const caches = memoryCaches();
  const storage = memoryStorage();
  const make = () =>
    createEpisodeDownloads({
      storage,
      caches: caches.storage,
      location: () => `${BASE}/podcasts/7`,
      now: () => 1000,
    });
  return { caches, storage, make, downloads: make() };
}

function serveAudio(status = 200) {
  server.use(
    http.get(
      `${BASE}/demo/audio/:file`,
      () =>
        new HttpResponse(new Uint8Array([1, 2, 3, 4]), { status, headers: { 'content-type': 'audio/wav' } }),
    ),
  );
}

describe('downloading an episode', () => {
  it('stores the whole audio under its absolute URL and lists the episode, also for the next page', async () => {
    serveAudio();
    const { caches, make, downloads } = setup();
    await downloads.download(episode(1));
    const stored = caches.entries(EPISODE_CACHE).get(`${BASE}/demo/audio/1.wav`);
    expect(stored?.status).toBe(200);
    expect(new Uint8Array(await (stored as Response).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(downloads.getSnapshot().downloads).toEqual([{ episode: episode(1), bytes: 4, savedAt: 1000 }]);
    expect(downloads.has(1)).toBe(true);
    // Another page load reads the same list.
    expect(
      make()
        .getSnapshot()
        .downloads.map((item) => item.episode.id),
    ).toEqual([1]);
  });

  it('shows the episode as pending while it downloads', async () => {
    serveAudio();
    const { downloads } = setup();
    const pending: number[][] = [];
    downloads.subscribe(() => pending.push([...downloads.getSnapshot().pending]));
    await downloads.download(episode(2));
    expect(pending[0]).toEqual([2]);
    expect(downloads.getSnapshot().pending).toEqual([]);
  });

  it('refuses a partial answer or a failed one, and keeps nothing', async () => {
    serveAudio(206);
    const { caches, downloads } = setup();
    await expect(downloads.download(episode(3))).rejects.toBeInstanceOf(DownloadError);
    serveAudio(500);
    await expect(downloads.download(episode(3))).rejects.toThrow('could not be downloaded');
    expect(caches.entries(EPISODE_CACHE).size).toBe(0);
    expect(downloads.getSnapshot().downloads).toEqual([]);
  });

  it('offers downloads for audio of the site only', () => {
    expect(canDownloadEpisode(episode(1), `${BASE}/x`)).toBe(true);
    expect(canDownloadEpisode(episode(1, { enclosureUrl: 'https://cdn.example/a.mp3' }), `${BASE}/x`)).toBe(
      false,
    );
  });
});

describe('the bounds', () => {
  it(`keeps at most ${EPISODE_DOWNLOADS_MAX} episodes`, async () => {
    serveAudio();
    const { downloads } = setup();
    for (let id = 1; id <= EPISODE_DOWNLOADS_MAX; id++) await downloads.download(episode(id));
    await expect(downloads.download(episode(99))).rejects.toThrow(/Remove one first/);
    expect(downloads.getSnapshot().downloads).toHaveLength(EPISODE_DOWNLOADS_MAX);
  });

  it('refuses an episode whose announced size goes over the byte bound', async () => {
    serveAudio();
    const { downloads } = setup();
    await expect(
      downloads.download(episode(5, { enclosureLength: EPISODE_DOWNLOADS_MAX_BYTES + 1 })),
    ).rejects.toThrow(/limited to/);
  });
});

describe('removing and evictions', () => {
  it('removes the audio and the list entry', async () => {
    serveAudio();
    const { caches, downloads } = setup();
    await downloads.download(episode(1));
    await downloads.download(episode(2));
    await downloads.remove(1);
    expect([...caches.entries(EPISODE_CACHE).keys()]).toEqual([`${BASE}/demo/audio/2.wav`]);
    expect(downloads.getSnapshot().downloads.map((item) => item.episode.id)).toEqual([2]);
  });

  it('drops from the list what the browser evicted', async () => {
    serveAudio();
    const { caches, make, downloads } = setup();
    await downloads.download(episode(1));
    await downloads.download(episode(2));
    caches.entries(EPISODE_CACHE).delete(`${BASE}/demo/audio/1.wav`);
    const next = make();
    await next.verify();
    expect(next.getSnapshot().downloads.map((item) => item.episode.id)).toEqual([2]);
  });

  it('says downloads are not supported without Cache Storage', async () => {
    const downloads = createEpisodeDownloads({
      storage: memoryStorage(),
      caches: undefined,
      location: () => `${BASE}/`,
    });
    // Node has no Cache Storage, as an insecure page has none.
    expect(downloads.getSnapshot().supported).toBe(false);
    await expect(downloads.download(episode(1))).rejects.toThrow(/cannot keep episodes/);
  });
});
