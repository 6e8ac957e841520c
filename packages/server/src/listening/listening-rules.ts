/**
 * The listening rules the server shares with the player (spec 1 §4.4 "Podcast player" and §9
 * "Business constants and limits"): when an episode counts as completed, and how much listening
 * data the session hands to a device's local player memory. The numbers are the player's
 * (`@sportspyder/core` constants); the server does not import core, so they live here once.
 * @module
 */

/** An episode counts as completed when fewer than this many seconds remain (spec 1 §4.4, §9). */
export const COMPLETION_THRESHOLD_S = 60;

/** Recent episodes the local player memory keeps, so the session sends as many (spec 1 §9). */
export const SESSION_RECENTS_MAX = 20;

/** Completed episodes the local player memory keeps, so the session sends as many (spec 1 §9). */
export const SESSION_COMPLETED_MAX = 50;

/**
 * Whether a listen at `time` of an episode `duration` seconds long is completed: the duration is
 * known, playing has started, and fewer than {@link COMPLETION_THRESHOLD_S} seconds remain (the
 * player's rule, so a short episode is not completed before it is played).
 *
 * @example
 * ```ts
 * isCompleted(1750, 1800); // true
 * isCompleted(0, 45); // false: not started
 * ```
 */
export function isCompleted(time: number, duration: number | null | undefined): boolean {
  if (duration == null || !(duration > 0) || !(time > 0)) return false;
  return duration - time < COMPLETION_THRESHOLD_S;
}

/** The listener key of a member (`u:<id>`) or, signed out, of a device (`h:<hash>`), as the table stores it. */
export function listenerKey(who: { userId: number | null; hash: string }): string {
  return who.userId !== null ? `u:${who.userId}` : `h:${who.hash}`;
}
