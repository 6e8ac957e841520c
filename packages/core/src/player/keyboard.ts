/**
 * The Space shortcut of the player (spec 1 §5): Space toggles play/pause unless focus is in an
 * input, a textarea or a button (where Space types or presses). It sits beside the engine, not in it:
 * only the site's player bar listens to the page's keys, so the player embed does not carry it.
 * @module
 */
import type { Player } from './player-types.js';

/** The parts of a DOM element {@link shouldToggleOnSpace} reads. */
export interface FocusTargetLike {
  /** Element tag name (upper case in HTML documents). */
  tagName?: string;
  /** True for contenteditable elements. */
  isContentEditable?: boolean;
}

/** The parts of a keyboard event the player reads. */
export interface PlayerKeyEvent {
  /** `event.key` (' ' for Space). */
  key?: string;
  /** `event.code` ('Space'). */
  code?: string;
  /** The focused element the key went to. */
  target?: unknown;
  /** Modifier state: a Space with a modifier is left to the browser. */
  ctrlKey?: boolean;
  /** Modifier state. */
  metaKey?: boolean;
  /** Modifier state. */
  altKey?: boolean;
  /** Stops the page from scrolling when the player handled the key. */
  preventDefault?: () => void;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'BUTTON', 'SELECT']);

/**
 * True when Space pressed on `target` should toggle the player: not in an input, textarea,
 * button (or select or editable text).
 *
 * @example
 * ```ts
 * shouldToggleOnSpace(document.body); // true
 * shouldToggleOnSpace(document.querySelector('input')); // false
 * ```
 */
export function shouldToggleOnSpace(target: unknown): boolean {
  if (!target || typeof target !== 'object') return true;
  const element = target as FocusTargetLike;
  if (element.isContentEditable) return false;
  return !TYPING_TAGS.has(String(element.tagName ?? '').toUpperCase());
}

/** True when `event` is a plain Space press. */
export function isSpaceKey(event: PlayerKeyEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key === ' ' || event.key === 'Spacebar' || event.code === 'Space';
}

/**
 * Handles a keydown for `player`: Space toggles play/pause while an episode is loaded, unless focus
 * is in an input, textarea or button ({@link shouldToggleOnSpace}). True when handled (the page's
 * scrolling is then prevented).
 *
 * @example
 * ```ts
 * document.addEventListener('keydown', (event) => handlePlayerKey(player, event));
 * ```
 */
export function handlePlayerKey(
  player: Pick<Player, 'getSnapshot' | 'toggle'>,
  event: PlayerKeyEvent,
): boolean {
  if (!player.getSnapshot().episode || !isSpaceKey(event) || !shouldToggleOnSpace(event.target)) return false;
  event.preventDefault?.();
  void player.toggle();
  return true;
}
