/**
 * The browser media adapter of the player: one hidden `<audio>` element owned by the page (not by
 * any component), so playback survives every route change, plus the {@link MediaAdapter} over it.
 * The element sits in the document (marked `data-sportspyder-player`) rather than detached so
 * browser tests and extensions can find it; an existing one is reused, so a second mount (hot
 * reload, a remounted bar) never starts a second stream.
 * @module
 */
import { type AudioElementLike, htmlAudioAdapter, type MediaAdapter } from './media-adapter.js';

/** The attribute marking the player's audio element in the document. */
export const PLAYER_AUDIO_ATTRIBUTE = 'data-sportspyder-player';

/** The parts of a DOM document {@link mountPlayerAudio} uses. */
export interface AudioDocumentLike {
  /** Finds an existing player element. */
  querySelector(selector: string): unknown;
  /** Creates the audio element. */
  createElement(tagName: 'audio'): unknown;
  /** Where the element is appended. */
  body: { appendChild(node: never): unknown } | null;
}

/** Options of {@link mountPlayerAudio}. */
export interface MountPlayerAudioOptions {
  /** The document (default: the global `document`; without one a detached `Audio()` is used). */
  document?: AudioDocumentLike | null | undefined;
  /** Where to append the element (default: the document's body). */
  parent?: { appendChild(node: never): unknown } | null | undefined;
}

/** The player's audio element and the adapter over it. */
export interface MountedPlayerAudio {
  /** The audio element (the `<audio data-sportspyder-player>` in the document). */
  element: AudioElementLike;
  /** The media adapter the player engine drives. */
  media: MediaAdapter;
}

function defaultDocument(): AudioDocumentLike | null {
  return ((globalThis as { document?: AudioDocumentLike }).document ?? null) as AudioDocumentLike | null;
}

/**
 * Finds or creates the page's one player audio element (hidden, `preload="metadata"`) and wraps it
 * in the {@link MediaAdapter} the engine drives.
 *
 * @example
 * ```ts
 * const { media } = mountPlayerAudio();
 * const player = createPlayer({ media, storage: client.storage, transport: client.api, hash: client.deviceHash });
 * ```
 */
export function mountPlayerAudio(options: MountPlayerAudioOptions = {}): MountedPlayerAudio {
  const doc = options.document === undefined ? defaultDocument() : options.document;
  let element: AudioElementLike | null = null;
  if (doc) {
    element = (doc.querySelector(`audio[${PLAYER_AUDIO_ATTRIBUTE}]`) as AudioElementLike | null) ?? null;
    if (!element) {
      const created = doc.createElement('audio') as AudioElementLike & {
        setAttribute(name: string, value: string): void;
        hidden?: boolean;
      };
      created.setAttribute(PLAYER_AUDIO_ATTRIBUTE, '');
      // No controls attribute: the element is invisible; the player bar is the UI.
      created.hidden = true;
      const parent = options.parent ?? doc.body;
      parent?.appendChild(created as never);
      element = created;
    }
  }
  // Without a document (a worker, a test without DOM) a detached `Audio()` still plays.
  element ??= new Audio() as unknown as AudioElementLike;
  return { element, media: htmlAudioAdapter(element) };
}

/**
 * The {@link MediaAdapter} over an HTML audio element: `audio` when given, else the page's player
 * element from {@link mountPlayerAudio}.
 *
 * @example
 * ```ts
 * const media = htmlAudioMediaAdapter(shadowRoot.querySelector('audio'));
 * ```
 */
export function htmlAudioMediaAdapter(audio?: AudioElementLike | null): MediaAdapter {
  return audio ? htmlAudioAdapter(audio) : mountPlayerAudio().media;
}
