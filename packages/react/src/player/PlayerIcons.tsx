/**
 * Inline SVG icons of the player controls (no icon font, no network): each is decorative
 * (`aria-hidden`); the buttons carry the accessible names.
 * @module
 */

/** The names of the player icons. */
export type PlayerIconName =
  | 'play'
  | 'pause'
  | 'previous'
  | 'next'
  | 'back10'
  | 'forward30'
  | 'close'
  | 'volume'
  | 'muted'
  | 'check'
  | 'expand'
  | 'collapse';

const PATHS: Record<PlayerIconName, string> = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  previous: 'M6 6h2v12H6zm3.5 6 8.5 6V6z',
  next: 'M16 6h2v12h-2zM6 18l8.5-6L6 6z',
  back10: 'M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z',
  forward30: 'M12 5V1l5 5-5 5V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8z',
  close: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
  volume: 'M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted:
    'M3 9v6h4l5 5V4L7 9zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  expand: 'M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6z',
  collapse: 'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z',
};

/**
 * One player icon, 24 × 24 view box, coloured with `currentColor`.
 *
 * @example
 * ```tsx
 * <PlayerIcon name="pause" />
 * ```
 */
export function PlayerIcon({ name, size = 20 }: { name: PlayerIconName; size?: number }) {
  return (
    <svg
      className="ss-player-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
