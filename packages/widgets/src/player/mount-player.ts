/**
 * Mounts one player embed for one script tag: a host element after the tag (or inside `data-target`) with
 * an open shadow root, the adopted styles, the light/dark/auto theme, the episode loaded from the API and
 * the static facade. Only the first click on play creates the audio element (in the shadow root) and the
 * player engine of `@sportspyder/core` over it, so no audio is fetched before the listener asks for it.
 * Progress per episode goes to the page's storage under the embed's own namespace. `destroy()` undoes all.
 * @module
 */
import {
  createPlayer,
  htmlAudioAdapter,
  type Player,
  readPlayerMemory,
  type StorageAdapter,
  type Transport,
} from '@sportspyder/core';
import { h, render } from 'preact';
import type { EmbedInstance } from '../embed-global.js';
import { readPlayerConfig } from './config.js';
import type { EpisodeLoader } from './load-episode.js';
import { type PlayerActions, PlayerCard, type PlayerView } from './PlayerCard.js';
import { applyPlayerStyles } from './styles.js';

/** Tag name of the element that hosts a player embed's shadow root. */
export const PLAYER_HOST_TAG = 'sportspyder-player';

/** What all player embeds of a page share. */
export interface PlayerEmbedContext {
  /** Loads an embed's episode (one request per source). */
  readonly load: EpisodeLoader;
  /** The page's storage, already namespaced for the embeds (see {@link namespacedStorage}). */
  readonly storage: StorageAdapter;
  /** Called when `player` starts: the page plays one embed at a time. */
  readonly claim: (player: Player) => void;
}

/** A mounted player embed. */
export interface PlayerInstance extends EmbedInstance {
  /** The script tag it was configured from. */
  readonly script: HTMLScriptElement;
}

/** Prefix of the embeds' keys in the page's storage, apart from anything of the publisher (or the site). */
export const PLAYER_STORAGE_PREFIX = 'sportspyder-embed:';

/**
 * The storage adapter `storage` with every key prefixed by {@link PLAYER_STORAGE_PREFIX}.
 *
 * @example
 * ```ts
 * const storage = namespacedStorage(browserStorage()); // keys 'sportspyder-embed:sportspyder:player', ...
 * ```
 */
export function namespacedStorage(storage: StorageAdapter): StorageAdapter {
  return {
    getItem: (key) => storage.getItem(PLAYER_STORAGE_PREFIX + key),
    setItem: (key, value) => storage.setItem(PLAYER_STORAGE_PREFIX + key, value),
    removeItem: (key) => storage.removeItem(PLAYER_STORAGE_PREFIX + key),
  };
}

// The embed reports no player events: the events call needs the member's CSRF cookie, which a
// publisher page on another origin cannot read. The engine treats a null answer as "no previous/next".
const NO_EVENTS = { post: () => Promise.resolve(null) } as unknown as Transport;

/**
 * Mounts the player embed configured by `script`; undefined when it names no usable episode or podcast.
 *
 * @example
 * ```ts
 * const instance = mountPlayer(script, { load: createEpisodeLoader(), storage, claim: () => {} });
 * instance?.destroy();
 * ```
 */
export function mountPlayer(
  script: HTMLScriptElement,
  context: PlayerEmbedContext,
): PlayerInstance | undefined {
  const config = readPlayerConfig(script);
  if (!config) return undefined;
  const { storage } = context;

  const host = document.createElement(PLAYER_HOST_TAG);
  const target = config.target ? document.querySelector(config.target) : null;
  if (config.target && !target) console.warn(`SportSpyder: data-target "${config.target}" not found`);
  if (target) target.appendChild(host);
  else script.after(host);

  const shadow = host.attachShadow({ mode: 'open' });
  applyPlayerStyles(shadow, config.nonce);
  // Preact owns this element only; the audio element and a fallback <style> sit beside it.
  const container = document.createElement('div');
  shadow.appendChild(container);

  let scheme: MediaQueryList | undefined;
  const applyScheme = () => {
    host.dataset.scheme = config.theme === 'auto' ? (scheme?.matches ? 'dark' : 'light') : config.theme;
  };
  if (config.theme === 'auto' && typeof matchMedia === 'function') {
    scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', applyScheme);
  }
  applyScheme();

  let view: PlayerView = { status: 'loading' };
  let player: Player | undefined;
  let audio: HTMLAudioElement | undefined;
  let unsubscribe: (() => void) | undefined;
  let destroyed = false;

  const show = () => {
    if (destroyed) return;
    if (player && view.status === 'active') view = { ...view, snapshot: player.getSnapshot() };
    render(h(PlayerCard, { view, actions, homeUrl: `${config.origin}/` }), container);
  };

  const start = () => {
    if (view.status !== 'facade') return;
    const { episode } = view;
    audio = document.createElement('audio');
    shadow.appendChild(audio);
    const engine = createPlayer({ media: htmlAudioAdapter(audio), storage, transport: NO_EVENTS, hash: '' });
    player = engine;
    // `data-start` applies until the listener has a position of their own for this episode.
    const saved = readPlayerMemory(storage).times[String(episode.id)];
    const time = saved ? undefined : (config.start ?? undefined);
    view = { status: 'active', episode, snapshot: engine.getSnapshot() };
    unsubscribe = engine.subscribe(show);
    context.claim(engine);
    void engine.play(episode, { time });
  };

  const actions: PlayerActions = {
    toggle() {
      if (!player) return start();
      const status = player.getSnapshot().status;
      if (status !== 'playing' && status !== 'loading' && status !== 'buffering') context.claim(player);
      void player.toggle();
    },
    back: () => player?.skipBack(),
    forward: () => player?.skipForward(),
    speed: () => player?.cycleSpeed(),
    seek: (time) => player?.seek(time),
  };

  show();
  void context.load(config.origin, config.source).then((result) => {
    if (destroyed) return;
    if (result.status !== 'ok') {
      view = result;
    } else {
      const { episode } = result;
      const memory = readPlayerMemory(storage);
      const key = String(episode.id);
      view = {
        status: 'facade',
        episode,
        time: memory.times[key] || config.start || 0,
        duration: memory.durations[key] ?? episode.duration,
      };
    }
    show();
  });

  return {
    script,
    host,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      unsubscribe?.();
      player?.pause();
      player?.destroy();
      audio?.removeAttribute('src');
      audio?.load();
      scheme?.removeEventListener('change', applyScheme);
      render(null, container);
      host.remove();
    },
  };
}
