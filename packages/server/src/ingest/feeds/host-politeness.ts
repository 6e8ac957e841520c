/**
 * Per-host politeness for the crawler: at most two requests in flight per host and a minimum gap
 * between the starts of two requests to one host, so that many feeds on one server (a network of
 * team blogs, a podcast host) are fetched a few at a time instead of all at once, as the issue's
 * "good citizen of the web" asks (Miniflux and most crawlers allow a small number per host).
 * Different hosts never wait for each other.
 * @module
 */

/** Default minimum gap between the starts of two requests to the same host, in milliseconds. */
export const DEFAULT_HOST_GAP_MS = 1000;
/** Default number of requests to one host in flight at once. */
export const DEFAULT_MAX_PER_HOST = 2;

// Above this many tracked hosts, idle ones are swept on the next call.
const PRUNE_THRESHOLD = 512;

/** Options of {@link HostPoliteness}. */
export interface HostPolitenessOptions {
  /** Minimum time between the starts of two requests to one host (default 1 s). */
  minGapMs?: number;
  /** Requests to one host in flight at once (default 2). */
  maxPerHost?: number;
  /** The clock (default `Date.now`, looked up at call time so fake timers apply). */
  now?: () => number;
  /** Waits `ms` milliseconds (default a `setTimeout` promise). */
  sleep?: (ms: number) => Promise<void>;
}

interface HostState {
  /** Tasks waiting for their turn, first come first served. */
  waiting: (() => void)[];
  /** Tasks running now. */
  active: number;
  /** When the last task for this host started (epoch ms); -Infinity before the first. */
  lastStart: number;
  /** True while a sleep for the gap is pending (only one per host). */
  sleeping: boolean;
}

/**
 * A limiter keyed by host name. `run(host, task)` queues `task` behind earlier tasks for the same
 * host and starts it once fewer than `maxPerHost` of them run and `minGapMs` has passed since the
 * previous start.
 * @example
 * const politeness = new HostPoliteness({ minGapMs: 1000 });
 * await Promise.all(urls.map((u) => fetchFeed(u, { politeness })));
 */
export class HostPoliteness {
  private readonly hosts = new Map<string, HostState>();
  /** The least time between two request starts to one host, in ms. */
  readonly minGapMs: number;
  /** Requests to one host in flight at once (the scheduler leases no more sources of a host than this). */
  readonly maxPerHost: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  /** Creates a limiter; see {@link HostPolitenessOptions}. */
  constructor(options: HostPolitenessOptions = {}) {
    this.minGapMs = options.minGapMs ?? DEFAULT_HOST_GAP_MS;
    this.maxPerHost = Math.max(1, options.maxPerHost ?? DEFAULT_MAX_PER_HOST);
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Runs `task` when it is `host`'s turn and returns its result (or rethrows its error). */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const key = host.toLowerCase();
    this.prune();
    const state = this.hosts.get(key) ?? this.track(key);
    await new Promise<void>((resolve) => {
      state.waiting.push(resolve);
      this.pump(state);
    });
    try {
      return await task();
    } finally {
      state.active--;
      this.pump(state);
    }
  }

  /** Number of hosts currently tracked (for tests and metrics). */
  get size(): number {
    return this.hosts.size;
  }

  private track(key: string): HostState {
    const state: HostState = { waiting: [], active: 0, lastStart: Number.NEGATIVE_INFINITY, sleeping: false };
    this.hosts.set(key, state);
    return state;
  }

  /** Starts as many waiting tasks as the host's slots and gap allow; sleeps out the gap otherwise. */
  private pump(state: HostState): void {
    while (!state.sleeping && state.waiting.length > 0 && state.active < this.maxPerHost) {
      const wait = state.lastStart + this.minGapMs - this.now();
      if (wait > 0) {
        state.sleeping = true;
        void this.sleep(wait).then(() => {
          state.sleeping = false;
          this.pump(state);
        });
        return;
      }
      state.lastStart = this.now();
      state.active++;
      state.waiting.shift()?.();
    }
  }

  // With thousands of hosts the map must not grow forever: when it passes a size, idle hosts whose
  // gap has passed are forgotten (a new request to them would not have to wait anyway).
  private prune(): void {
    if (this.hosts.size < PRUNE_THRESHOLD) return;
    const now = this.now();
    for (const [key, state] of this.hosts) {
      const idle = state.active === 0 && state.waiting.length === 0 && !state.sleeping;
      if (idle && now - state.lastStart >= this.minGapMs) this.hosts.delete(key);
    }
  }
}
