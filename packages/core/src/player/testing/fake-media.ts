/**
 * A fake audio element for tests of the player engine and its bindings: a clock the test moves
 * with {@link FakeMedia.advance}, scripted load failures, buffering and duration, and the same
 * event order as a browser (`pause` then `ended` at the end; `load()` pauses and rewinds).
 * Everything happens synchronously so tests need no waiting beyond a resolved promise.
 * @module
 */
import type { MediaAdapter, MediaEventName } from '../media-adapter.js';

/** Options of {@link createFakeMedia}. */
export interface FakeMediaOptions {
  /** The duration in seconds the fake reports once a source has loaded (default 600). */
  duration?: number;
}

/** The fake audio element: a {@link MediaAdapter} plus the controls a test needs. */
export interface FakeMedia extends MediaAdapter {
  /** Moves the clock: while playing (not buffering) the position advances by `ms * playbackRate / 1000`. */
  advance(ms: number): void;
  /** Makes the next source load fail with an `error` event (and `play()` reject). */
  failNextLoad(): void;
  /** Makes every load fail until {@link FakeMedia.recover} (a removed episode). */
  failLoads(): void;
  /** Stops failing loads. */
  recover(): void;
  /** Makes the next `play()` reject with NotAllowedError (autoplay refused), without an error event. */
  refuseNextPlay(): void;
  /** Starts buffering: the clock stops moving and `waiting` fires. */
  startBuffering(): void;
  /** Ends buffering: `playing` fires and the clock moves again. */
  stopBuffering(): void;
  /** Changes the duration and fires `durationchange`. */
  setDuration(seconds: number): void;
  /** Fires `event` as the browser would. */
  emit(event: MediaEventName): void;
  /** Number of `load()` calls. */
  readonly loadCount: number;
  /** Number of `play()` calls. */
  readonly playCount: number;
  /** True while buffering. */
  readonly buffering: boolean;
}

/**
 * Creates a {@link FakeMedia}.
 *
 * @example
 * ```ts
 * const media = createFakeMedia({ duration: 300 });
 * const player = createPlayer({ media, storage: memoryStorage(), transport, hash: 'h' });
 * await player.play(episode);
 * media.advance(10_000); // 10 s later: player.getSnapshot().time === 10
 * ```
 */
export function createFakeMedia(options: FakeMediaOptions = {}): FakeMedia {
  const listeners = new Map<MediaEventName, Set<() => void>>();
  let src = '';
  let currentTime = 0;
  let duration = Number.NaN;
  let playbackRate = 1;
  let volume = 1;
  let paused = true;
  let buffering = false;
  let loaded = false;
  let failOnce = false;
  let failAlways = false;
  let refuseOnce = false;
  let loadCount = 0;
  let playCount = 0;
  const fullDuration = options.duration ?? 600;

  function emit(event: MediaEventName): void {
    for (const listener of [...(listeners.get(event) ?? [])]) listener();
  }

  function reset(): void {
    paused = true;
    buffering = false;
    loaded = false;
    currentTime = 0;
    duration = Number.NaN;
  }

  /** Loads the source if needed; false when it failed. */
  function ensureLoaded(): boolean {
    if (loaded) return true;
    if (!src) return false;
    if (failOnce || failAlways) {
      failOnce = false;
      emit('error');
      return false;
    }
    loaded = true;
    duration = fullDuration;
    emit('durationchange');
    emit('loadedmetadata');
    emit('canplay');
    return true;
  }

  const media: FakeMedia = {
    get src() {
      return src;
    },
    set src(value: string) {
      src = value;
      reset();
    },
    get currentTime() {
      return currentTime;
    },
    set currentTime(value: number) {
      const max = Number.isFinite(duration) ? duration : Number.POSITIVE_INFINITY;
      currentTime = Math.min(Math.max(0, value), max);
      emit('timeupdate');
    },
    get duration() {
      return duration;
    },
    get playbackRate() {
      return playbackRate;
    },
    set playbackRate(value: number) {
      playbackRate = value;
    },
    get volume() {
      return volume;
    },
    set volume(value: number) {
      volume = value;
    },
    get paused() {
      return paused;
    },
    get loadCount() {
      return loadCount;
    },
    get playCount() {
      return playCount;
    },
    get buffering() {
      return buffering;
    },
    play() {
      playCount++;
      if (refuseOnce) {
        refuseOnce = false;
        return Promise.reject(new DOMException('play() refused', 'NotAllowedError'));
      }
      if (!ensureLoaded())
        return Promise.reject(new DOMException('no supported source', 'NotSupportedError'));
      if (paused) {
        paused = false;
        emit('playing');
      }
      return Promise.resolve();
    },
    pause() {
      if (paused) return;
      paused = true;
      buffering = false;
      emit('pause');
    },
    load() {
      loadCount++;
      // Like a browser, a reload keeps only the URL: paused, position 0, metadata to fetch again.
      reset();
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    advance(ms) {
      if (paused || buffering || !loaded) return;
      currentTime = Math.min(duration, currentTime + (ms * playbackRate) / 1000);
      emit('timeupdate');
      if (currentTime >= duration) {
        paused = true;
        emit('pause');
        emit('ended');
      }
    },
    failNextLoad() {
      failOnce = true;
    },
    failLoads() {
      failAlways = true;
    },
    recover() {
      failAlways = false;
      failOnce = false;
    },
    refuseNextPlay() {
      refuseOnce = true;
    },
    startBuffering() {
      if (paused) return;
      buffering = true;
      emit('waiting');
    },
    stopBuffering() {
      if (!buffering) return;
      buffering = false;
      emit('playing');
    },
    setDuration(seconds) {
      duration = seconds;
      emit('durationchange');
    },
    emit,
  };
  return media;
}
