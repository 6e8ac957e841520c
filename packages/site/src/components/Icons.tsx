/**
 * Inline SVG icons of the header (no icon font or image request: the site works offline and under a
 * strict CSP). Decorative: the buttons around them carry the accessible names.
 * @module
 */

const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** A bell (notifications). */
export function BellIcon() {
  return (
    <svg {...common}>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

/** A magnifier (search). */
export function SearchIcon() {
  return (
    <svg {...common}>
      <circle cx="11" cy="11" r="7" />
      <path d="m21 21-4.3-4.3" />
    </svg>
  );
}

/** Three bars (menu toggle). */
export function MenuIcon() {
  return (
    <svg {...common}>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}

/** A cross (close). */
export function CloseIcon() {
  return (
    <svg {...common}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

/** Headphones (podcasts). */
export function HeadphonesIcon() {
  return (
    <svg {...common}>
      <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
      <path d="M21 19a2 2 0 0 1-2 2h-1v-6h3zM3 19a2 2 0 0 0 2 2h1v-6H3z" />
    </svg>
  );
}

/** A person (profile). */
export function UserIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

/** A small chevron for menu buttons. */
export function ChevronIcon() {
  return (
    <svg {...common} width={14} height={14}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
