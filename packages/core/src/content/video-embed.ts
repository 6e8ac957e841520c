/**
 * Talks to a video player frame without loading a third-party script: YouTube's embed (with
 * `enablejsapi=1`) and the server's demo player both answer a page that posts
 * `{"event":"listening","id":…}` with `initialDelivery`/`infoDelivery` (player state, current time,
 * duration, playback rate), `onStateChange`, `onPlaybackRateChange` and `onError` messages, and obey
 * `{"event":"command","func":"playVideo"}`-style commands. Only messages from the frame's own window
 * and from its one expected origin are read ({@link videoEmbedOrigin}: YouTube's hosts for a YouTube
 * embed, the page's own origin for its own pages); posts name that origin, never `'*'`.
 * @module
 */
import {
  VIDEO_EMBED_HELLO_INTERVAL_MS,
  VIDEO_EMBED_HELLO_TRIES,
  VIDEO_PLAYER_STATES,
  YOUTUBE_EMBED_ORIGINS,
} from '../constants.js';
import { globalTimers, type Timers } from '../environment.js';
import { createValueStore, type Observable } from '../store.js';

/** What the page knows of a player frame. */
export interface VideoEmbedSnapshot {
  /** The frame answered at least once. */
  readonly connected: boolean;
  /** The player state (YouTube's numbering, see `VIDEO_PLAYER_STATES`), null until reported. */
  readonly state: number | null;
  /** The last reported position in seconds. */
  readonly currentTime: number;
  /** The length in seconds, once reported. */
  readonly duration: number | null;
  /** The playback rate. */
  readonly rate: number;
  /** The error code the player reported (100, 101 and 150 hide it), or null. */
  readonly error: number | null;
}

/** The frame's window, as far as posting goes (`iframe.contentWindow`). */
export interface EmbedFrameWindow {
  postMessage(message: string, targetOrigin: string): void;
}

/** A message event, as far as reading goes. */
export interface EmbedMessageEvent {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** Where the page's messages arrive (the page's `window`). */
export interface EmbedMessageTarget {
  addEventListener(type: 'message', listener: (event: EmbedMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: EmbedMessageEvent) => void): void;
}

/** Options of {@link connectVideoEmbed}. */
export interface VideoEmbedOptions {
  /** The frame's window, read when needed (it changes when the frame navigates). */
  frame: () => EmbedFrameWindow | null | undefined;
  /** The one origin the frame may speak from (see {@link videoEmbedOrigin}). */
  origin: string;
  /** The page's window (default: `globalThis`). */
  target?: EmbedMessageTarget;
  /** The id the page gives itself in its "listening" message. */
  id?: string;
  /** Timers of the hello retries (default: the global ones). */
  timers?: Timers;
  /** The clock in ms, for the current time between reports (default `Date.now`). */
  now?: () => number;
}

/** A connection to one player frame (subscribe for its snapshot). */
export interface VideoEmbed extends Observable<VideoEmbedSnapshot> {
  /** The position now: the last report moved on by the clock while playing, capped at the duration. */
  currentTime(): number;
  /** Says "listening" again (call it when the frame loads); repeats until the frame answers. */
  listen(): void;
  /** Sends a player command, e.g. `command('pauseVideo')`. */
  command(func: string, args?: readonly unknown[]): void;
  /** Stops listening. */
  destroy(): void;
}

/** One message of the embed protocol, as read by {@link readEmbedMessage}. */
export interface EmbedMessage {
  /** The event name (`infoDelivery`, `onStateChange`, ...). */
  event: string;
  /** Its payload. */
  info: unknown;
}

/**
 * The origin a player frame of `src` speaks from, when the page may listen to it: one of
 * {@link YOUTUBE_EMBED_ORIGINS}, or the page's own origin for a page of its own (the demo player);
 * null for anything else.
 *
 * @example
 * ```ts
 * videoEmbedOrigin('https://www.youtube-nocookie.com/embed/abc', 'https://sportspyder.example'); // 'https://www.youtube-nocookie.com'
 * videoEmbedOrigin('/demo/videos/abc', 'https://sportspyder.example'); // 'https://sportspyder.example'
 * videoEmbedOrigin('https://evil.example/embed/abc', 'https://sportspyder.example'); // null
 * ```
 */
export function videoEmbedOrigin(src: string, pageOrigin: string): string | null {
  let origin: string;
  try {
    origin = new URL(src, pageOrigin).origin;
  } catch {
    return null;
  }
  if (YOUTUBE_EMBED_ORIGINS.includes(origin)) return origin;
  return origin === pageOrigin && origin !== 'null' ? origin : null;
}

/**
 * Reads one message of the protocol (a JSON string, as YouTube sends, or an object); null for
 * anything else.
 *
 * @example
 * ```ts
 * readEmbedMessage('{"event":"onStateChange","info":1}'); // { event: 'onStateChange', info: 1 }
 * ```
 */
