/**
 * The media adapter: the small slice of an HTML audio element the player engine drives, so the
 * engine runs over a real `<audio>` in browsers and over a fake with a controllable clock in tests
 * (`createFakeMedia` in `@sportspyder/core/testing`).
 * @module
 */

/** The media events the player listens to. */
export type MediaEventName =
  | 'timeupdate'
  | 'playing'
  | 'pause'
  | 'waiting'
  | 'ended'
  | 'error'
  | 'loadedmetadata'
  | 'durationchange'
  | 'canplay';

/** The media events the player listens to, as a list (for adapters that forward them). */
export const MEDIA_EVENTS: readonly MediaEventName[] = Object.freeze([
  'timeupdate',
  'playing',
  'pause',
  'waiting',
  'ended',
  'error',
  'loadedmetadata',
  'durationchange',
  'canplay',
]);

/** An audio element as the player engine sees it. Times are in seconds. */
export interface MediaAdapter {
  /** The audio URL; '' when nothing is loaded. Setting it starts loading the new source. */
  src: string;
  /** The playback position. */
  currentTime: number;
  /** The length of the audio; NaN while unknown. */
  readonly duration: number;
  /** The playback rate (1 is normal speed). */
  playbackRate: number;
  /** The volume from 0 to 1. */
  volume: number;
  /** True unless playing (or trying to). */
  readonly paused: boolean;
  /** Starts playback; rejects when the browser refuses (autoplay policy) or the source fails. */
  play(): Promise<void>;
  /** Pauses playback. */
  pause(): void;
  /** Reloads the current source from the network (the position goes back to 0). */
  load(): void;
  /** Calls `listener` on every `event`; returns the function that stops it. */
  on(event: MediaEventName, listener: () => void): () => void;
}

/** The parts of `HTMLAudioElement` {@link htmlAudioAdapter} uses. */
export interface AudioElementLike {
  /** The resolved source URL. */
  src: string;
  /** Position in seconds. */
  currentTime: number;
  /** Length in seconds (NaN while unknown, Infinity for streams). */
  readonly duration: number;
  /** Playback rate. */
  playbackRate: number;
  /** Volume 0..1. */
  volume: number;
  /** Paused flag. */
  readonly paused: boolean;
  /** Preload hint. */
  preload: string;
  /** Starts playback. */
  play(): Promise<void>;
  /** Pauses playback. */
  pause(): void;
  /** Reloads the source. */
  load(): void;
  /** The source attribute as written (not resolved). */
  getAttribute(name: string): string | null;
  /** Removes an attribute (used to unload the source without an error event). */
  removeAttribute(name: string): void;
  /** DOM event subscription. */
  addEventListener(type: string, listener: () => void): void;
  /** DOM event unsubscription. */
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * Wraps an audio element (default: a new detached `Audio()`, which keeps playing across route
 * changes because no component owns it).
 *
 * @example
 * ```ts
 * const player = createPlayer({ media: htmlAudioAdapter(), storage: localStorage, transport: client.api, hash });
 * ```
 */
export function htmlAudioAdapter(audio?: AudioElementLike): MediaAdapter {
  const element: AudioElementLike = audio ?? (new Audio() as unknown as AudioElementLike);
  // Metadata only: the player may restore an episode on every page load without playing it.
  element.preload = 'metadata';
  return {
    get src() {
      return element.getAttribute('src') ?? '';
    },
    set src(value: string) {
      if (value) {
        element.src = value;
      } else {
        // Assigning '' makes browsers fetch the page URL and fire an error; removing the attribute
        // and reloading empties the element quietly.
        element.removeAttribute('src');
        element.load();
      }
    },
    get currentTime() {
      return element.currentTime;
    },
    set currentTime(value: number) {
      element.currentTime = value;
    },
    get duration() {
      return Number.isFinite(element.duration) ? element.duration : Number.NaN;
    },
    get playbackRate() {
      return element.playbackRate;
    },
    set playbackRate(value: number) {
      element.playbackRate = value;
    },
    get volume() {
      return element.volume;
    },
    set volume(value: number) {
      element.volume = value;
    },
    get paused() {
      return element.paused;
    },
    play: () => element.play(),
    pause: () => element.pause(),
    load: () => element.load(),
    on(event, listener) {
      element.addEventListener(event, listener);
      return () => element.removeEventListener(event, listener);
    },
  };
}
