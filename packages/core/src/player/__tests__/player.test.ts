// The player engine's rules (spec 1 §4.4, §5, §9), driven through the fake media, fake timers and
// msw for the events endpoint.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIO_ERROR_HINT,
  AUDIO_ERROR_TEXT,
  AUTO_CONTINUE_WINDOW_MS,
  BUFFERING_LABEL,
  COMPLETION_THRESHOLD_S,
  PLAY_EVENT_INTERVAL_MS,
  SOURCE_RELOAD_AFTER_PAUSE_MS,
  VOLUME_SAVE_DEBOUNCE_MS,
} from '../../constants.js';
import { memoryStorage } from '../../storage.js';
import { handlePlayerKey } from '../keyboard.js';
import { restoreServerEpisode } from '../restore-server-episode.js';
import { createFakeMedia } from '../testing/fake-media.js';
import {
  BASE,
  episode,
  HASH,
  makePlayer,
  makeTransport,
  recordEvents,
  server,
  settle,
  stored,
  tick,
  useFakeClock,
} from './helpers.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useFakeClock());
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('starting and the play event', () => {
  it('starts idle with the default speed and volume', () => {
    const { player } = makePlayer();
    expect(player.getSnapshot()).toMatchObject({
      status: 'idle',
      episode: null,
      speed: 1,
      volume: 0.5,
      expanded: false,
      label: null,
      error: null,
      hasPrevious: false,
      hasNext: false,
    });
    expect(Object.isFrozen(player.getSnapshot())).toBe(true);
  });

  it('plays an episode and sends a play event with every field', async () => {
    const events = recordEvents();
    const { player, media } = makePlayer({
      platform: () => 1,
      variant: () => 4,
      context: { ctype: 'Team', cid: 12 },
    });
    const statuses: string[] = [];
    player.subscribe(() => statuses.push(player.getSnapshot().status));
    await player.play(episode(5));
    await settle();
    expect(statuses).toContain('loading');
    expect(player.getSnapshot()).toMatchObject({
      status: 'playing',
      episode: { id: 5, podcastTitle: 'The Pod' },
    });
    expect(media.src).toBe('https://audio.test/5.mp3');
    expect(media.paused).toBe(false);
    expect(events).toEqual([
      {
        episodeId: 5,
        platform: 1,
        time: 0,
        duration: 600,
        p: 1,
        v: 4,
        first: true,
        hash: HASH,
        eventType: 'play',
        speed: 1,
        ctype: 'Team',
        cid: 12,
        auto: false,
      },
    ]);
  });

  it(`sends a play event every ${PLAY_EVENT_INTERVAL_MS / 1000} s while playing, with the rounded time`, async () => {
    expect(PLAY_EVENT_INTERVAL_MS).toBe(20_000);
    const events = recordEvents();
    const { player, media } = makePlayer();
    await player.play(episode(5), { time: 10.4 });
    tick(media, 19_000);
    await settle();
    expect(events).toHaveLength(1);
    expect(events[0]?.time).toBe(10);
    tick(media, 1_000);
    await settle();
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ eventType: 'play', time: 30, first: false });
    tick(media, 20_000);
    await settle();
    expect(events).toHaveLength(3);
    player.pause();
    tick(media, 60_000);
    await settle();
    expect(events.map((e) => e.eventType)).toEqual(['play', 'play', 'play', 'pause']);
  });

  it('answers previous and next from the event response, disabled when there is none', async () => {
    recordEvents({ 5: [episode(4), episode(6)], 6: [episode(5), null] });
    const { player } = makePlayer();
    await player.play(episode(5));
    expect(player.getSnapshot()).toMatchObject({ hasPrevious: false, hasNext: false });
    await settle();
    expect(player.getSnapshot()).toMatchObject({ hasPrevious: true, hasNext: true, next: { id: 6 } });
    await player.next();
    await settle();
    expect(player.getSnapshot()).toMatchObject({ episode: { id: 6 }, hasPrevious: true, hasNext: false });
    await player.next(); // disabled: nothing happens
    expect(player.getSnapshot().episode?.id).toBe(6);
    await player.previous();
    expect(player.getSnapshot().episode?.id).toBe(5);
  });

  it('keeps previous and next across a reload, before any new event answer (issue 48)', async () => {
    recordEvents({ 5: [episode(4), episode(6)] });
    const first = makePlayer();
    await first.player.play(episode(5));
    await settle();
    expect(first.player.getSnapshot()).toMatchObject({ hasPrevious: true, hasNext: true });
    first.player.destroy();

    // The reloaded page restores the episode paused and has sent no event yet.
    const events = recordEvents();
    const second = makePlayer({ storage: first.storage });
    expect(second.player.getSnapshot()).toMatchObject({
      status: 'paused',
      episode: { id: 5 },
      hasPrevious: true,
      hasNext: true,
      previous: { id: 4 },
      next: { id: 6 },
    });
    expect(events).toEqual([]);
    await second.player.previous();
    expect(second.player.getSnapshot().episode?.id).toBe(4);
  });

  it("does not give a reloaded episode another episode's previous and next", async () => {
    recordEvents({ 5: [episode(4), episode(6)] });
    const first = makePlayer();
    await first.player.play(episode(5));
    await settle();
    // Another page loads episode 7 without playing it: no answer has named its neighbours yet.
    first.player.load(episode(7));
    first.player.destroy();

    const second = makePlayer({ storage: first.storage });
    expect(second.player.getSnapshot()).toMatchObject({
      episode: { id: 7 },
      hasPrevious: false,
      hasNext: false,
    });
  });

  it('calls onListensChanged after a recorded play that added the episode to the recents', async () => {
    recordEvents();
    const onListensChanged = vi.fn();
    const { player } = makePlayer({ onListensChanged });
    await player.play(episode(5));
    await settle();
    expect(onListensChanged).toHaveBeenCalledTimes(1);
    player.pause();
    await player.play();
    await settle();
    expect(onListensChanged).toHaveBeenCalledTimes(1); // already a recent: no refetch
  });

  it('reports first only on the first play of an episode, and the current speed', async () => {
    const events = recordEvents();
    const { player } = makePlayer();
    await player.play(episode(5));
    player.pause();
    player.setSpeed(1.7);
    await player.play();
    await settle();
    expect(events.map((e) => [e.eventType, e.first, e.speed])).toEqual([
      ['play', true, 1],
      ['pause', false, 1],
      ['play', false, 1.7],
    ]);
  });

  it('goes back to paused when the browser refuses to play', async () => {
    const events = recordEvents();
    const { player, media } = makePlayer();
    media.refuseNextPlay();
    await player.play(episode(5));
    await settle();
    expect(player.getSnapshot().status).toBe('paused');
    expect(events).toHaveLength(0);
  });
});

