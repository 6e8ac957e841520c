// Shared fixtures of the player tests: contract-shaped episodes, an msw server that records the
// bodies of the events endpoint and answers with configurable neighbours, and a player wired to
// the fake media, a memory storage and fake timers.
import type { EpisodeEventBody, EpisodeRef } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { vi } from 'vitest';
import { memoryStorage, type StorageAdapter } from '../../storage.js';
import { createTransport } from '../../transport.js';
import { createPlayer } from '../player.js';
import type { PlayerOptions } from '../player-types.js';
import { createFakeMedia, type FakeMedia } from '../testing/fake-media.js';

export const BASE = 'http://localhost';
export const server = setupServer();
export const HASH = 'a'.repeat(32);

export function episode(id: number, overrides: Partial<EpisodeRef> = {}): EpisodeRef {
  return {
    id,
    title: `Episode ${id}`,
    imageUrl: `https://img.test/${id}.jpg`,
    enclosureUrl: `https://audio.test/${id}.mp3`,
    duration: 600,
    publishedAt: '2026-11-20T10:00:00Z',
    podcast: { id: 1, title: 'The Pod', shortTitle: null, imageUrl: null },
    ...overrides,
  };
}

export interface RecordedEvent extends EpisodeEventBody {
  /** The episode id from the URL. */
  episodeId: number;
}

/** Neighbours answered per episode id: [previous, next]. */
export type Neighbours = Record<number, [EpisodeRef | null, EpisodeRef | null]>;

/** Records every POST to the events endpoint; answers 201 with the configured neighbours. */
export function recordEvents(neighbours: Neighbours = {}, extra: Record<string, unknown> = {}) {
  const events: RecordedEvent[] = [];
  server.use(
    http.post(`${BASE}/api/v1/podcast_episodes/:id/events`, async ({ request, params }) => {
      const episodeId = Number(params.id);
      events.push({ episodeId, ...((await request.json()) as EpisodeEventBody) });
      const [prevEpisode, nextEpisode] = neighbours[episodeId] ?? [null, null];
      return HttpResponse.json(
        { events: [{ id: events.length, episode: episode(episodeId), prevEpisode, nextEpisode, ...extra }] },
        { status: 201 },
      );
    }),
  );
  return events;
}

export function makeTransport() {
  return createTransport({
    baseUrl: BASE,
    location: () => `${BASE}/`,
    cookies: () => '',
    sleep: async () => undefined,
    handlers: () => ({}),
  });
}

/** A player over the fake media (600 s episodes), a memory storage and the global (fake) timers. */
export function makePlayer(overrides: Partial<PlayerOptions> & { storage?: StorageAdapter } = {}) {
  const media: FakeMedia = (overrides.media as FakeMedia | undefined) ?? createFakeMedia({ duration: 600 });
  const storage = overrides.storage ?? memoryStorage();
  let fireOnline: () => void = () => undefined;
  let firePageHide: () => void = () => undefined;
  const player = createPlayer({
    transport: makeTransport(),
    hash: HASH,
    platform: () => 0,
    variant: () => null,
    online: (listener) => {
      fireOnline = listener;
      return () => undefined;
    },
    pageHide: (listener) => {
      firePageHide = listener;
      return () => undefined;
    },
    ...overrides,
    media,
    storage,
  });
  return { player, media, storage, online: () => fireOnline(), hidePage: () => firePageHide() };
}

/** Lets pending network round trips (msw answers) finish, without moving the fake clock. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Moves the fake clock and the fake media together, one second at a time. */
export function tick(media: FakeMedia, ms: number): void {
  let left = ms;
  while (left > 0) {
    const step = Math.min(1000, left);
    media.advance(step);
    vi.advanceTimersByTime(step);
    left -= step;
  }
}

/** The stored player memory, parsed. */
export function stored(storage: StorageAdapter) {
  return JSON.parse(storage.getItem('sportspyder:player') ?? '{}');
}

/** Fake timers that leave setImmediate real, so network answers can arrive. */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
}
