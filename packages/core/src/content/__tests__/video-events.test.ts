// Article video events (spec 3 §4 "General", §7, §9): play / pause / complete from the player states,
// a play every 20 s while playing, the time read every 200 ms, through the client's transport (msw).
import type { VideoEventBody } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, makeClient, server, signedIn } from '../../__tests__/fixtures.js';
import {
  VIDEO_EVENT_SPEED_RANGE,
  VIDEO_PLAY_HEARTBEAT_MS,
  VIDEO_PLAYER_STATES,
  VIDEO_TIME_POLL_MS,
} from '../../constants.js';
import { platformFlag } from '../../environment.js';
import { createValueStore } from '../../store.js';
import {
  buildVideoEventBody,
  clientVideoTracker,
  type VideoEventInput,
  type VideoPlayerSource,
  videoEventsPath,
} from '../video-events.js';

const S = VIDEO_PLAYER_STATES;
const VIDEO = 42;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

/** Records the bodies the server receives, per video. */
function recordEvents(status = 201) {
  const received: { articleId: number; body: VideoEventBody }[] = [];
  server.use(
    http.post(api('videos/:articleId/events'), async ({ request, params }) => {
      received.push({ articleId: Number(params.articleId), body: (await request.json()) as VideoEventBody });
      return HttpResponse.json({ event: { id: received.length } }, { status });
    }),
  );
  return received;
}

/** A player whose clock is the (fake) system time, like the demo page's. */
function fakePlayer(duration = 95) {
  const store = createValueStore<{ state: number | null; duration: number | null; rate: number }>({
    state: S.unstarted,
    duration,
    rate: 1,
  });
  let offset = 0;
  let startedAt = 0;
  let answering = true;
  const source: VideoPlayerSource = {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    currentTime: () => {
      if (!answering) return Number.NaN;
      const { state } = store.getSnapshot();
      return state === S.playing ? offset + (Date.now() - startedAt) / 1000 : offset;
    },
  };
  const set = (state: number) => {
    offset = source.currentTime();
    startedAt = Date.now();
    store.update({ state });
  };
  return {
    source,
    play: () => set(S.playing),
    pause: () => set(S.paused),
    buffer: () => set(S.buffering),
    end: () => {
      offset = duration;
      store.update({ state: S.ended });
    },
    setRate: (rate: number) => store.update({ rate }),
    /** The frame went away: the player no longer answers. */
    vanish: () => {
      answering = false;
    },
  };
}