describe('pause, seek and skip', () => {
  it('pauses and sends a pause event without ctype/cid', async () => {
    const events = recordEvents();
    const { player, media } = makePlayer({ context: { ctype: 'Sport', cid: 3 } });
    await player.play(episode(5));
    tick(media, 5_000);
    player.pause();
    await settle();
    expect(player.getSnapshot().status).toBe('paused');
    expect(media.paused).toBe(true);
    const pause = events.find((e) => e.eventType === 'pause');
    expect(pause).toMatchObject({ time: 5, first: false, duration: 600 });
    expect(pause).not.toHaveProperty('ctype');
    expect(pause).not.toHaveProperty('cid');
  });

  it.each([
    { to: -5, expected: 0 },
    { to: 123.456, expected: 123.5 },
    { to: 10_000, expected: 600 },
  ])('seek($to) clamps to 0..duration at one decimal: $expected', async ({ to, expected }) => {
    const events = recordEvents();
    const { player, media } = makePlayer();
    await player.play(episode(5));
    player.seek(to);
    await settle();
    expect(player.getSnapshot().time).toBe(expected);
    expect(media.currentTime).toBe(expected);
    const seek = events.find((e) => e.eventType === 'seek');
    expect(seek).toMatchObject({ time: Math.round(expected) });
    expect(seek).not.toHaveProperty('ctype');
  });

  it('keeps the playback time to one decimal', async () => {
    recordEvents();
    const { player, media } = makePlayer();
    await player.play(episode(5));
    media.advance(1_234);
    expect(player.getSnapshot().time).toBe(1.2);
  });

  it.each([
    { from: 100, action: 'skipForward', expected: 130 },
    { from: 100, action: 'skipBack', expected: 90 },
    { from: 5, action: 'skipBack', expected: 0 },
    { from: 590, action: 'skipForward', expected: 600 },
  ] as const)('$action from $from lands on $expected (back 10 s, forward 30 s)', async (row) => {
    recordEvents();
    const { player } = makePlayer();
    await player.play(episode(5), { time: row.from });
    player[row.action]();
    expect(player.getSnapshot().time).toBe(row.expected);
  });
});

