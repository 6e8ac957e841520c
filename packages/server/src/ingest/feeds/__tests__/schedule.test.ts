import { describe, expect, it } from 'vitest';
import {
  FAILURE_BACKOFF_BASE_MS,
  failureBackoffMs,
  fetchIntervalMs,
  itemsPerDay,
  MAX_BACKOFF_MS,
  nextFetchAt,
} from '../schedule.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const now = new Date('2026-11-22T00:00:00Z');
const minutesAfterNow = (date: Date) => (date.getTime() - now.getTime()) / MIN;

describe('fetchIntervalMs', () => {
  it('fetches busy sources every 5 to 15 minutes', () => {
    expect(fetchIntervalMs(500)).toBe(5 * MIN);
    expect(fetchIntervalMs(100)).toBe(5 * MIN);
    expect(fetchIntervalMs(24)).toBe(15 * MIN);
  });

  it('fetches quiet sources every 1 to 6 hours', () => {
    expect(fetchIntervalMs(6)).toBe(1 * HOUR);
    expect(fetchIntervalMs(1)).toBe(6 * HOUR);
    expect(fetchIntervalMs(0)).toBe(6 * HOUR);
    expect(fetchIntervalMs(Number.NaN)).toBe(6 * HOUR);
  });

  it('never fetches a busier source less often than a quieter one', () => {
    let previous = Number.POSITIVE_INFINITY;
    for (let rate = 0; rate <= 200; rate += 0.5) {
      const interval = fetchIntervalMs(rate);
      expect(interval).toBeLessThanOrEqual(previous);
      previous = interval;
    }
  });
});

describe('failureBackoffMs', () => {
  it('doubles with each consecutive failure and stops at 24 hours', () => {
    expect(failureBackoffMs(0)).toBe(0);
    expect(failureBackoffMs(1)).toBe(FAILURE_BACKOFF_BASE_MS);
    expect(failureBackoffMs(2)).toBe(2 * FAILURE_BACKOFF_BASE_MS);
    expect(failureBackoffMs(3)).toBe(4 * FAILURE_BACKOFF_BASE_MS);
    expect(failureBackoffMs(8)).toBe(128 * FAILURE_BACKOFF_BASE_MS);
    expect(failureBackoffMs(9)).toBe(MAX_BACKOFF_MS);
    expect(failureBackoffMs(1000)).toBe(MAX_BACKOFF_MS);
  });
});

describe('nextFetchAt', () => {
  it('schedules a healthy busy source soon and a quiet one later', () => {
    expect(minutesAfterNow(nextFetchAt({ itemsPerDay: 200, failureCount: 0 }, now))).toBe(5);
    expect(minutesAfterNow(nextFetchAt({ itemsPerDay: 2, failureCount: 0 }, now))).toBe(180);
  });

  it('backs a failing source off exponentially, capped at a day', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((failureCount) =>
      minutesAfterNow(nextFetchAt({ itemsPerDay: 200, failureCount }, now)),
    );
    expect(delays).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 1440, 1440]);
  });

  it('keeps a quiet source at its own interval while the backoff is shorter', () => {
    expect(minutesAfterNow(nextFetchAt({ itemsPerDay: 1, failureCount: 2 }, now))).toBe(360);
  });

  it('adds a fixed jitter of at most 10% per source key', () => {
    const a = nextFetchAt({ itemsPerDay: 24, failureCount: 0, key: 17 }, now);
    const again = nextFetchAt({ itemsPerDay: 24, failureCount: 0, key: 17 }, now);
    expect(a).toEqual(again);
    const keys = Array.from({ length: 50 }, (_, i) =>
      minutesAfterNow(nextFetchAt({ itemsPerDay: 24, failureCount: 0, key: i }, now)),
    );
    for (const minutes of keys) {
      expect(minutes).toBeGreaterThanOrEqual(15);
      expect(minutes).toBeLessThanOrEqual(16.5);
    }
    expect(new Set(keys).size).toBeGreaterThan(10);
  });

  it('honours a longer Retry-After', () => {
    expect(
      minutesAfterNow(nextFetchAt({ itemsPerDay: 200, failureCount: 1, retryAfterSeconds: 3600 }, now)),
    ).toBe(60);
  });
});

describe('itemsPerDay', () => {
  it('counts the items of the last week, ignoring older and future ones', () => {
    const dates = [
      ...Array.from({ length: 14 }, (_, i) => new Date(now.getTime() - (i + 1) * 11 * HOUR)),
      new Date(now.getTime() - 30 * 24 * HOUR),
      new Date(now.getTime() + HOUR),
    ];
    expect(itemsPerDay(dates, now)).toBe(2);
    expect(itemsPerDay([], now)).toBe(0);
  });
});