/** Lets the sends (fetches) settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the rules and their constants', () => {
  it('repeats a play every 20 s, reads the time every 200 ms, and maps states 1, 2, 0', () => {
    expect(VIDEO_PLAY_HEARTBEAT_MS).toBe(20_000);
    expect(VIDEO_TIME_POLL_MS).toBe(200);
    expect(S.playing).toBe(1);
    expect(S.paused).toBe(2);
    expect(S.ended).toBe(0);
    expect(videoEventsPath(7)).toBe('api/v1/videos/7/events');
  });

  it('flags mobile up to 767 px', () => {
    expect(platformFlag(767)).toBe(1);
    expect(platformFlag(768)).toBe(0);
  });

  const input: VideoEventInput = {
    eventType: 'play',
    time: 12.6,
    duration: 95.04,
    platform: 0,
    variant: 4,
    first: true,
    hash: 'h1',
    speed: 1,
    context: { ctype: 'Team', cid: 9 },
    auto: false,
  };

  it('builds the body: time rounded to seconds, duration to a tenth, context on plays only', () => {
    expect(buildVideoEventBody(input)).toEqual({
      platform: 0,
      time: 13,
      duration: 95,
      p: 0,
      v: 4,
      first: true,
      hash: 'h1',
      eventType: 'play',
      speed: 1,
      auto: false,
      ctype: 'Team',
      cid: 9,
    });
    const pause = buildVideoEventBody({ ...input, eventType: 'pause' });
    expect(pause).not.toHaveProperty('ctype');
    expect(pause).not.toHaveProperty('cid');
  });

  it('sends an unknown duration as 0 and leaves out a speed the call does not accept', () => {
    expect(VIDEO_EVENT_SPEED_RANGE).toEqual({ min: 0.5, max: 4 });
    const body = buildVideoEventBody({ ...input, duration: null, speed: 0.25, time: -3 });
    expect(body.duration).toBe(0);
    expect(body.time).toBe(0);
    expect(body).not.toHaveProperty('speed');
    expect(buildVideoEventBody({ ...input, speed: 2 }).speed).toBe(2);
  });
});

describe('clientVideoTracker', () => {
  it('sends two plays and a pause for a video played for 25 s', async () => {
    const received = recordEvents();
    const { client } = makeClient({ viewportWidth: () => 1280 });
    const player = fakePlayer();
    const tracker = clientVideoTracker(client, {
      articleId: VIDEO,
      source: player.source,
      context: { ctype: 'Team', cid: 9 },
    });
    player.play();
    await vi.advanceTimersByTimeAsync(25_000);
    player.pause();
    await settle();
    expect(received.map((r) => [r.articleId, r.body.eventType, r.body.time])).toEqual([
      [VIDEO, 'play', 0],
      [VIDEO, 'play', 20],
      [VIDEO, 'pause', 25],
    ]);
    expect(received[0]?.body).toEqual({
      platform: 0,
      time: 0,
      duration: 95,
      p: 0,
      v: null,
      first: true,
      hash: client.deviceHash,
      eventType: 'play',
      speed: 1,
      auto: false,
      ctype: 'Team',
      cid: 9,
    });
    // The repeated play is not the first; it carries the context as every play does.
    expect(received[1]?.body).toMatchObject({ first: false, ctype: 'Team', cid: 9 });
    expect(received[2]?.body).not.toHaveProperty('ctype');
    tracker.destroy();
  });

  it('repeats the play every 20 s for as long as the video plays, and stops repeating on pause', async () => {
    const received = recordEvents();
    const { client } = makeClient();
    const player = fakePlayer(600);
    const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source });
    player.play();
    await vi.advanceTimersByTimeAsync(65_000);
    player.pause();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(received.map((r) => `${r.body.eventType}@${r.body.time}`)).toEqual([
      'play@0',
      'play@20',
      'play@40',
      'play@60',
      'pause@65',
    ]);
    tracker.destroy();
  });

  it('sends complete at the end (the time is the duration) and nothing after it', async () => {
    const received = recordEvents();
    const { client } = makeClient();
    const player = fakePlayer(30);
    const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source });
    player.play();
    await vi.advanceTimersByTimeAsync(30_000);
    player.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(received.map((r) => `${r.body.eventType}@${r.body.time}`)).toEqual([
      'play@0',
      'play@20',
      'complete@30',
    ]);
    tracker.destroy();
  });

  it('lets buffering and repeated "playing" reports go by without events', async () => {
    const received = recordEvents();
    const { client } = makeClient();
    const player = fakePlayer();
    const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source });
    player.play();
    await vi.advanceTimersByTimeAsync(5_000);
    player.buffer();
    await vi.advanceTimersByTimeAsync(1_000);
    player.play();
    player.setRate(1.5);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(received.map((r) => r.body.eventType)).toEqual(['play']);
    tracker.destroy();
  });

  it('marks only the first play of a video in the page load as first, and a replay after a pause is a new play', async () => {
    const received = recordEvents();
    const { client } = makeClient();
    const first = fakePlayer();
    const one = clientVideoTracker(client, { articleId: VIDEO, source: first.source });
    first.play();
    await vi.advanceTimersByTimeAsync(3_000);
    first.pause();
    first.play();
    await settle();
    one.destroy();
    // The same video opened again, then another video.
    const again = fakePlayer();
    const two = clientVideoTracker(client, { articleId: VIDEO, source: again.source });
    again.play();
    const other = fakePlayer();
    const three = clientVideoTracker(client, { articleId: 43, source: other.source });
    other.play();
    await settle();
    expect(
      received.filter((r) => r.body.eventType === 'play').map((r) => [r.articleId, r.body.first]),
    ).toEqual([
      [VIDEO, true],
      [VIDEO, false],
      [VIDEO, false],
      [43, true],
    ]);
    two.destroy();
    three.destroy();
  });

  it('flags the play an autoplaying player started by itself as auto, and later plays not', async () => {
    const received = recordEvents();
    const { client } = makeClient();
    const player = fakePlayer();
    const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source, autoplay: true });
    player.play();
    await vi.advanceTimersByTimeAsync(20_000);
    player.pause();
    player.play();
    await settle();
    expect(received.map((r) => [r.body.eventType, r.body.auto])).toEqual([
      ['play', true],
      ['play', true],
      ['pause', false],
      ['play', false],
    ]);
    tracker.destroy();
  });

  it('sends a pause at the time last read when the viewer closes a playing video', async () => {
    const received = recordEvents();
    const { client } = makeClient();
    const player = fakePlayer();
    const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source });
    player.play();
    await vi.advanceTimersByTimeAsync(10_100);
    // The frame is gone before the tracker hears of it: the 200 ms reads kept the last position.
    player.vanish();
    await vi.advanceTimersByTimeAsync(3_000);
    tracker.destroy();
    await settle();
    expect(received.map((r) => `${r.body.eventType}@${r.body.time}`)).toEqual(['play@0', 'pause@10']);
    tracker.destroy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(received).toHaveLength(2);
  });

  it('reports mobile and the experiment variant of the page load', async () => {
    const received = recordEvents();
    const session = signedIn();
    session.session.exp = {
      id: 1,
      type: 'ads',
      platform: 'all',
      variants: [
        { id: 4, percentage: 50 },
        { id: 5, percentage: 49 },
      ],
    };
    server.use(http.get(api('session'), () => HttpResponse.json(session)));
    const { client } = makeClient({ viewportWidth: () => 375, random: () => 0.1 });
    await client.session.load();
    const player = fakePlayer();
    const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source });
    player.play();
    await settle();
    expect(received[0]?.body).toMatchObject({ platform: 1, p: 1, v: 4 });
    tracker.destroy();
  });

  it('never disturbs the viewer: a failed call is swallowed and a 404 or 429 does not navigate', async () => {
    const onNotFound = vi.fn();
    const onRateLimited = vi.fn();
    const { client } = makeClient({ onNotFound, onRateLimited });
    for (const status of [404, 429, 500]) {
      server.use(
        http.post(api('videos/:articleId/events'), () => HttpResponse.json({ errors: [] }, { status })),
      );
      const player = fakePlayer();
      const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source });
      player.play();
      await settle();
      tracker.destroy();
      await settle();
    }
    server.use(http.post(api('videos/:articleId/events'), () => HttpResponse.error()));
    const player = fakePlayer();
    const tracker = clientVideoTracker(client, { articleId: VIDEO, source: player.source });
    player.play();
    await settle();
    tracker.destroy();
    await settle();
    expect(onNotFound).not.toHaveBeenCalled();
    expect(onRateLimited).not.toHaveBeenCalled();
  });
});
