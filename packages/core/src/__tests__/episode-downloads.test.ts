// Episodes downloaded for offline listening (issue 49): the audio in Cache Storage (an in-memory
// double of the Cache API), the list in storage, the bounds, removal, and the browser's evictions; a
// podcast host's episode through the server's relay (msw answers for it), stored and played under the
// relay's URL.
import type { PodcastEpisode } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CacheStorageLike,
  canDownloadEpisode,
  createEpisodeDownloads,
  DownloadError,
  playableAudioUrl,
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

  it("offers downloads of the site's audio to anyone, of a podcast host's to members", () => {
    const hosted = episode(1, { enclosureUrl: 'https://cdn.example/a.mp3' });
    expect(canDownloadEpisode(episode(1), `${BASE}/x`)).toBe(true);
    expect(canDownloadEpisode(episode(1), `${BASE}/x`, true)).toBe(true);
    expect(canDownloadEpisode(hosted, `${BASE}/x`)).toBe(false);
    expect(canDownloadEpisode(hosted, `${BASE}/x`, true)).toBe(true);
    expect(
      canDownloadEpisode(episode(1, { enclosureUrl: 'ftp://cdn.example/a.mp3' }), `${BASE}/x`, true),
    ).toBe(false);
  });
});

describe("a podcast host's episode", () => {
  const HOSTED = 'https://cdn.example/shows/42.mp3';
  const RELAY = `${BASE}/api/v1/podcast_episodes/42/audio`;
  const hosted = () => episode(42, { enclosureUrl: HOSTED, enclosureLength: 6 });

  /** The relay answers with `status` (and the audio on 200); the host itself must never be asked. */
  function serveRelay(status = 200, json?: unknown) {
    const asked: { url: string; credentials: RequestCredentials }[] = [];
    server.use(
      http.get(`${BASE}/api/v1/podcast_episodes/:id/audio`, ({ request }) => {
        asked.push({ url: request.url, credentials: request.credentials });
        if (json) return HttpResponse.json(json, { status });
        return new HttpResponse(status === 200 ? new Uint8Array([9, 8, 7, 6, 5, 4]) : null, {
          status,
          headers: { 'content-type': 'audio/mpeg' },
        });
      }),
    );
    return asked;
  }

  it("downloads through the server's relay, with the session, and stores it under the relay's URL", async () => {
    const asked = serveRelay();
    const { caches, downloads } = setup();
    await downloads.download(hosted());
    expect(asked).toEqual([{ url: RELAY, credentials: 'same-origin' }]);
    expect([...caches.entries(EPISODE_CACHE).keys()]).toEqual([RELAY]);
    const stored = caches.entries(EPISODE_CACHE).get(RELAY) as Response;
    expect(stored.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(new Uint8Array([9, 8, 7, 6, 5, 4]));
    expect(downloads.getSnapshot().downloads[0]).toMatchObject({ bytes: 6, episode: { id: 42 } });
  });

  it('removes the copy stored under the relay, and keeps it through the eviction check', async () => {
    serveRelay();
    const { caches, make, downloads } = setup();
    await downloads.download(hosted());
    const next = make();
    await next.verify();
    expect(next.has(42)).toBe(true);
    await next.remove(42);
    expect(caches.entries(EPISODE_CACHE).size).toBe(0);
  });

  it("says to sign in when the relay answers a visitor, and passes on the relay's reason for a refusal", async () => {
    serveRelay(401, { errors: [{ code: 'unauthorized', title: 'You need to sign in' }] });
    const { caches, downloads } = setup();
    await expect(downloads.download(hosted())).rejects.toThrow('Sign in to download this episode.');
    const title = 'This episode is 1.5 GB, more than the 1.0 GB a download may take.';
    serveRelay(422, { errors: [{ code: 'too_large', title }] });
    await expect(downloads.download(hosted())).rejects.toThrow(title);
    serveRelay(502, {
      errors: [{ code: 'upstream_error', title: 'The podcast host did not send this episode.' }],
    });
    await expect(downloads.download(hosted())).rejects.toThrow('could not be downloaded. Try again later.');
    expect(caches.entries(EPISODE_CACHE).size).toBe(0);
    expect(downloads.getSnapshot().downloads).toEqual([]);
  });

  it('plays from the relay once downloaded, and from the host otherwise', async () => {
    serveRelay();
    const { downloads } = setup();
    const page = `${BASE}/podcasts/7`;
    expect(playableAudioUrl(hosted(), downloads, page)).toBe(HOSTED);
    await downloads.download(hosted());
    expect(playableAudioUrl(hosted(), downloads, page)).toBe(RELAY);
    // The site's own audio plays from its address, downloaded or not (the worker answers it there).
    serveAudio();
    await downloads.download(episode(3));
    expect(playableAudioUrl(episode(3), downloads, page)).toBe('/demo/audio/3.wav');
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
