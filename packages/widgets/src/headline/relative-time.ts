/**
 * Short relative times for headline rows ("just now", "5m ago", "3h ago", "2d ago", then the date), kept
 * tiny instead of Intl.RelativeTimeFormat data so the embed stays within its size budget.
 * @module
 */

/**
 * Formats `iso` relative to `now` (ms). Future or unparsable times read "just now" / "".
 *
 * @example
 * ```ts
 * relativeTime('2026-01-01T10:00:00Z', Date.parse('2026-01-01T13:00:00Z')); // '3h ago'
 * ```
 */
export function relativeTime(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const minutes = Math.floor((now - t) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
