/**
 * The SportSpyder word mark, linking home. Drawn with text and an inline SVG web, no image request.
 * @module
 */
import { Link } from 'react-router';

/** The logo link to `/`. */
export function Logo() {
  return (
    <Link to="/" className="ss-logo" aria-label="SportSpyder home">
      <svg
        className="ss-logo__mark"
        width="28"
        height="28"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="16" cy="16" r="14" fill="#f5a623" />
        <path
          d="M16 2v28M2 16h28M6 6l20 20M26 6 6 26"
          stroke="#0d1b2a"
          strokeWidth="1.6"
          strokeLinecap="round"
          opacity="0.55"
        />
        <circle cx="16" cy="16" r="5" fill="#0d1b2a" />
      </svg>
      <span className="ss-logo__text">
        Sport<strong>Spyder</strong>
      </span>
    </Link>
  );
}