export function readEmbedMessage(data: unknown): EmbedMessage | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { event, info } = value as { event?: unknown; info?: unknown };
  return typeof event === 'string' ? { event, info } : null;
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const INITIAL: VideoEmbedSnapshot = {
  connected: false,
  state: null,
  currentTime: 0,
  duration: null,
  rate: 1,
  error: null,
};

let nextId = 1;

/**
 * Connects to a player frame: says "listening" until it answers and keeps its state.
 *
 * @example
 * ```ts
 * const embed = connectVideoEmbed({ frame: () => iframe.contentWindow, origin });
 * embed.subscribe(() => console.log(embed.getSnapshot().state));
 * iframe.addEventListener('load', () => embed.listen());
 * ```
 */
export function connectVideoEmbed(options: VideoEmbedOptions): VideoEmbed {
  const target = options.target ?? (globalThis as unknown as EmbedMessageTarget);
  const timers = options.timers ?? globalTimers;
  const now = options.now ?? (() => Date.now());
  const id = options.id ?? `ss-video-${nextId++}`;
  const store = createValueStore<VideoEmbedSnapshot>(INITIAL);
  /** When the current time was last reported (the clock's ms). */
  let reportedAt = now();
  let helloTimer: unknown = null;
  let destroyed = false;

  function post(message: Record<string, unknown>) {
    const frame = options.frame();
    if (!frame) return;
    try {
      frame.postMessage(JSON.stringify({ ...message, id, channel: 'widget' }), options.origin);
    } catch {
      // A frame that went away takes no messages; the next load says hello again.
    }
  }

  function stopHello() {
    if (helloTimer !== null) timers.clearTimeout(helloTimer);
    helloTimer = null;
  }

  // The first hello of a round goes out even to a connected frame: a frame that loaded again is a new
  // page that has to hear it; the retries stop once anything answered.
  function hello(triesLeft: number, first = false) {
    stopHello();
    if (destroyed || triesLeft <= 0 || (!first && store.getSnapshot().connected)) return;
    post({ event: 'listening' });
    helloTimer = timers.setTimeout(() => hello(triesLeft - 1), VIDEO_EMBED_HELLO_INTERVAL_MS);
  }

  function apply(patch: Partial<VideoEmbedSnapshot>) {
    if (patch.currentTime !== undefined) reportedAt = now();
    else if (patch.state !== undefined || patch.rate !== undefined) {
      // Re-base the running clock so the estimate stays continuous across the change.
      patch = { ...patch, currentTime: currentTime() };
      reportedAt = now();
    }
    store.update({ ...patch, connected: true });
  }

  function onMessage(event: EmbedMessageEvent) {
    if (destroyed || event.origin !== options.origin) return;
    const frame = options.frame();
    if (!frame || event.source !== frame) return;
    const message = readEmbedMessage(event.data);
    if (!message) return;
    const { info } = message;
    switch (message.event) {
      case 'initialDelivery':
      case 'infoDelivery': {
        if (typeof info !== 'object' || info === null) return apply({});
        const fields = info as Record<string, unknown>;
        const patch: { -readonly [K in keyof VideoEmbedSnapshot]?: VideoEmbedSnapshot[K] } = {};
        const state = finite(fields.playerState);
        const time = finite(fields.currentTime);
        const duration = finite(fields.duration);
        const rate = finite(fields.playbackRate);
        if (state !== undefined) patch.state = state;
        if (time !== undefined) patch.currentTime = Math.max(0, time);
        if (duration !== undefined && duration > 0) patch.duration = duration;
        if (rate !== undefined && rate > 0) patch.rate = rate;
        return apply(patch);
      }
      case 'onReady':
        return apply({});
      case 'onStateChange': {
        const state = finite(info);
        return apply(state === undefined ? {} : { state });
      }
      case 'onPlaybackRateChange': {
        const rate = finite(info);
        return apply(rate !== undefined && rate > 0 ? { rate } : {});
      }
      case 'onError': {
        const error = finite(info);
        return apply(error === undefined ? {} : { error });
      }
      default:
        return;
    }
  }

  function currentTime(): number {
    const snapshot = store.getSnapshot();
    if (snapshot.state !== VIDEO_PLAYER_STATES.playing) return snapshot.currentTime;
    const moved = snapshot.currentTime + (Math.max(0, now() - reportedAt) / 1000) * snapshot.rate;
    return snapshot.duration !== null ? Math.min(moved, snapshot.duration) : moved;
  }

  target.addEventListener('message', onMessage);
  hello(VIDEO_EMBED_HELLO_TRIES, true);

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    currentTime,
    listen() {
      hello(VIDEO_EMBED_HELLO_TRIES, true);
    },
    command(func, args = []) {
      post({ event: 'command', func, args });
    },
    destroy() {
      destroyed = true;
      stopHello();
      target.removeEventListener('message', onMessage);
    },
  };
}
