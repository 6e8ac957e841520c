/**
 * Deep-link start times on episode URLs (`?t=`): seconds, clock notation or h/m/s units.
 * @module
 */

const UNITS_PATTERN = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s?)?$/;

/**
 * The start time in seconds named by a `t` value or a query string/URL carrying one, or null
 * when there is none or it is malformed.
 *
 * @example
 * ```ts
 * parseStartTime('?t=90'); // 90
 * parseStartTime('1:30'); // 90
 * parseStartTime('1h2m3s'); // 3723
 * parseStartTime('https://sportspyder.com/podcasts/1/episodes/2?t=45'); // 45
 * ```
 */
export function parseStartTime(input: string | null | undefined): number | null {
  if (input == null) return null;
  let value = input.trim();
  if (value.includes('?') || value.startsWith('t=') || value.includes('&')) {
    const query = value.slice(value.indexOf('?') + 1);
    const t = new URLSearchParams(query).get('t');
    if (t == null) return null;
    value = t.trim();
  }
  if (!value) return null;
  if (value.includes(':')) {
    const parts = value.split(':');
    if (parts.length > 3 || parts.some((part) => !/^\d+(?:\.\d+)?$/.test(part))) return null;
    return parts.reduce((total, part) => total * 60 + Number(part), 0);
  }
  const match = UNITS_PATTERN.exec(value.toLowerCase());
  if (!match || (!match[1] && !match[2] && !match[3])) return null;
  const [, h = '0', m = '0', s = '0'] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return Number.isFinite(seconds) ? seconds : null;
}