describe('speed and volume', () => {
  it('accepts only the listed speeds and applies them to the media', async () => {
    recordEvents();
    const { player, media, storage } = makePlayer();
    await player.play(episode(5));
    expect(player.setSpeed(1.3)).toBe(false);
    expect(player.setSpeed(3)).toBe(false);
    expect(player.getSnapshot().speed).toBe(1);
    expect(player.setSpeed(1.5)).toBe(true);
    expect(media.playbackRate).toBe(1.5);
    expect(player.getSnapshot()).toMatchObject({ speed: 1.5, speedLabel: '1.5x' });
    expect(stored(storage).speed).toBe(1.5);
    media.advance(10_000);
    expect(player.getSnapshot().time).toBe(15);
  });

  it('cycles through 1, 1.2, 1.5, 1.7, 2, 2.5 and back to 1', () => {
    const { player } = makePlayer();
    const seen = Array.from({ length: 6 }, () => player.cycleSpeed());
    expect(seen).toEqual([1.2, 1.5, 1.7, 2, 2.5, 1]);
  });

  it.each([
    { input: 1.5, expected: 1 },
    { input: -0.2, expected: 0 },
    { input: 0.25, expected: 0.25 },
  ])('clamps volume $input to $expected', ({ input, expected }) => {
    const { player, media } = makePlayer();
    player.setVolume(input);
    expect(player.getSnapshot().volume).toBe(expected);
    expect(media.volume).toBe(expected);
  });

  it(`saves the volume ${VOLUME_SAVE_DEBOUNCE_MS} ms after the last change`, () => {
    expect(VOLUME_SAVE_DEBOUNCE_MS).toBe(1_000);
    const { player, storage } = makePlayer();
    player.setVolume(0.3);
    vi.advanceTimersByTime(500);
    player.setVolume(0.8);
    vi.advanceTimersByTime(999);
    expect(stored(storage).volume).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(stored(storage).volume).toBe(0.8);
  });
});

describe('local memory', () => {
  it('saves the progress every second while playing', async () => {
    recordEvents();
    const { player, media, storage } = makePlayer();
    await player.play(episode(5));
    media.advance(1_500);
    expect(stored(storage).times['5']).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(stored(storage).times['5']).toBe(1.5);
    expect(stored(storage).recents[0]).toEqual({ id: 5, time: 1.5 });
  });

  it('saves the position where the audio is when the page is left, between two saves', async () => {
    recordEvents();
    const { player, media, storage, hidePage } = makePlayer();
    await player.play(episode(5));
    tick(media, 3_000);
    media.advance(700);
    expect(stored(storage).times['5']).toBe(3);
    hidePage();
    expect(stored(storage).times['5']).toBe(3.7);
    // Paused, nothing moves: leaving saves nothing new.
    player.pause();
    media.advance(5_000);
    hidePage();
    expect(stored(storage).times['5']).toBe(3.7);
  });

  it('survives a reload: episode, time, speed, volume and expanded come back (paused)', async () => {
    recordEvents();
    const first = makePlayer();
    await first.player.play(episode(5));
    first.player.setSpeed(2);
    first.player.setVolume(0.7);
    first.player.expand();
    tick(first.media, 10_000);
    first.player.destroy();

    const second = makePlayer({ storage: first.storage });
    expect(second.player.getSnapshot()).toMatchObject({
      status: 'paused',
      episode: {
        id: 5,
        title: 'Episode 5',
        enclosureUrl: 'https://audio.test/5.mp3',
        podcastTitle: 'The Pod',
      },
      time: 20,
      speed: 2,
      volume: 0.7,
      expanded: true,
      duration: 600,
    });
    await second.player.play();
    expect(second.media.src).toBe('https://audio.test/5.mp3');
    expect(second.media.currentTime).toBe(20);
    expect(second.media.playbackRate).toBe(2);
  });

  it('expands, collapses (navigation) and remembers the flag', () => {
    const { player, storage } = makePlayer();
    player.expand();
    expect(player.getSnapshot().expanded).toBe(true);
    expect(stored(storage).expanded).toBe(true);
    player.collapse();
    expect(player.getSnapshot().expanded).toBe(false);
    expect(stored(storage).expanded).toBe(false);
    player.expand();
    expect(player.getSnapshot().expanded).toBe(true);
  });
});

