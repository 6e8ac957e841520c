// The most 2 web processes can serve against 1 when they share 2 cores with the load and PostgreSQL
// (bench:cluster's closed-loop rounds on a 2-core machine): the ratio the measured one is read against.

/** The closed-loop medians of one process count that the ceiling needs. */
export interface Saturated {
  /** Answers per second. */
  rps: number;
  /** Cores the load (wrk) used. */
  loadCores: number;
  /** CPU ms per request of the web processes. */
  serverCpuMs: number;
  /** CPU ms per request of PostgreSQL, or null when it runs elsewhere. */
  postgresCpuMs: number | null;
}

/**
 * What 2 processes could serve on 2 cores at 1 process's CPU per request: the cores left to them (2, less
 * what the load and PostgreSQL took in the 2-process runs) over the cores 1 process kept busy, at most 2.
 * @example
 * saturationCeiling(one, two).ceiling; // 1.75: 2 processes can serve at most 1.75× here
 */
export function saturationCeiling(
  one: Saturated,
  two: Saturated,
): { ceiling: number; left: number; oneBusy: number } {
  const oneBusy = (one.serverCpuMs * one.rps) / 1000;
  const left = 2 - two.loadCores - ((two.postgresCpuMs ?? 0) * two.rps) / 1000;
  return { ceiling: Math.min(2, left / oneBusy), left, oneBusy };
}
