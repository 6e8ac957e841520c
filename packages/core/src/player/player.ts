/**
 * The podcast player engine (spec 1 §4.4, §5, §9): an explicit state machine over an injected
 * media adapter that plays one episode at a time, remembers progress on the device, reports play,
 * pause and seek events to the server and moves to the previous or next episode. It has no UI:
 * the site's player bar, the player embed and the Media Session glue all read its snapshot and
 * call its methods.
 * @module
 */
import type { EpisodeRef } from '@sportspyder/contract';
import {
  AUDIO_ERROR_HINT,
  AUDIO_ERROR_TEXT,
  AUTO_CONTINUE_WINDOW_MS,
  BUFFERING_LABEL,
  COMPLETION_THRESHOLD_S,
  DEFAULT_SPEED,
  DEFAULT_VOLUME,
  PLAY_EVENT_INTERVAL_MS,
  PLAYBACK_SPEEDS,
  PROGRESS_SAVE_INTERVAL_MS,
  SERVER_TIME_TOLERANCE_S,
  SKIP_BACK_S,
  SKIP_FORWARD_S,
  SOURCE_RELOAD_AFTER_PAUSE_MS,
  VOLUME_SAVE_DEBOUNCE_MS,
} from '../constants.js';
import { globalTimers, platformFlag } from '../environment.js';
import {
  type LocalEpisode,
  type PlayerMemory,
  readPlayerMemory,
  writePlayerMemory,
} from '../player-memory.js';
import { createValueStore } from '../store.js';
import {
  buildEpisodeEventBody,
  type EpisodeContext,
  type EpisodeEventInput,
  sendEpisodeEvent,
} from './episode-events.js';
import type { MediaEventName } from './media-adapter.js';
import {
  markCompleted,
  type PlayableEpisode,
  pushRecent,
  rememberDuration,
  rememberEpisode,
  rememberNeighbours,
  saveTime,
  toLocalEpisode,
} from './memory-ops.js';
import type {
  Player,
  PlayerError,
  PlayerOptions,
  PlayerSnapshot,
  PlayerStatus,
  PlayOptions,
} from './player-types.js';
import { clamp, listenProgressPercent, remainingLabel, roundTime, speedLabel } from './progress.js';

const ERROR: PlayerError = Object.freeze({ text: AUDIO_ERROR_TEXT, hint: AUDIO_ERROR_HINT });
const ACTIVE: ReadonlySet<PlayerStatus> = new Set<PlayerStatus>(['loading', 'playing', 'buffering']);

/** A neighbour episode as the snapshot shares it (frozen), or null. */
function frozen(ref: EpisodeRef | null | undefined): EpisodeRef | null {
  return ref ? Object.freeze(ref) : null;
}

function defaultPlatform(): 0 | 1 {
  return platformFlag((globalThis as { innerWidth?: number }).innerWidth ?? 1024);
}

/** Subscribes to an event of `window` (nothing outside a browser); returns the unsubscribe. */
function windowEvent(type: string): (listener: () => void) => () => void {
  return (listener) => {
    const target = globalThis as {
      addEventListener?: (type: string, listener: () => void) => void;
      removeEventListener?: (type: string, listener: () => void) => void;
    };
    if (typeof target.addEventListener !== 'function') return () => undefined;
    target.addEventListener(type, listener);
    return () => target.removeEventListener?.(type, listener);
  };
}

/**
 * Creates the player engine over a media adapter. A new player over the same storage restores the
 * episode (paused), its position, the speed, the volume and the expanded flag.
 *
 * @example
 * ```ts
 * import { createClient, createPlayer, htmlAudioAdapter } from '@sportspyder/core';
 *
 * const client = createClient();
 * const player = createPlayer({
 *   media: htmlAudioAdapter(),
 *   storage: localStorage,
 *   transport: client.api,
 *   hash: client.deviceHash,
 *   serverTimes: () => client.session.getSnapshot().user?.podcastListens.times,
 *   onListensChanged: () => void client.cache.invalidate('api/v1/podcast_listens'),
 * });
 * player.subscribe(() => render(player.getSnapshot()));
 * await player.play(episode, { context: { ctype: 'Team', cid: team.id } });
 * player.setSpeed(1.5);
 * player.skipForward(); // +30 s
 * ```
 */
