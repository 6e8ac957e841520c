// The player wired to the client, and the listens calls: one player per client, the server's
// current episode restored after the first session read, listens refetched after a play that added
// a recent, the hash and limit of the listens read, and a deleted listen leaving the device's recents.
import type { PodcastEpisode, PodcastListen } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, makeUser, server, signedIn } from '../../__tests__/fixtures.js';
import { readPlayerMemory, writePlayerMemory } from '../../player-memory.js';
import { clientPlayer, releaseClientPlayer } from '../client-player.js';
import { deletePodcastListen, listPodcastListens } from '../listen-resources.js';
import { createFakeMedia } from '../testing/fake-media.js';
import { episode } from './helpers.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const listen = (id: number, episodeId: number): PodcastListen => ({
  id,
  time: 12,
  completedAt: null,
  podcastEpisode: episode(episodeId),
});
const page = <T>(key: string, items: T[]) => ({
  [key]: items,
  meta: { pagination: { page: 1, perPage: items.length, totalPages: 1, totalCount: items.length } },
});

describe('clientPlayer', () => {
  it('gives one player per client and restores the server episode after the first session read', async () => {
    const user = makeUser({ podcastListens: { recents: [], completed: [], times: { '5': 42 }, episode: 5 } });
    server.use(
      http.get(api('session'), () => HttpResponse.json(signedIn(user))),
      http.get(api('podcast_episodes/5'), () =>
        HttpResponse.json({ podcastEpisode: { ...episode(5), subepisodes: [], suggestions: [] } as never }),
      ),
    );
    const { client } = makeClient();
    const media = createFakeMedia();
    const player = clientPlayer(client, {
      media,
      mediaSession: null,
      engine: { online: () => () => undefined },
    });
    expect(clientPlayer(client)).toBe(player);
    await client.session.load();
    await expect.poll(() => player.getSnapshot().episode?.id).toBe(5);
    expect(player.getSnapshot().status).toBe('paused');
    expect(player.getSnapshot().time).toBe(42);
    releaseClientPlayer(client);
    expect(clientPlayer(client, { media, mediaSession: null })).not.toBe(player);
    releaseClientPlayer(client);
  });

  it('refetches the listens after a play that added the episode to the recents', async () => {
    let reads = 0;
    server.use(
      http.get(api('session'), () => HttpResponse.json(signedIn())),
      http.get(api('podcast_listens'), () => {
        reads++;
        return HttpResponse.json(page('podcastListens', []));
      }),
      http.post(api('podcast_episodes/:id/events'), () =>
        HttpResponse.json(
          { events: [{ id: 1, episode: episode(9), prevEpisode: null, nextEpisode: null }] },
          {
            status: 201,
          },
        ),
      ),
    );
    const { client } = makeClient();
    const player = clientPlayer(client, {
      media: createFakeMedia(),
      mediaSession: null,
      engine: { online: () => () => undefined },
    });
    await listPodcastListens(client, { limit: 3 });
    // Keep the listens watched so an invalidation refetches them.
    const off = client.cache.subscribe(
      { path: 'api/v1/podcast_listens', params: { hash: client.deviceHash, limit: 3 } },
      () => undefined,
    );
    expect(reads).toBe(1);
    await player.play(episode(9) as unknown as PodcastEpisode);
    await expect.poll(() => reads).toBe(2);
    off();
    releaseClientPlayer(client);
  });

  it("sends the page load's experiment variant with its events (v)", async () => {
    const bodies: Array<{ v?: number | null }> = [];
    const session = signedIn();
    server.use(
      http.get(api('session'), () =>
        HttpResponse.json({
          session: {
            ...session.session,
            exp: { id: 7, type: 'all', platform: 'all', variants: [{ id: 5, percentage: 99 }] },
          },
        }),
      ),
      http.get(api('podcast_listens'), () => HttpResponse.json(page('podcastListens', []))),
      http.post(api('podcast_episodes/:id/events'), async ({ request }) => {
        bodies.push((await request.json()) as { v?: number | null });
        return HttpResponse.json(
          { events: [{ id: 1, episode: episode(9), prevEpisode: null, nextEpisode: null }] },
          { status: 201 },
        );
      }),
    );
    const { client } = makeClient();
    await client.session.load();
    expect(client.variant()).toBe(5);
    const player = clientPlayer(client, {
      media: createFakeMedia(),
      mediaSession: null,
      engine: { online: () => () => undefined },
    });
    await player.play(episode(9) as unknown as PodcastEpisode);
    await expect.poll(() => bodies.length).toBeGreaterThan(0);
    expect(bodies[0]?.v).toBe(5);
    releaseClientPlayer(client);
  });
});

describe('listens calls', () => {
  it('reads the listens of the device hash with a limit', async () => {
    let query = '';
    server.use(
      http.get(api('podcast_listens'), ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(page('podcastListens', [listen(1, 3)]));
      }),
    );
    const { client } = makeClient();
    const answer = await listPodcastListens(client, { limit: 3 });
    expect(answer.podcastListens[0]?.podcastEpisode.id).toBe(3);
    expect(query).toBe(`?hash=${client.deviceHash}&limit=3`);
  });

  it('deletes a listen with the hash and drops the episode from the recents and its time', async () => {
    let deleted = '';
    server.use(
      http.delete(api('podcast_listens/:id'), ({ params, request }) => {
        deleted = `${params.id}${new URL(request.url).search}`;
        return HttpResponse.json({ podcastListen: listen(Number(params.id), 3) });
      }),
    );
    const { client } = makeClient();
    const memory = readPlayerMemory(client.storage);
    writePlayerMemory(client.storage, {
      ...memory,
      recents: [
        { id: 3, time: 12 },
        { id: 4, time: 1 },
      ],
      times: { '3': 12, '4': 1 },
    });
    await deletePodcastListen(client, { listenId: 11 });
    expect(deleted).toBe(`11?hash=${client.deviceHash}`);
    const after = readPlayerMemory(client.storage);
    expect(after.recents).toEqual([{ id: 4, time: 1 }]);
    expect(after.times).toEqual({ '4': 1 });
  });
});
