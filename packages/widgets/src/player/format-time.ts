/**
 * Clock notation of playback times for the player embed: `m:ss` under an hour, `h:mm:ss` above.
 * @module
 */

/**
 * Formats `seconds` as `m:ss` or `h:mm:ss` (whole seconds, rounded down; negative or non-finite as 0:00).
 *
 * @example
 * ```ts
 * formatTime(75); // '1:15'
 * formatTime(3723); // '1:02:03'
 * ```
 */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = `${total % 60}`.padStart(2, '0');
  return h > 0 ? `${h}:${`${m}`.padStart(2, '0')}:${s}` : `${m}:${s}`;
}
