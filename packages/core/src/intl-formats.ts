/**
 * Intl formatters made once per locale and options, shared by core, the bindings and the site. Making
 * an `Intl.DateTimeFormat` or `Intl.NumberFormat` costs about a thousand times more than formatting
 * with one, and `toLocaleDateString(locale, options)` makes a new one on every call: a search page's
 * episode dates and result counts took 280 ms of its first render in a profile at a phone's 4x slower
 * CPU (2026-12-05, issue 46). The caches hold one formatter per distinct locale and options, a
 * handful per page (the options are written at the call sites; a time zone adds one per zone used).
 * @module
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The key of a locale and options: options with the same fields in any order share a formatter. */
function keyOf(locale: string, options: object): string {
  const entries = Object.entries(options)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${locale}|${JSON.stringify(entries)}`;
}

/** The formatter of `key` in `cache`, made by `make` on first use. */
function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * The `Intl.DateTimeFormat` of a locale and options, made on first use.
 *
 * @example
 * ```ts
 * dateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(new Date('2026-11-03T12:00:00Z')); // 'Nov 3'
 * ```
 */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(dateFormats, keyOf(locale, options), () => new Intl.DateTimeFormat(locale, options));
}

/**
 * The `Intl.NumberFormat` of a locale and options, made on first use.
 *
 * @example
 * ```ts
 * numberFormat('en-US').format(12345); // '12,345'
 * ```
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, keyOf(locale, options), () => new Intl.NumberFormat(locale, options));
}
