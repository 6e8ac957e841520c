/**
 * Leaves the server's event loop room for its visitors while ingestion runs on the same thread. A first
 * fetch of a large catalogue (830 sources, every feed new) kept the one core busy for its first half
 * minute: fetches, parsing, tagging, PGlite's statements and the garbage they leave came one after the
 * other, and a visitor's answer, ready in the page cache, waited in that queue (the catalogue replay's
 * round-1 p99 was 90–140 ms while the repeat rounds stayed under 50). The round itself has time to
 * spare: its floor is the busiest host's politeness (115 s), the server's CPU about 40 s of it. So before
 * the scheduler leases more sources it waits while the loop has been busier than a share of the recent
 * window, and ingestion spreads over the round instead of crowding its start.
 *
 * A bounded wait: past {@link HEADROOM_MAX_WAIT_MS} ingestion goes on anyway, so a server busy with its
 * own visitors still ingests (more slowly) rather than never. The gate says which it was, and the
 * scheduler then starts fewer sources ({@link HEADROOM_LEASE_STEP}; when it gave up waiting, one at a time): a
 * wait that ended with all sixteen slots leased at once made the burst it was meant to spread.
 * @module
 */
import { performance } from 'node:perf_hooks';

/** The share of the recent window the loop may have been busy for ingestion to start more work. */
export const HEADROOM_MAX_UTILIZATION = 0.6;
/** How far back the busy share is measured, in ms. */
export const HEADROOM_WINDOW_MS = 250;
/** The longest one wait lasts, in ms. */
export const HEADROOM_MAX_WAIT_MS = 2_000;
/**
 * The most sources the scheduler starts after one wait that found room; after a wait that gave up, one,
 * and none while another is still being fetched.
 * Every source that ends looks again, so a calm loop still fills its slots within a few looks.
 */
export const HEADROOM_LEASE_STEP = 4;

/** Options of {@link createEventLoopHeadroom}. */
export interface EventLoopHeadroomOptions {
  /** Busy share above which ingestion waits (default {@link HEADROOM_MAX_UTILIZATION}). */
  maxUtilization?: number;
  /** The window the share is measured over, in ms (default {@link HEADROOM_WINDOW_MS}). */
  windowMs?: number;
  /** Longest wait, in ms (default {@link HEADROOM_MAX_WAIT_MS}). */
  maxWaitMs?: number;
  /** The loop's utilization since a previous reading (default `performance.eventLoopUtilization`). */
  utilization?: typeof performance.eventLoopUtilization;
}

/** Waits for room on the event loop. */
export interface EventLoopHeadroom {
  /**
   * Resolves once the loop was busy at most the allowed share of the last window (true), or the wait's
   * bound passed while it was still busier (false).
   */
  wait(): Promise<boolean>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * Creates a headroom gate for the ingest scheduler of a process that also answers visitors.
 * @example
 * const headroom = createEventLoopHeadroom();
 * await headroom.wait(); // then lease and fetch more sources
 */
export function createEventLoopHeadroom(options: EventLoopHeadroomOptions = {}): EventLoopHeadroom {
  const maxUtilization = options.maxUtilization ?? HEADROOM_MAX_UTILIZATION;
  const windowMs = options.windowMs ?? HEADROOM_WINDOW_MS;
  const maxWaitMs = options.maxWaitMs ?? HEADROOM_MAX_WAIT_MS;
  const utilization = options.utilization ?? performance.eventLoopUtilization.bind(performance);
  // The reading at the start of the current window and the share measured over the last full window.
  let mark = utilization();
  let markAt = performance.now();
  let recent = 0;
  const measure = () => {
    const now = performance.now();
    if (now - markAt < windowMs) return recent;
    const current = utilization();
    recent = utilization(current, mark).utilization;
    mark = current;
    markAt = now;
    return recent;
  };
  return {
    async wait() {
      const started = performance.now();
      while (measure() > maxUtilization) {
        if (performance.now() - started >= maxWaitMs) return false;
        await sleep(Math.max(10, windowMs / 5));
      }
      return true;
    },
  };
}
