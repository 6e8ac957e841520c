/**
 * Article video events (spec 3 §4 "General", §7 `POST api/v1/videos/{articleId}/events`, §9): a
 * tracker watches a video player's state (see `video-embed.ts`) and sends play when it starts playing
 * (1), pause when it stops (2) and complete when it ends (0); while it plays, a play event repeats
 * every 20 s and the player's time is read every 200 ms, so every event carries the position the
 * viewer last saw. Events carry the platform, the rounded time, the duration, the experiment
 * variant, whether it is the video's first play in this page load, the device hash, the speed, the
 * page context (a team or a sport, on play only) and whether the play started by itself (autoplay).
 * Tracking never disturbs watching: failures are swallowed and a 404 or 429 does not navigate.
 * @module
 */
import type { VideoEventBody, VideoEventResponse } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import {
  VIDEO_EVENT_SPEED_RANGE,
  VIDEO_PLAY_HEARTBEAT_MS,
  VIDEO_PLAYER_STATES,
  VIDEO_TIME_POLL_MS,
} from '../constants.js';
import { globalTimers, platformFlag, type Timers } from '../environment.js';
import { type EpisodeContext, playContextFields } from '../player/episode-events.js';
import { roundTime } from '../player/progress.js';
import type { Transport } from '../transport.js';

/** The API path of the events of video (article) `articleId`. */
export function videoEventsPath(articleId: number): string {
  return `api/v1/videos/${articleId}/events`;
}

/** Where a video is played: a team or a sport page (sent with play events only), as for episodes. */
export type VideoContext = EpisodeContext;

/** The kinds of video events. */
export type VideoEventType = 'play' | 'pause' | 'complete';

/** Everything one event reports. */
export interface VideoEventInput {
  /** play, pause or complete. */
  eventType: VideoEventType;
  /** Position in seconds (sent rounded to whole seconds). */
  time: number;
  /** Length in seconds, when known. */
  duration: number | null;
  /** 1 on mobile, 0 on desktop. */
  platform: 0 | 1;
  /** The experiment variant of the page load, or null. */
  variant: number | null;
  /** True on the video's first play in this page load. */
  first: boolean;
  /** The device hash. */
  hash: string;
  /** Playback rate. */
  speed: number;
  /** The page context; only play events carry it. */
  context: VideoContext | null;
  /** True when the play started by itself (the player opened with autoplay). */
  auto: boolean;
}

/**
 * The request body of one event: the time rounded to whole seconds, an unknown duration as 0 (the
 * server then uses the feed's), the speed only within the accepted range, `ctype`/`cid` on play only.
 */
export function buildVideoEventBody(input: VideoEventInput): VideoEventBody {
  const body: VideoEventBody = {
    platform: input.platform,
    // NaN would be sent as null, which the server refuses (bodies are not coerced): an unknown time is 0.
    time: Number.isFinite(input.time) ? Math.max(0, Math.round(input.time)) : 0,
    duration: input.duration != null && input.duration > 0 ? roundTime(input.duration) : 0,
    p: input.platform,
    v: input.variant,
    first: input.first,
    hash: input.hash,
    eventType: input.eventType,
    auto: input.auto,
  };
  if (input.speed >= VIDEO_EVENT_SPEED_RANGE.min && input.speed <= VIDEO_EVENT_SPEED_RANGE.max) {
    body.speed = input.speed;
  }
  return { ...body, ...playContextFields(input.eventType, input.context) };
}

/**
 * Sends one event; resolves the recorded event's id, or null when the call failed.
 *
 * @example
 * ```ts
 * await sendVideoEvent(client.api, 42, buildVideoEventBody(input));
 * ```
 */
export async function sendVideoEvent(
  transport: Transport,
  articleId: number,
  body: VideoEventBody,
): Promise<number | null> {
  try {
    const answer = await transport.post<VideoEventResponse>(videoEventsPath(articleId), body, {
      handleNotFound: false,
      handleRateLimit: false,
    });
    return answer?.event?.id ?? null;
  } catch {
    return null;
  }
}

/** What a tracker reads of a player (a `VideoEmbed` is one). */
export interface VideoPlayerSource {
  /** Calls `listener` after every change of the snapshot. */
  subscribe(listener: () => void): () => void;
  /** The player's state (`VIDEO_PLAYER_STATES`), length and rate. */
  getSnapshot(): { readonly state: number | null; readonly duration: number | null; readonly rate: number };
  /** The player's position now, in seconds. */
  currentTime(): number;
}

/** Options of {@link createVideoEventTracker}. */
export interface VideoEventTrackerOptions {
  /** The transport. */
  transport: Transport;
  /** The video (article) id. */
  articleId: number;
  /** The player. */
  source: VideoPlayerSource;
  /** The device hash. */
  hash: string;
  /** The platform flag now. */
  platform: () => 0 | 1;
  /** The experiment variant of the page load. */
  variant: () => number | null;
  /** The page context sent with plays. */
  context?: VideoContext | null;
  /** The player was opened to play at once: its first play is `auto`. */
  autoplay?: boolean;
  /** The feed's length of the video, used until the player reports its own. */
  duration?: number | null;
  /** Answers true the first time a video starts playing in this page load (default: the first run). */
  isFirstPlay?: (articleId: number) => boolean;
  /** Timers (default: the global ones). */
  timers?: Timers;
  /** Called with each body sent (tests, debugging). */
  onSend?: (body: VideoEventBody) => void;
}

