/**
 * When to fetch a source next. Pure functions of the source's recent activity and failures:
 * busy sources are fetched every 5 to 15 minutes, quiet ones every 1 to 6 hours, and failing
 * ones back off exponentially up to a day, so that broken feeds cost almost nothing.
 * @module
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Shortest interval between two fetches of one source (busiest sources). */
export const MIN_FETCH_INTERVAL_MS = 5 * MINUTE;
/** Longest interval between two fetches of a healthy source (quietest sources). */
export const MAX_FETCH_INTERVAL_MS = 6 * HOUR;
/** First retry delay after a failure; it doubles with each further consecutive failure. */
export const FAILURE_BACKOFF_BASE_MS = 10 * MINUTE;
/** Upper bound of the failure backoff. */
export const MAX_BACKOFF_MS = 24 * HOUR;

/** What the schedule needs to know about a source. */
export interface ScheduleInput {
  /** Items the source published per day recently (see {@link itemsPerDay}); 0 or less for none. */
  itemsPerDay: number;
  /** Consecutive failed fetches (reset to 0 on success). */
  failureCount: number;
  /** A stable key (e.g. the source id) that spreads sources over time with a small fixed jitter. */
  key?: string | number;
  /** Seconds the server asked us to wait (Retry-After); honoured when longer than the schedule. */
  retryAfterSeconds?: number;
}

/**
 * The interval for a healthy source: about four checks per expected new item, clamped to
 * 5 minutes (≥ ~100 items a day) and 6 hours (≤ 1 item a day). A source with 24 items a day is
 * checked every 15 minutes, one with 6 a day every hour.
 * @example
 * fetchIntervalMs(24); // 900000 (15 minutes)
 */
export function fetchIntervalMs(itemsPerDay: number): number {
  if (!Number.isFinite(itemsPerDay) || itemsPerDay <= 0) return MAX_FETCH_INTERVAL_MS;
  const interval = (24 * HOUR) / (itemsPerDay * 4);
  return Math.min(MAX_FETCH_INTERVAL_MS, Math.max(MIN_FETCH_INTERVAL_MS, interval));
}

/**
 * The delay after `failureCount` consecutive failures: 10 min, 20 min, 40 min, ... capped at 24 h.
 * @example
 * failureBackoffMs(3); // 2400000 (40 minutes)
 */
export function failureBackoffMs(failureCount: number): number {
  if (failureCount <= 0) return 0;
  // 2^(n-1) overflows nothing below n = 1024, but the cap is reached long before.
  const exponent = Math.min(failureCount - 1, 20);
  return Math.min(MAX_BACKOFF_MS, FAILURE_BACKOFF_BASE_MS * 2 ** exponent);
}

/**
 * When to fetch `source` next, measured from `now` (the end of the fetch just made): the longer
 * of its activity interval and its failure backoff, plus a fixed jitter of up to 10% derived from
 * `source.key`, and never sooner than a server's Retry-After.
 * @example
 * nextFetchAt({ itemsPerDay: 50, failureCount: 0, key: 12 }, new Date());
 */
export function nextFetchAt(source: ScheduleInput, now: Date): Date {
  const base = Math.max(fetchIntervalMs(source.itemsPerDay), failureBackoffMs(source.failureCount));
  const jitter = source.key === undefined ? 0 : Math.floor(base * 0.1 * unitHash(String(source.key)));
  const retryAfter = (source.retryAfterSeconds ?? 0) * 1000;
  return new Date(now.getTime() + Math.max(base + jitter, retryAfter));
}

/**
 * Estimates a source's items per day from the publication dates of its recent items: the count
 * within `windowDays` (default 7) before `now`, divided by the window.
 * @example
 * itemsPerDay(items.map((i) => i.publishedAt), new Date());
 */
export function itemsPerDay(dates: readonly Date[], now: Date, windowDays = 7): number {
  const from = now.getTime() - windowDays * 24 * HOUR;
  let count = 0;
  for (const date of dates) {
    const t = date.getTime();
    if (t >= from && t <= now.getTime()) count++;
  }
  return count / windowDays;
}

// FNV-1a to a number in [0, 1): the same key always gets the same jitter.
function unitHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}
