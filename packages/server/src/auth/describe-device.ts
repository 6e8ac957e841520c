/**
 * A browser's User-Agent in plain words for the list of signed-in sessions (issue 47): "Chrome on
 * Android", "Safari on iPhone", "Firefox on Windows". Only the families a member would recognise are
 * named; anything else is "Unknown browser" or "unknown device", never the raw header (which is long,
 * and written by the client).
 * @module
 */

/** What a session list says of a missing or unrecognisable User-Agent. */
export const UNKNOWN_DEVICE = 'Unknown device';

// Order matters: Edge and Opera say "Chrome", Chrome says "Safari", every iOS browser says "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(iPhone|iPad).*AppleWebKit/, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser and the system of a User-Agent.
 *
 * @example
 * ```ts
 * describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36');
 * // 'Chrome on Android'
 * ```
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return UNKNOWN_DEVICE;
}