/** A running tracker. */
export interface VideoEventTracker {
  /** Stops tracking; a video still playing sends its pause (the viewer closed it). */
  destroy(): void;
}

/**
 * Tracks one player: play on playing, every {@link VIDEO_PLAY_HEARTBEAT_MS} again while playing,
 * pause on paused (or any other stop), complete on ended; the time is read every
 * {@link VIDEO_TIME_POLL_MS} while playing. Buffering does not interrupt a play.
 *
 * @example
 * ```ts
 * const tracker = createVideoEventTracker({
 *   transport: client.api, articleId: video.id, source: embed, hash: client.deviceHash,
 *   platform: () => 0, variant: () => client.variant(), context: { ctype: 'Team', cid: team.id },
 * });
 * // later
 * tracker.destroy();
 * ```
 */
export function createVideoEventTracker(options: VideoEventTrackerOptions): VideoEventTracker {
  const { source, articleId } = options;
  const timers = options.timers ?? globalTimers;
  let firstRun = true;
  const isFirstPlay = options.isFirstPlay ?? (() => firstRun);
  let playing = false;
  let hadRun = false;
  let runIsAuto = false;
  let lastState: number | null = null;
  /** The position last read from the player. */
  let time = 0;
  let heartbeat: unknown = null;
  let poll: unknown = null;
  let destroyed = false;

  function readTime(): number {
    const now = source.currentTime();
    if (Number.isFinite(now) && now >= 0) time = now;
    return time;
  }

  function duration(): number | null {
    return source.getSnapshot().duration ?? options.duration ?? null;
  }

  function send(eventType: VideoEventType, first = false) {
    const body = buildVideoEventBody({
      eventType,
      time: eventType === 'complete' ? (duration() ?? readTime()) : readTime(),
      duration: duration(),
      platform: options.platform(),
      variant: options.variant(),
      first,
      hash: options.hash,
      speed: source.getSnapshot().rate,
      context: options.context ?? null,
      auto: eventType === 'play' ? runIsAuto : false,
    });
    options.onSend?.(body);
    void sendVideoEvent(options.transport, articleId, body);
  }

  function stopTimers() {
    if (heartbeat !== null) timers.clearTimeout(heartbeat);
    if (poll !== null) timers.clearTimeout(poll);
    heartbeat = null;
    poll = null;
  }

  function scheduleHeartbeat() {
    heartbeat = timers.setTimeout(() => {
      if (!playing) return;
      send('play');
      scheduleHeartbeat();
    }, VIDEO_PLAY_HEARTBEAT_MS);
  }

  function schedulePoll() {
    poll = timers.setTimeout(() => {
      if (!playing) return;
      readTime();
      schedulePoll();
    }, VIDEO_TIME_POLL_MS);
  }

  function start() {
    playing = true;
    runIsAuto = options.autoplay === true && !hadRun;
    hadRun = true;
    const first = isFirstPlay(articleId);
    firstRun = false;
    send('play', first);
    stopTimers();
    scheduleHeartbeat();
    schedulePoll();
  }

  function stop(eventType: 'pause' | 'complete') {
    playing = false;
    stopTimers();
    send(eventType);
  }

  function onChange() {
    if (destroyed) return;
    const { state } = source.getSnapshot();
    if (state === lastState) return;
    lastState = state;
    const S = VIDEO_PLAYER_STATES;
    if (state === S.playing) {
      if (!playing) start();
    } else if (state === S.ended) {
      if (playing || hadRun) stop('complete');
    } else if (state === S.buffering) {
      // A seek or a slow network: the play goes on.
    } else if (playing) {
      stop('pause');
    }
  }

  const unsubscribe = source.subscribe(onChange);
  onChange();

  return {
    destroy() {
      if (destroyed) return;
      if (playing) stop('pause');
      destroyed = true;
      stopTimers();
      unsubscribe();
    },
  };
}

/** The client slice {@link clientVideoTracker} uses. */
export type VideoTrackingClient = Pick<SportSpyderClient, 'api' | 'deviceHash' | 'env' | 'variant'>;

/** Options of {@link clientVideoTracker}. */
export interface ClientVideoTrackerOptions {
  /** The video (article) id. */
  articleId: number;
  /** The player. */
  source: VideoPlayerSource;
  /** The page context sent with plays. */
  context?: VideoContext | null;
  /** The player was opened to play at once. */
  autoplay?: boolean;
  /** The feed's length of the video. */
  duration?: number | null;
}

// Videos that started playing in this page load, per client (the `first` flag).
const playedVideos = new WeakMap<object, Set<number>>();

/**
 * A tracker wired to the client: its transport, device hash, viewport (platform), experiment variant
 * and timers, and the client's record of the videos already played in this page load.
 *
 * @example
 * ```ts
 * const tracker = clientVideoTracker(client, { articleId: video.id, source: embed, autoplay: true });
 * ```
 */
export function clientVideoTracker(
  client: VideoTrackingClient,
  options: ClientVideoTrackerOptions,
): VideoEventTracker {
  let played = playedVideos.get(client);
  if (!played) {
    played = new Set();
    playedVideos.set(client, played);
  }
  const seen = played;
  return createVideoEventTracker({
    ...options,
    transport: client.api,
    hash: client.deviceHash,
    platform: () => platformFlag(client.env.viewportWidth()),
    variant: () => client.variant(),
    timers: client.env.timers,
    isFirstPlay: (id) => {
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    },
  });
}