describe('completion and the end of an episode', () => {
  it.each([
    { left: COMPLETION_THRESHOLD_S, completed: false },
    { left: COMPLETION_THRESHOLD_S - 0.1, completed: true },
  ])('with $left s left the episode completed is $completed', async ({ left, completed }) => {
    expect(COMPLETION_THRESHOLD_S).toBe(60);
    recordEvents();
    const { player, storage } = makePlayer();
    await player.play(episode(5));
    player.seek(600 - left);
    expect(player.getSnapshot().completed).toBe(completed);
    expect((stored(storage).completed ?? []).includes(5)).toBe(completed);
  });

  it('on end resets the time, marks completed and auto-continues with the next episode', async () => {
    const events = recordEvents({ 5: [episode(4), episode(6)] });
    const { player, media, storage } = makePlayer();
    await player.play(episode(5), { time: 590 });
    await settle();
    tick(media, 10_000);
    await settle();
    expect(stored(storage).times['5']).toBe(0);
    expect(stored(storage).completed).toContain(5);
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', episode: { id: 6 } });
    expect(media.src).toBe('https://audio.test/6.mp3');
    expect(events.at(-1)).toMatchObject({ episodeId: 6, eventType: 'play', auto: true, first: true });
  });

  it('switches to the previous episode when there is no next', async () => {
    recordEvents({ 5: [episode(4), null] });
    const { player, media } = makePlayer();
    await player.play(episode(5), { time: 595 });
    await settle();
    tick(media, 5_000);
    expect(player.getSnapshot().episode?.id).toBe(4);
  });

  it('stays on the episode, paused at 0, when there is neither', async () => {
    recordEvents();
    const { player, media } = makePlayer();
    await player.play(episode(5), { time: 595 });
    await settle();
    tick(media, 5_000);
    expect(player.getSnapshot()).toMatchObject({ status: 'paused', time: 0, episode: { id: 5 } });
    await player.play();
    expect(player.getSnapshot().status).toBe('playing');
    expect(media.currentTime).toBe(0);
  });

  it.each([
    { idle: AUTO_CONTINUE_WINDOW_MS - 1_000, plays: true },
    { idle: AUTO_CONTINUE_WINDOW_MS + 1_000, plays: false },
  ])('auto-continues only within 3 h of the last play activity (idle $idle ms: $plays)', async (row) => {
    expect(AUTO_CONTINUE_WINDOW_MS).toBe(3 * 60 * 60 * 1000);
    recordEvents({ 5: [null, episode(6)] });
    const { player, media } = makePlayer();
    await player.play(episode(5), { time: 595 });
    await settle();
    // The device slept: the clock jumped without any timer firing.
    vi.setSystemTime(Date.now() + row.idle);
    media.advance(5_000);
    expect(player.getSnapshot().episode?.id).toBe(6);
    expect(player.getSnapshot().status).toBe(row.plays ? 'playing' : 'paused');
  });
});

