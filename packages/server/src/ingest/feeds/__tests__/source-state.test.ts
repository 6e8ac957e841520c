import { describe, expect, it } from 'vitest';
import { applyFetchOutcome, FETCH_TIMES_KEPT, initialSourceState } from '../source-state.js';

const now = new Date('2026-11-22T00:00:00Z');
const MIN = 60_000;
const later = (state: { nextFetchAt: Date }) => (state.nextFetchAt.getTime() - now.getTime()) / MIN;

describe('applyFetchOutcome', () => {
  it('makes a new source due at once', () => {
    expect(initialSourceState('https://a.example/feed', now)).toMatchObject({
      failureCount: 0,
      nextFetchAt: now,
    });
  });

  it('records failures with their error and backs off', () => {
    const start = initialSourceState('https://a.example/feed', now);
    const once = applyFetchOutcome(start, { kind: 'error', code: 'timeout', message: 'No answer' }, now);
    const twice = applyFetchOutcome(once, { kind: 'error', code: 'http-500', message: 'HTTP 500' }, now);
    expect(once).toMatchObject({
      failureCount: 1,
      lastErrorCode: 'timeout',
      lastError: 'timeout: No answer',
    });
    expect(twice).toMatchObject({
      failureCount: 2,
      lastErrorCode: 'http-500',
      lastErrorAt: now,
      lastFetchedAt: now,
    });
    // A never-read source counts as quiet (6 h) until the backoff grows past that.
    expect(later(once)).toBe(360);
    const many = Array.from({ length: 10 }).reduce(
      (s: typeof start) => applyFetchOutcome(s, { kind: 'error', code: 'timeout', message: 'x' }, now),
      { ...start, itemsPerDay: 200 },
    );
    expect(many.failureCount).toBe(10);
    expect(later(many)).toBe(24 * 60);
  });

  it('resets the failure count on success and stores validators, rate and a moved URL', () => {
    const failing = {
      ...initialSourceState('https://a.example/old', now),
      failureCount: 4,
      lastErrorCode: 'timeout',
    };
    const dates = Array.from({ length: 7 * 48 }, (_, i) => new Date(now.getTime() - i * 30 * MIN));
    const ok = applyFetchOutcome(
      failing,
      {
        kind: 'ok',
        finalUrl: 'https://a.example/new',
        permanentRedirect: true,
        etag: '"e"',
        lastModified: 'x',
        itemDates: dates,
      },
      now,
    );
    expect(ok).toMatchObject({
      url: 'https://a.example/new',
      etag: '"e"',
      lastModified: 'x',
      failureCount: 0,
      lastSuccessAt: now,
      lastErrorCode: 'timeout',
    });
    expect(ok.itemsPerDay).toBe(48);
    expect(later(ok)).toBe(7.5);
  });

  it('keeps the URL after a temporary redirect and the validators after a 304', () => {
    const start = { ...initialSourceState('https://a.example/feed', now), etag: '"1"', failureCount: 2 };
    const moved = applyFetchOutcome(
      start,
      {
        kind: 'ok',
        finalUrl: 'https://cdn.example/f',
        permanentRedirect: false,
        etag: null,
        lastModified: null,
        itemDates: [],
      },
      now,
    );
    expect(moved.url).toBe('https://a.example/feed');
    const same = applyFetchOutcome(start, { kind: 'not-modified' }, now);
    expect(same).toMatchObject({ etag: '"1"', failureCount: 0, lastSuccessAt: now });
  });

  it('waits at least as long as Retry-After asks', () => {
    const state = applyFetchOutcome(
      { ...initialSourceState('https://a.example/feed', now), itemsPerDay: 500 },
      { kind: 'error', code: 'http-429', message: 'slow down', retryAfterSeconds: 7200 },
      now,
    );
    expect(later(state)).toBe(120);
  });

  it('disables a source that has failed for 7 days without a success, saying why', () => {
    const day = 24 * 60 * MIN;
    const fail = {
      kind: 'error',
      code: 'http-404',
      message: 'HTTP 404 from https://a.example/feed',
    } as const;
    let state = applyFetchOutcome(initialSourceState('https://a.example/feed', now), fail, now);
    expect(state.failingSince).toEqual(now);
    for (let d = 1; d < 7; d++) {
      state = applyFetchOutcome(state, fail, new Date(now.getTime() + d * day));
      expect(state.disable).toBeNull();
    }
    // A success in between starts the count again.
    const healed = applyFetchOutcome(state, { kind: 'not-modified' }, new Date(now.getTime() + 6 * day));
    expect(healed.failingSince).toBeNull();
    expect(applyFetchOutcome(healed, fail, new Date(now.getTime() + 7 * day)).disable).toBeNull();
    const week = applyFetchOutcome(state, fail, new Date(now.getTime() + 7 * day));
    expect(week.disable).toBe(
      'Failing since 2026-11-22 (7 days): http-404: HTTP 404 from https://a.example/feed',
    );
  });

  it("keeps the last fetches' status and durations for the health table", () => {
    let state = initialSourceState('https://a.example/feed', now);
    for (let i = 1; i <= FETCH_TIMES_KEPT + 2; i++) {
      state = applyFetchOutcome(state, { kind: 'not-modified' }, now, 1, { status: 304, fetchMs: i * 10.4 });
    }
    expect(state.lastStatus).toBe(304);
    expect(state.fetchMs).toHaveLength(FETCH_TIMES_KEPT);
    expect(state.fetchMs.at(-1)).toBe(Math.round((FETCH_TIMES_KEPT + 2) * 10.4));
    const failed = applyFetchOutcome(state, { kind: 'error', code: 'network', message: 'reset' }, now, 1, {
      status: null,
      fetchMs: 5,
    });
    expect(failed.lastStatus).toBeNull();
  });
});
