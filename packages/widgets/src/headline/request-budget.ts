/**
 * The per-page request budget of the headline embeds: at most 4 API requests in any 60 s window, shared by
 * every embed on the page, so a page with many widgets (or a reload loop) cannot hammer the API.
 * @module
 */

/** A sliding-window request budget. */
export interface RequestBudget {
  /** Takes one request from the budget; false when the window is full (the caller shows its fallback). */
  take(): boolean;
}

/** Requests per window allowed for all headline embeds of a page. */
export const HEADLINE_REQUESTS_PER_MINUTE = 4;

/**
 * Creates a budget of `max` requests per `windowMs`, measured with `now` (injectable for tests).
 *
 * @example
 * ```ts
 * const budget = createRequestBudget();
 * if (!budget.take()) showFallback();
 * ```
 */
export function createRequestBudget(
  max = HEADLINE_REQUESTS_PER_MINUTE,
  windowMs = 60_000,
  now: () => number = Date.now,
): RequestBudget {
  const times: number[] = [];
  return {
    take() {
      const t = now();
      while (times.length > 0 && t - times[0]! >= windowMs) times.shift();
      if (times.length >= max) return false;
      times.push(t);
      return true;
    },
  };
}