describe('reloads', () => {
  it.each([
    { pause: SOURCE_RELOAD_AFTER_PAUSE_MS, reloads: false },
    { pause: SOURCE_RELOAD_AFTER_PAUSE_MS + 1, reloads: true },
  ])('play after a $pause ms pause reloads the source: $reloads', async ({ pause, reloads }) => {
    expect(SOURCE_RELOAD_AFTER_PAUSE_MS).toBe(60_000);
    recordEvents();
    const { player, media } = makePlayer();
    await player.play(episode(5));
    tick(media, 42_000);
    player.pause();
    vi.advanceTimersByTime(pause);
    await player.play();
    expect(media.loadCount).toBe(reloads ? 1 : 0);
    expect(media.currentTime).toBe(42);
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', time: 42 });
  });

  it('loads the address the audioUrl option gives for an episode', async () => {
    recordEvents();
    const downloaded = new Set([6]);
    const relay = (id: number) => `${BASE}/api/v1/podcast_episodes/${id}/audio`;
    const { player, media } = makePlayer({
      audioUrl: (ep) => (downloaded.has(ep.id) ? relay(ep.id) : ep.enclosureUrl),
    });
    await player.play(episode(5));
    expect(media.src).toBe('https://audio.test/5.mp3');
    await player.play(episode(6));
    expect(media.src).toBe(relay(6));
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', episode: { id: 6 } });
  });

  it.each([
    { local: 100, server: 101.5, expected: 101.5 },
    { local: 100, server: 98.9, expected: 98.9 },
    { local: 100, server: 101, expected: 100 },
    { local: 100, server: 100.6, expected: 100 },
  ])('on start, server time $server vs local $local starts at $expected', async (row) => {
    recordEvents();
    const storage = memoryStorage({ 'sportspyder:player': JSON.stringify({ times: { '5': row.local } }) });
    const { player, media } = makePlayer({ storage, serverTimes: () => ({ '5': row.server }) });
    await player.play(episode(5));
    expect(player.getSnapshot().time).toBe(row.expected);
    expect(media.currentTime).toBe(row.expected);
    expect(stored(storage).times['5']).toBe(row.expected);
  });

  it('on start, a server time in the first play answer wins when it differs by more than 1 s', async () => {
    recordEvents({}, { time: 200 });
    const { player, media } = makePlayer();
    await player.play(episode(5), { time: 50 });
    await settle();
    expect(player.getSnapshot().time).toBe(200);
    expect(media.currentTime).toBe(200);
  });

  it('an explicit start time (deep link) wins over the server time', async () => {
    recordEvents();
    const { player } = makePlayer({ serverTimes: () => ({ '5': 300 }) });
    await player.play(episode(5), { time: 90 });
    expect(player.getSnapshot().time).toBe(90);
  });

  it('reloads and resumes when the network comes back while playing or buffering', async () => {
    recordEvents();
    const { player, media, online } = makePlayer();
    await player.play(episode(5));
    tick(media, 30_000);
    media.startBuffering();
    expect(player.getSnapshot()).toMatchObject({ status: 'buffering', label: BUFFERING_LABEL });
    online();
    await settle();
    expect(media.loadCount).toBe(1);
    expect(media.currentTime).toBe(30);
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', label: null });
  });

  it('ignores the network coming back while paused', async () => {
    recordEvents();
    const { player, media, online } = makePlayer();
    await player.play(episode(5));
    player.pause();
    online();
    expect(media.loadCount).toBe(0);
    expect(player.getSnapshot().status).toBe('paused');
  });
});

