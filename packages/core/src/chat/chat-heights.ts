/**
 * The chat box's sizes of spec 3 §9 and the auto-scroll rule of spec 3 §4 that uses the scroll
 * threshold: the list follows the newest message while the reader is within 20 px of the bottom,
 * or when the reader wrote it; otherwise 'Go to latest' shows.
 * @module
 */

/** Heights of the chat box in px (spec 3 §9). */
export const CHAT_HEIGHTS = Object.freeze({
  /** The chat pages' box. */
  default: 660,
  /** Chat in the sport and team sidebars. */
  sidebar: 400,
  /** The short box (under hero stories). */
  short: 350,
  /** Room taken by what surrounds the message list (header, tabs) inside the box. */
  baseOffset: 140,
  /** The message input. */
  input: 42,
} as const);
/** Where a chat box is shown, naming its height. */
export type ChatHeightVariant = 'default' | 'sidebar' | 'short';

/**
 * How far from the bottom (px, negative: above it) the reader may be and still count as "at the
 * newest message" (spec 3 §9).
 */
export const CHAT_SCROLL_THRESHOLD = -20;

/**
 * The height left for the message list in a box of `variant`: the box minus the base offset and
 * the input.
 *
 * @example
 * ```ts
 * chatListHeight('sidebar'); // 400 - 140 - 42 = 218
 * ```
 */
export function chatListHeight(variant: ChatHeightVariant = 'default'): number {
  return CHAT_HEIGHTS[variant] - CHAT_HEIGHTS.baseOffset - CHAT_HEIGHTS.input;
}

/** The scroll position of a message list (the DOM's `scrollTop`, `scrollHeight`, `clientHeight`). */
export interface ScrollMetrics {
  /** Pixels scrolled from the top. */
  readonly scrollTop: number;
  /** The whole content's height. */
  readonly scrollHeight: number;
  /** The visible height. */
  readonly clientHeight: number;
}

/**
 * True while the reader is at the newest message: the visible bottom is at most 20 px above the
 * content's bottom ({@link CHAT_SCROLL_THRESHOLD}).
 *
 * @example
 * ```ts
 * isNearLatest({ scrollTop: 990, scrollHeight: 1400, clientHeight: 400 }); // true (10 px away)
 * ```
 */
export function isNearLatest(metrics: ScrollMetrics): boolean {
  const fromBottom = metrics.scrollTop + metrics.clientHeight - metrics.scrollHeight;
  return fromBottom >= CHAT_SCROLL_THRESHOLD;
}

/**
 * Whether a newly arrived message scrolls the list to it (spec 3 §4): when the reader was near the
 * bottom or wrote it. Otherwise the list stays and 'Go to latest' shows.
 */
export function shouldAutoScroll(input: { nearLatest: boolean; ownMessage: boolean }): boolean {
  return input.nearLatest || input.ownMessage;
}
