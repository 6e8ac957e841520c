/**
 * Per-host politeness for the crawler: at most one request in flight per host and a minimum gap
 * between the end of one request and the start of the next, so that many feeds on one server
 * (a network of team blogs, a podcast host) are fetched one after another instead of all at once.
 * Different hosts never wait for each other.
 * @module
 */

/** Default minimum gap between two requests to the same host, in milliseconds. */
export const DEFAULT_HOST_GAP_MS = 1000;

// Above this many tracked hosts, idle ones are swept on the next call.
const PRUNE_THRESHOLD = 512;

/** Options of {@link HostPoliteness}. */
export interface HostPolitenessOptions {
  /** Minimum time between the end of one request to a host and the start of the next (default 1 s). */
  minGapMs?: number;
  /** The clock (default `Date.now`, looked up at call time so fake timers apply). */
  now?: () => number;
  /** Waits `ms` milliseconds (default a `setTimeout` promise). */
  sleep?: (ms: number) => Promise<void>;
}

interface HostState {
  /** Resolves when the last queued task for this host has finished. */
  tail: Promise<void>;
  /** When the last task for this host finished (epoch ms); 0 before the first. */
  lastEnd: number;
  /** Tasks queued or running; an entry is only pruned at 0 once the gap has passed. */
  pending: number;
}

/**
 * A limiter keyed by host name. `run(host, task)` queues `task` behind earlier tasks for the same
 * host and starts it once the previous one has finished and `minGapMs` has passed.
 * @example
 * const politeness = new HostPoliteness({ minGapMs: 1000 });
 * await Promise.all(urls.map((u) => fetchFeed(u, { politeness })));
 */
export class HostPoliteness {
  private readonly hosts = new Map<string, HostState>();
  private readonly minGapMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  /** Creates a limiter; see {@link HostPolitenessOptions}. */
  constructor(options: HostPolitenessOptions = {}) {
    this.minGapMs = options.minGapMs ?? DEFAULT_HOST_GAP_MS;
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Runs `task` when it is `host`'s turn and returns its result (or rethrows its error). */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const key = host.toLowerCase();
    this.prune();
    const state = this.hosts.get(key) ?? { tail: Promise.resolve(), lastEnd: 0, pending: 0 };
    this.hosts.set(key, state);
    const previous = state.tail;
    let release!: () => void;
    state.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    state.pending++;
    try {
      await previous;
      const wait = state.lastEnd + this.minGapMs - this.now();
      if (state.lastEnd > 0 && wait > 0) await this.sleep(wait);
      return await task();
    } finally {
      state.lastEnd = this.now();
      state.pending--;
      release();
    }
  }

  /** Number of hosts currently tracked (for tests and metrics). */
  get size(): number {
    return this.hosts.size;
  }

  // With thousands of hosts the map must not grow forever: when it passes a size, idle hosts whose
  // gap has passed are forgotten (a new request to them would not have to wait anyway).
  private prune(): void {
    if (this.hosts.size < PRUNE_THRESHOLD) return;
    const now = this.now();
    for (const [key, state] of this.hosts) {
      if (state.pending === 0 && now - state.lastEnd >= this.minGapMs) this.hosts.delete(key);
    }
  }
}
