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
  };
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
): SourceFetchState {
  const at = new Date(now.getTime());
  if (outcome.kind === 'error') {
    const failureCount = state.failureCount + 1;
    const schedule = {
      itemsPerDay: state.itemsPerDay,
      failureCount,
      ...(key === undefined ? {} : { key }),
      ...(outcome.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: outcome.retryAfterSeconds }),
    };
    return {
      ...state,
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
      failureCount: 0,
      lastFetchedAt: at,
      lastSuccessAt: at,
      nextFetchAt: nextFetchAt({ itemsPerDay: state.itemsPerDay, failureCount: 0, ...keyOf(key) }, now),
    };
  }
  const rate = itemsPerDay(outcome.itemDates, now);
  return {
    ...state,
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
