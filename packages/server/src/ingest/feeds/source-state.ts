/**
 * The fetch bookkeeping kept on each source (validators, failure count, last error, rate and next
 * fetch time) and the pure rule that updates it after a fetch. The storage layer persists this
 * record as it is; the admin CLI shows `failureCount` and `lastError`.
 * @module
 */
import { itemsPerDay, nextFetchAt } from './schedule.js';

/** What is stored on a source between fetches. */
export interface SourceFetchState {
  /** The URL fetched; updated when the feed moved permanently (301/308). */
  url: string;
  /** ETag from the last successful fetch, sent as If-None-Match. */
  etag: string | null;
  /** Last-Modified from the last successful fetch, sent as If-Modified-Since. */
  lastModified: string | null;
  /** Consecutive failed fetches; 0 after a success or a 304. */
  failureCount: number;
  /** Code of the last failure (`timeout`, `too-large`, `doctype-forbidden`, `http-404`, ...). */
  lastErrorCode: string | null;
  /** Human-readable last failure (code and message), kept after later successes for the admin. */
  lastError: string | null;
  /** When the last failure happened. */
  lastErrorAt: Date | null;
  /** When the source was last fetched, successfully or not. */
  lastFetchedAt: Date | null;
  /** When the source last answered with a usable feed or 304. */
  lastSuccessAt: Date | null;
  /** Recent items per day, estimated from the item dates of the last successful parse. */
  itemsPerDay: number;
  /** When the scheduler should fetch it next. */
  nextFetchAt: Date;
  /** The HTTP status of the last fetch (null before the first and after a network failure). */
  lastStatus: number | null;
  /** How long the last fetches took in milliseconds, newest last (at most {@link FETCH_TIMES_KEPT}). */
  fetchMs: readonly number[];
  /** When the current run of failures began; null while the source is healthy. */
  failingSince: Date | null;
  /**
   * Set by the fetch that finds the source failing for {@link DISABLE_AFTER_FAILING_MS}: the source is then
   * disabled with this reason. Null otherwise (a stored source's own disabled reason is not part of this).
   */
  disable: string | null;
}

/** How many fetch durations a source keeps for its median. */
export const FETCH_TIMES_KEPT = 9;
/** A source failing for this long (7 days) without one success is disabled, with the reason shown. */
export const DISABLE_AFTER_FAILING_MS = 7 * 24 * 60 * 60 * 1000;

/** What is known of one fetch beside its outcome: the HTTP status and how long it took. */
export interface FetchFacts {
  /** The final HTTP status, when an answer came. */
  status: number | null;
  /** Milliseconds from the first request to the parsed body (or the failure). */
  fetchMs: number | null;
}

/** The outcome of one fetch-and-parse of a source, as {@link applyFetchOutcome} needs it. */
export type FetchOutcome =
  | {
      kind: 'ok';
      finalUrl: string;
      permanentRedirect: boolean;
      etag: string | null;
      lastModified: string | null;
      /** Publication dates of the items read, to estimate the source's rate. */
      itemDates: readonly Date[];
    }
  | { kind: 'not-modified' }
  | { kind: 'error'; code: string; message: string; retryAfterSeconds?: number };

/**
 * A fresh state for a source that was never fetched: due now.
 * @example
 * const state = initialSourceState('https://news.example/feed.xml', new Date());
 */
export function initialSourceState(url: string, now: Date): SourceFetchState {
  return {
    url,
    etag: null,
    lastModified: null,
    failureCount: 0,
    lastErrorCode: null,
    lastError: null,
    lastErrorAt: null,
    lastFetchedAt: null,
    lastSuccessAt: null,
    itemsPerDay: 0,
    nextFetchAt: new Date(now.getTime()),
    lastStatus: null,
    fetchMs: [],
    failingSince: null,
    disable: null,
  };
}

/** The HTTP status an outcome tells of: 304, the `http-<status>` of a failure, or `fallback`. */
export function statusOfOutcome(outcome: FetchOutcome, fallback: number | null): number | null {
  if (outcome.kind === 'not-modified') return 304;
  if (outcome.kind === 'error') {
    const match = /^http-(\d{3})$/.exec(outcome.code);
    return match ? Number(match[1]) : fallback;
  }
  return fallback;
}

/**
 * The source's state after a fetch: a success resets the failure count, stores the new
 * validators and rate (and the new URL after a permanent redirect); a 304 keeps everything but
 * the times; a failure increments the failure count and records the error. The next fetch time
 * follows {@link nextFetchAt}. Pure: returns a new object.
 * @example
 * const next = applyFetchOutcome(state, { kind: 'error', code: 'timeout', message: '...' }, now, source.id);
 */
export function applyFetchOutcome(
  state: SourceFetchState,
  outcome: FetchOutcome,
  now: Date,
  key?: string | number,
  facts?: FetchFacts,
): SourceFetchState {
  const at = new Date(now.getTime());
  const health = {
    lastStatus: facts ? facts.status : state.lastStatus,
    fetchMs:
      facts?.fetchMs == null
        ? state.fetchMs
        : [...state.fetchMs, Math.round(facts.fetchMs)].slice(-FETCH_TIMES_KEPT),
    disable: null,
  };
  if (outcome.kind === 'error') {
    const failingSince = state.failingSince ?? at;
    // A week of failures with no success in between: the feed is gone or moved, and fetching it daily
    // for ever costs both sides. The admin sees why and can enable it again.
    const disable =
      now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS
        ? `Failing since ${failingSince.toISOString().slice(0, 10)} (7 days): ${outcome.code}: ${outcome.message}`.slice(
            0,
            1000,
          )
        : null;
    const failureCount = state.failureCount + 1;
    const schedule = {
      itemsPerDay: state.itemsPerDay,
      failureCount,
      ...(key === undefined ? {} : { key }),
      ...(outcome.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: outcome.retryAfterSeconds }),
    };
    return {
      ...state,
      ...health,
      failingSince,
      disable,
      failureCount,
      lastErrorCode: outcome.code,
      lastError: `${outcome.code}: ${outcome.message}`.slice(0, 1000),
      lastErrorAt: at,
      lastFetchedAt: at,
      nextFetchAt: nextFetchAt(schedule, now),
    };
  }
  if (outcome.kind === 'not-modified') {
    return {
      ...state,
      ...health,
      failingSince: null,
      failureCount: 0,
      lastFetchedAt: at,
      lastSuccessAt: at,
      nextFetchAt: nextFetchAt({ itemsPerDay: state.itemsPerDay, failureCount: 0, ...keyOf(key) }, now),
    };
  }
  const rate = itemsPerDay(outcome.itemDates, now);
  return {
    ...state,
    ...health,
    failingSince: null,
    url: outcome.permanentRedirect ? outcome.finalUrl : state.url,
    etag: outcome.etag,
    lastModified: outcome.lastModified,
    failureCount: 0,
    lastFetchedAt: at,
    lastSuccessAt: at,
    itemsPerDay: rate,
    nextFetchAt: nextFetchAt({ itemsPerDay: rate, failureCount: 0, ...keyOf(key) }, now),
  };
}

function keyOf(key: string | number | undefined): { key?: string | number } {
  return key === undefined ? {} : { key };
}