describe('states', () => {
  it('shows "Buffering..." while buffering', async () => {
    recordEvents();
    const { player, media } = makePlayer();
    await player.play(episode(5));
    media.startBuffering();
    expect(player.getSnapshot()).toMatchObject({ status: 'buffering', label: 'Buffering...' });
    media.stopBuffering();
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', label: null });
  });

  it('shows the audio error when the source fails to load, and retries on play', async () => {
    recordEvents();
    const { player, media } = makePlayer();
    media.failNextLoad();
    await player.play(episode(5));
    expect(player.getSnapshot()).toMatchObject({
      status: 'error',
      error: { text: AUDIO_ERROR_TEXT, hint: AUDIO_ERROR_HINT },
    });
    expect(AUDIO_ERROR_TEXT).toBe("Sorry, we couldn't play this podcast");
    expect(AUDIO_ERROR_HINT).toBe('It may have been removed by the publisher');
    await player.play();
    expect(player.getSnapshot()).toMatchObject({ status: 'playing', error: null });
  });

  it('closes: clears the episode, remembers the closed id and sends a pause event', async () => {
    const events = recordEvents();
    const { player, media, storage } = makePlayer();
    await player.play(episode(5));
    tick(media, 7_000);
    player.close();
    await settle();
    expect(player.getSnapshot()).toMatchObject({ status: 'idle', episode: null, time: 0 });
    expect(media.paused).toBe(true);
    expect(media.src).toBe('');
    expect(stored(storage)).toMatchObject({ episode: null, closedEpisodeId: 5 });
    expect(stored(storage).times['5']).toBe(7);
    expect(events.at(-1)).toMatchObject({ episodeId: 5, eventType: 'pause', time: 7 });
  });
});

describe('keyboard', () => {
  it.each([
    { target: { tagName: 'BODY' }, toggles: true },
    { target: { tagName: 'DIV' }, toggles: true },
    { target: null, toggles: true },
    { target: { tagName: 'INPUT' }, toggles: false },
    { target: { tagName: 'TEXTAREA' }, toggles: false },
    { target: { tagName: 'BUTTON' }, toggles: false },
  ])('Space on $target toggles: $toggles', async ({ target, toggles }) => {
    recordEvents();
    const { player } = makePlayer();
    await player.play(episode(5));
    const preventDefault = vi.fn();
    expect(handlePlayerKey(player, { key: ' ', code: 'Space', target, preventDefault })).toBe(toggles);
    expect(player.getSnapshot().status).toBe(toggles ? 'paused' : 'playing');
    expect(preventDefault).toHaveBeenCalledTimes(toggles ? 1 : 0);
  });

  it('ignores other keys and Space with no episode', () => {
    const { player } = makePlayer();
    expect(handlePlayerKey(player, { key: ' ', target: null })).toBe(false);
    expect(handlePlayerKey(player, { key: 'k', target: null })).toBe(false);
  });
});

describe('server episode', () => {
  it('loads the server current episode remembered by the session merge, paused', async () => {
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get('http://localhost/api/v1/podcast_episodes/9', () =>
        HttpResponse.json({ podcastEpisode: { ...episode(9), podcast: { ...episode(9).podcast } } }),
      ),
    );
    const media = createFakeMedia();
    const { player, storage } = makePlayer({ media });
    storage.setItem('sportspyder:player', JSON.stringify({ serverEpisodeId: 9, times: { '9': 44 } }));
    await expect(restoreServerEpisode(player, storage, makeTransport())).resolves.toBe(true);
    expect(player.getSnapshot()).toMatchObject({ status: 'paused', episode: { id: 9 }, time: 44 });
    expect(media.src).toBe('');
    expect(stored(storage)).toMatchObject({ serverEpisodeId: null, episode: { id: 9 } });
  });

  it('neither reopens an episode closed on this device nor replaces the loaded one', async () => {
    const { player, storage } = makePlayer();
    storage.setItem('sportspyder:player', JSON.stringify({ serverEpisodeId: 9, closedEpisodeId: 9 }));
    await expect(restoreServerEpisode(player, storage, makeTransport())).resolves.toBe(false);
    player.load(episode(5));
    storage.setItem(
      'sportspyder:player',
      JSON.stringify({ serverEpisodeId: 9, episode: player.getMemory().episode }),
    );
    await expect(restoreServerEpisode(player, storage, makeTransport())).resolves.toBe(false);
    expect(player.getSnapshot().episode?.id).toBe(5);
  });
});
