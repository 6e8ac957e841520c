/**
 * Whether this machine reaches the web, asked of a few of the catalogue's hosts at once (issue 44,
 * `SOURCES=auto`). Any HTTP answer counts, even a 403 or 405: the host was reached. Every probe is
 * aborted at the deadline, so a start without a network waits at most that long (the issue allows 3 s).
 * @module
 */

/** The probes' deadline: under the issue's 3 s, with room for the rest of the start. */
export const PROBE_TIMEOUT_MS = 2500;

/** How many hosts are asked. */
export const PROBE_HOSTS = 5;

/** Options of {@link probeHosts}. */
export interface ProbeOptions {
  /** The fetch to use (tests pass one that answers from loopback). */
  fetch?: typeof fetch;
  /** Deadline in ms (default {@link PROBE_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** The outcome: how many answered, of how many asked, and which answered first. */
export interface ProbeResult {
  /** Hosts that answered. */
  reached: number;
  /** Hosts asked. */
  asked: number;
  /** The first host that answered, if any. */
  first: string | null;
  /** How long the probes took. */
  ms: number;
}

/**
 * Picks up to {@link PROBE_HOSTS} distinct origins from the catalogue's URLs, spread over its list (the
 * catalogue is grouped by league, so the first few would all be one network of blogs).
 * @example
 * probeOrigins(['https://a.example/feed', 'https://b.example/rss']); // ['https://a.example', 'https://b.example']
 */
export function probeOrigins(urls: readonly string[], count = PROBE_HOSTS): string[] {
  const origins = [...new Set(urls.flatMap((u) => (/^https?:\/\//i.test(u) ? [new URL(u).origin] : [])))];
  if (origins.length <= count) return origins;
  const step = origins.length / count;
  return Array.from({ length: count }, (_, i) => origins[Math.floor(i * step)]!);
}

/**
 * Asks every origin at once with a HEAD request and resolves when one answers or the deadline passes.
 * Never throws.
 * @example
 * const { reached } = await probeHosts(['https://www.espn.com']);
 */
export async function probeHosts(
  origins: readonly string[],
  options: ProbeOptions = {},
): Promise<ProbeResult> {
  const started = performance.now();
  const doFetch = options.fetch ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? PROBE_TIMEOUT_MS);
  let reached = 0;
  let first: string | null = null;
  try {
    await new Promise<void>((resolve) => {
      let pending = origins.length;
      if (pending === 0) resolve();
      controller.signal.addEventListener('abort', () => resolve(), { once: true });
      for (const origin of origins) {
        doFetch(`${origin}/`, { method: 'HEAD', redirect: 'manual', signal: controller.signal })
          .then((response) => {
            response.body?.cancel().catch(() => undefined);
            reached++;
            first ??= origin;
            // One answer is enough to know the web is there.
            resolve();
          })
          .catch(() => undefined)
          .finally(() => {
            pending--;
            if (pending === 0) resolve();
          });
      }
    });
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { reached, asked: origins.length, first, ms: Math.round(performance.now() - started) };
}