export function createPlayer(options: PlayerOptions): Player {
  const { media, storage, transport, hash } = options;
  const timers = options.timers ?? globalTimers;
  const now = options.now ?? (() => Date.now());
  const platform = options.platform ?? defaultPlatform;
  const variant = options.variant ?? (() => null);

  // ---- state ----
  const restored = readPlayerMemory(storage);
  // Nested values are frozen too, so a snapshot can be shared without defensive copies.
  let episode: LocalEpisode | null = restored.episode ? Object.freeze({ ...restored.episode }) : null;
  let status: PlayerStatus = episode ? 'paused' : 'idle';
  let time = episode ? roundTime(restored.times[String(episode.id)] ?? 0) : 0;
  let duration: number | null = episode
    ? (restored.durations[String(episode.id)] ?? episode.duration ?? null)
    : null;
  let speed = PLAYBACK_SPEEDS.includes(restored.speed) ? restored.speed : DEFAULT_SPEED;
  let volume = Number.isFinite(restored.volume) ? clamp(restored.volume, 0, 1) : DEFAULT_VOLUME;
  let expanded = restored.expanded === true;
  let completed = episode ? restored.completed.includes(episode.id) : false;
  let error: PlayerError | null = null;
  // The restored episode's neighbours from an earlier page: Previous and Next work before a new answer.
  const neighbours = episode && restored.neighbours?.id === episode.id ? restored.neighbours : null;
  let prevEpisode = frozen(neighbours?.previous);
  let nextEpisode = frozen(neighbours?.next);
  /** Id of the episode whose source is on the media element (null: nothing loaded yet). */
  let sourceId: number | null = null;
  /** Position to apply once the reloaded source has metadata. */
  let pendingSeek: number | null = null;
  let pausedAt: number | null = null;
  let lastPlayActivity: number | null = null;
  /** The listener asked to play and has not paused since (network recovery resumes only then). */
  let wantsPlay = false;
  let auto = false;
  let playContext: EpisodeContext | null | undefined;
  const firstPlaySent = new Set<number>();
  const serverTimeChecked = new Set<number>();
  let progressTimer: unknown = null;
  let heartbeatTimer: unknown = null;
  let volumeTimer: unknown = null;

  media.playbackRate = speed;
  media.volume = volume;

  const store = createValueStore<PlayerSnapshot>(buildSnapshot());

  // Media events change `status` during awaits; reading it through a call defeats TS narrowing.
  const currentStatus = (): PlayerStatus => status;

  // ---- memory ----
  // Read-modify-write every time: the session store merges server data into the same storage.
  function readMemory(): PlayerMemory {
    return readPlayerMemory(storage);
  }
  function mutate(change: (memory: PlayerMemory) => PlayerMemory): PlayerMemory {
    const before = readMemory();
    const after = change(before);
    if (after !== before) writePlayerMemory(storage, after);
    return after;
  }

  // ---- snapshot ----
  function buildSnapshot(): PlayerSnapshot {
    return {
      status,
      episode,
      time,
      duration,
      speed,
      volume,
      expanded,
      label: status === 'buffering' ? BUFFERING_LABEL : null,
      error: status === 'error' ? error : null,
      previous: prevEpisode,
      next: nextEpisode,
      hasPrevious: prevEpisode !== null,
      hasNext: nextEpisode !== null,
      completed,
      progressPercent: listenProgressPercent(time, duration),
      remainingLabel: remainingLabel(time, duration, speed),
      speedLabel: speedLabel(speed),
    };
  }
  function emit(): void {
    // update() compares field by field, so unchanged state notifies nobody.
    store.update(buildSnapshot());
  }

  // ---- timers ----
  function repeat(ms: number, task: () => void): unknown {
    const handle = { id: null as unknown };
    const run = () => {
      task();
      handle.id = timers.setTimeout(run, ms);
    };
    handle.id = timers.setTimeout(run, ms);
    return handle;
  }
  function cancel(handle: unknown): void {
    if (handle) timers.clearTimeout((handle as { id: unknown }).id);
  }
  function startTicking(): void {
    if (!progressTimer) {
      progressTimer = repeat(PROGRESS_SAVE_INTERVAL_MS, () => {
        if (status === 'playing') saveProgress();
      });
    }
    if (!heartbeatTimer) {
      heartbeatTimer = repeat(PLAY_EVENT_INTERVAL_MS, () => {
        if (episode && (status === 'playing' || status === 'buffering')) sendPlay(episode, false);
      });
    }
  }
  function stopTicking(): void {
    cancel(progressTimer);
    cancel(heartbeatTimer);
    progressTimer = null;
    heartbeatTimer = null;
  }

  function saveProgress(): void {
    if (!episode) return;
    const id = episode.id;
    const at = time;
    mutate((memory) => saveTime(memory, id, at));
  }

  function checkCompletion(): void {
    if (!episode || !duration || time <= 0) return;
    if (duration - time < COMPLETION_THRESHOLD_S && !completed) {
      const id = episode.id;
      completed = true;
      mutate((memory) => (memory.completed.includes(id) ? memory : markCompleted(memory, id)));
    }
  }

  // ---- events to the server ----
  function currentContext(): EpisodeContext | null {
    if (playContext !== undefined) return playContext;
    const option = options.context;
    return typeof option === 'function' ? option() : (option ?? null);
  }

  function eventInput(eventType: EpisodeEventInput['eventType'], first: boolean): EpisodeEventInput {
    return {
      eventType,
      time,
      duration,
      platform: platform(),
      variant: variant(),
      first,
      hash,
      speed,
      context: eventType === 'play' ? currentContext() : null,
      auto,
    };
  }

  function sendEvent(ep: LocalEpisode, input: EpisodeEventInput, afterAnswer?: () => void): void {
    const body = buildEpisodeEventBody(input);
    void sendEpisodeEvent(transport, ep.id, body).then((answer) => {
      if (!answer) return;
      if (episode?.id === ep.id) {
        prevEpisode = frozen(answer.prevEpisode);
        nextEpisode = frozen(answer.nextEpisode);
        mutate((memory) => rememberNeighbours(memory, ep.id, prevEpisode, nextEpisode));
        // Not in the contract yet: an answer may carry the server's saved position of a first play.
        const serverTime = (answer as { time?: unknown }).time;
        if (input.first && typeof serverTime === 'number' && differsFromServer(serverTime, body.time)) {
          moveTo(serverTime);
        }
        emit();
      }
      afterAnswer?.();
    });
  }

  function sendPlay(ep: LocalEpisode, addedToRecents: boolean): void {
    const first = !firstPlaySent.has(ep.id);
    firstPlaySent.add(ep.id);
    lastPlayActivity = now();
    sendEvent(ep, eventInput('play', first), addedToRecents ? () => options.onListensChanged?.() : undefined);
  }

  function differsFromServer(serverTime: number, localTime: number): boolean {
    return Number.isFinite(serverTime) && Math.abs(serverTime - localTime) > SERVER_TIME_TOLERANCE_S;
  }

  // ---- media ----
  function maxTime(): number {
    return duration ?? Number.POSITIVE_INFINITY;
  }

  /** Moves the position without telling the server (restores and corrections). */
  function moveTo(target: number): void {
    time = roundTime(clamp(target, 0, maxTime()));
    if (episode && sourceId === episode.id) {
      if (pendingSeek !== null) pendingSeek = time;
      media.currentTime = time;
    }
    saveProgress();
    checkCompletion();
  }

  function loadSource(ep: LocalEpisode): void {
    pendingSeek = time > 0 ? time : null;
    if (sourceId === ep.id) {
      media.load();
    } else {
      media.src = options.audioUrl?.(ep) ?? ep.enclosureUrl;
      sourceId = ep.id;
    }
    media.playbackRate = speed;
    media.volume = volume;
    if (pendingSeek !== null) media.currentTime = pendingSeek;
  }

  /** Starts (or resumes) the loaded episode; `reload` forces a fresh load of the source. */
  async function startPlayback(reload = false): Promise<void> {
    const ep = episode;
    if (!ep) return;
    const at = now();
    if (!serverTimeChecked.has(ep.id)) {
      serverTimeChecked.add(ep.id);
      const serverTime = options.serverTimes?.()?.[String(ep.id)];
      if (typeof serverTime === 'number' && differsFromServer(serverTime, time)) {
        time = roundTime(clamp(serverTime, 0, maxTime()));
      }
    }
    const longPause = pausedAt !== null && at - pausedAt > SOURCE_RELOAD_AFTER_PAUSE_MS;
    if (reload || sourceId !== ep.id || status === 'error' || longPause) loadSource(ep);
    pausedAt = null;
    wantsPlay = true;
    error = null;
    status = 'loading';
    const { added } = pushRecentNow(ep);
    emit();
    try {
      await media.play();
    } catch {
      if (episode !== ep) return;
      // A load failure already moved to 'error'; otherwise the browser refused (autoplay policy).
      if (currentStatus() !== 'error') {
        status = 'paused';
        wantsPlay = false;
        pausedAt = now();
        stopTicking();
        emit();
      }
      return;
    }
    if (episode !== ep || !wantsPlay) return;
    if (currentStatus() === 'loading' && !media.paused) status = 'playing';
    startTicking();
    sendPlay(ep, added);
    emit();
  }

  function pushRecentNow(ep: LocalEpisode): { added: boolean } {
    let added = false;
    const at = time;
    mutate((memory) => {
      const result = pushRecent(memory, ep.id, at);
      added = result.added;
      return result.memory;
    });
    return { added };
  }

  function switchTo(next: PlayableEpisode, startTime?: number): void {
    if (episode) saveProgress();
    stopTicking();
    if (!media.paused) media.pause();
    const local = Object.freeze(toLocalEpisode(next));
    const memory = mutate((m) => rememberEpisode(m, local));
    episode = local;
    status = 'paused';
    error = null;
    prevEpisode = null;
    nextEpisode = null;
    pausedAt = null;
    wantsPlay = false;
    auto = false;
    duration = memory.durations[String(local.id)] ?? local.duration ?? null;
    completed = memory.completed.includes(local.id);
    if (startTime !== undefined && Number.isFinite(startTime)) {
      // An explicit start (deep link) wins over the server's saved time.
      serverTimeChecked.add(local.id);
      time = roundTime(clamp(startTime, 0, maxTime()));
    } else {
      time = roundTime(memory.times[String(local.id)] ?? 0);
    }
  }

  function handleEnded(): void {
    const ended = episode;
    if (!ended) return;
    stopTicking();
    wantsPlay = false;
    const withinWindow = lastPlayActivity !== null && now() - lastPlayActivity <= AUTO_CONTINUE_WINDOW_MS;
    time = 0;
    completed = true;
    mutate((memory) => markCompleted(saveTime(memory, ended.id, 0), ended.id));
    status = 'paused';
    pausedAt = null;
    const target = nextEpisode ?? prevEpisode;
    if (!target) {
      // Staying on the finished episode: rewind so play starts it over.
      media.currentTime = 0;
      emit();
      return;
    }
    switchTo(target);
    if (withinWindow) {
      auto = true;
      void startPlayback();
    } else {
      emit();
    }
  }

  const handlers: Record<MediaEventName, () => void> = {
    timeupdate() {
      if (!episode || sourceId !== episode.id || pendingSeek !== null) return;
      if (status === 'idle' || status === 'error') return;
      time = roundTime(media.currentTime);
      checkCompletion();
      emit();
    },
    playing() {
      if (!episode || sourceId !== episode.id || !wantsPlay) return;
      status = 'playing';
      error = null;
      startTicking();
      emit();
    },
    pause() {
      if (!episode || sourceId !== episode.id) return;
      if (status !== 'playing' && status !== 'buffering') return;
      status = 'paused';
      wantsPlay = false;
      pausedAt = now();
      stopTicking();
      saveProgress();
      emit();
    },
    waiting() {
      if (status !== 'playing' && status !== 'loading') return;
      status = 'buffering';
      emit();
    },
    canplay() {
      // Some browsers resume after a stall with `canplay` and no `playing`.
      if (status === 'buffering' && !media.paused) {
        status = 'playing';
        emit();
      }
    },
    loadedmetadata() {
      handlers.durationchange();
      if (pendingSeek !== null) {
        const target = pendingSeek;
        pendingSeek = null;
        media.currentTime = target;
      }
    },
    durationchange() {
      const value = media.duration;
      if (!episode || sourceId !== episode.id || !Number.isFinite(value) || value <= 0) return;
      duration = value;
      const id = episode.id;
      mutate((memory) => rememberDuration(memory, id, value));
      emit();
    },
    ended() {
      if (!episode || sourceId !== episode.id) return;
      handleEnded();
    },
    error() {
      if (!episode || sourceId !== episode.id || status === 'idle') return;
      status = 'error';
      error = ERROR;
      pendingSeek = null;
      stopTicking();
      emit();
    },
  };
  const offMedia = (Object.keys(handlers) as MediaEventName[]).map((name) => media.on(name, handlers[name]));

  // Leaving the page (a reload, another site, a closed tab) saves the position where the audio is,
  // not where the last per-second save or `timeupdate` (about 4 a second) left it: the next page
  // resumes at that point instead of up to a second and more before it.
  const offPageHide = (options.pageHide ?? windowEvent('pagehide'))(() => {
    if (!episode || sourceId !== episode.id || pendingSeek !== null) return;
    if (status !== 'playing' && status !== 'buffering') return;
    time = roundTime(media.currentTime);
    saveProgress();
  });

  const offOnline = (options.online ?? windowEvent('online'))(() => {
    // Back online: a stream that stalled or failed while playing is reloaded at its position.
    if (!episode || !wantsPlay) return;
    if (status !== 'playing' && status !== 'buffering' && status !== 'error' && status !== 'loading') return;
    void startPlayback(true);
  });

  // ---- public API ----
  function pause(): void {
    const ep = episode;
    if (!ep) return;
    const wasActive = ACTIVE.has(status) || wantsPlay;
    wantsPlay = false;
    if (!media.paused) media.pause();
    if (!wasActive) return;
    status = 'paused';
    pausedAt = now();
    stopTicking();
    saveProgress();
    sendEvent(ep, eventInput('pause', false));
    emit();
  }

  async function play(next?: PlayableEpisode, playOptions: PlayOptions = {}): Promise<void> {
    if (next && next.id !== episode?.id) {
      switchTo(next, playOptions.time);
    } else if (playOptions.time !== undefined && episode) {
      serverTimeChecked.add(episode.id);
      moveTo(playOptions.time);
    }
    if (!episode) return;
    if (playOptions.context !== undefined) playContext = playOptions.context;
    auto = playOptions.auto ?? false;
    if (ACTIVE.has(status) && wantsPlay) {
      emit();
      return;
    }
    await startPlayback();
  }

  function seek(target: number): void {
    const ep = episode;
    if (!ep || !Number.isFinite(target)) return;
    moveTo(target);
    sendEvent(ep, eventInput('seek', false));
    emit();
  }

  function setExpanded(value: boolean): void {
    if (expanded === value) return;
    expanded = value;
    mutate((memory) => ({ ...memory, expanded: value }));
    emit();
  }

  async function toggle(): Promise<void> {
    if (ACTIVE.has(status) && wantsPlay) pause();
    else await play();
  }

  function setSpeed(value: number): boolean {
    if (!PLAYBACK_SPEEDS.includes(value)) return false;
    speed = value;
    media.playbackRate = value;
    mutate((memory) => ({ ...memory, speed: value }));
    emit();
    return true;
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    play,
    load(next, startTime) {
      if (next.id !== episode?.id) switchTo(next, startTime);
      else if (startTime !== undefined) moveTo(startTime);
      emit();
    },
    pause,
    toggle,
    seek,
    skipBack: () => seek(time - SKIP_BACK_S),
    skipForward: () => seek(time + SKIP_FORWARD_S),
    setSpeed,
    cycleSpeed() {
      const index = PLAYBACK_SPEEDS.indexOf(speed);
      const value = PLAYBACK_SPEEDS[(index + 1) % PLAYBACK_SPEEDS.length] ?? DEFAULT_SPEED;
      setSpeed(value);
      return value;
    },
    setVolume(value) {
      if (!Number.isFinite(value)) return;
      volume = clamp(value, 0, 1);
      media.volume = volume;
      emit();
      // Dragging the slider fires many changes; only the settled value is written.
      if (volumeTimer) timers.clearTimeout(volumeTimer);
      const saved = volume;
      volumeTimer = timers.setTimeout(() => {
        volumeTimer = null;
        mutate((memory) => ({ ...memory, volume: saved }));
      }, VOLUME_SAVE_DEBOUNCE_MS);
    },
    async previous() {
      if (prevEpisode) await play(prevEpisode);
    },
    async next() {
      if (nextEpisode) await play(nextEpisode);
    },
    close() {
      const ep = episode;
      if (!ep) return;
      saveProgress();
      stopTicking();
      sendEvent(ep, eventInput('pause', false));
      wantsPlay = false;
      episode = null;
      status = 'idle';
      media.pause();
      media.src = '';
      sourceId = null;
      pendingSeek = null;
      time = 0;
      duration = null;
      error = null;
      prevEpisode = null;
      nextEpisode = null;
      pausedAt = null;
      expanded = false;
      completed = false;
      mutate((memory) => ({ ...memory, episode: null, closedEpisodeId: ep.id, expanded: false }));
      emit();
    },
    expand: () => setExpanded(true),
    collapse: () => setExpanded(false),
    getMemory: readMemory,
    destroy() {
      stopTicking();
      if (volumeTimer) {
        timers.clearTimeout(volumeTimer);
        volumeTimer = null;
        const saved = volume;
        mutate((memory) => ({ ...memory, volume: saved }));
      }
      for (const off of offMedia) off();
      offOnline();
      offPageHide();
    },
  };
}
