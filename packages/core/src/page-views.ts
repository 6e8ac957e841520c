/**
 * Page-view tracking (spec 1 §7, `POST api/v1/user/views`): one call per page shown, with the
 * device hash, the platform flag, the referrer, whether it is the first view of this page load,
 * the experiment variant and whether the page is hidden. Skipped when the page URL carries the
 * `out` flag. Tracking never disturbs the visitor: failures are swallowed and a 404 or 429 does
 * not navigate.
 * @module
 */
import type { UserViewBody } from '@sportspyder/contract';
import { OUT_FLAG } from './constants.js';
import { platformFlag, urlFlag } from './environment.js';
import type { Transport } from './transport.js';

/** The API path of page views. */
export const USER_VIEWS_PATH = 'api/v1/user/views';

/** One page view to record. */
export interface TrackViewInput {
  /** The path shown, e.g. `/nfl/green-bay-packers/news`. */
  path: string;
  /** The previous page (document.referrer on the first view, the previous path after). */
  referrer?: string | undefined;
  /** The video-flag dimension of the view, when the page knows it. */
  vf?: number | null | undefined;
  /** The ads dimension of the view, when the page knows it. */
  va?: number | null | undefined;
}

/** What page-view tracking needs. */
export interface PageViewOptions {
  /** The transport. */
  api: Transport;
  /** The device hash. */
  deviceHash: string;
  /** The page URL (reads the `out` flag). */
  location: () => string;
  /** The viewport width (mobile flag `p`). */
  viewportWidth: () => number;
  /** True while the page is hidden (flag `no`). */
  documentHidden: () => boolean;
  /** The experiment variant of this page load, or null. */
  variant: () => number | null;
}

/** Records a page view; resolves true when the server recorded it, false when skipped or failed. */
export type TrackView = (input: TrackViewInput) => Promise<boolean>;

/**
 * Creates the page-view tracker (`createClient` exposes it as `client.trackView`).
 *
 * @example
 * ```ts
 * const trackView = createPageViewTracker({ api, deviceHash, location: () => location.pathname, viewportWidth, documentHidden, variant });
 * await trackView({ path: '/nfl', referrer: document.referrer });
 * ```
 */
export function createPageViewTracker(options: PageViewOptions): TrackView {
  let first = true;
  return async (input) => {
    if (urlFlag(options.location(), OUT_FLAG) !== null) return false;
    const body: UserViewBody = {
      path: input.path,
      hash: options.deviceHash,
      p: platformFlag(options.viewportWidth()),
      first,
      v: options.variant(),
      no: options.documentHidden(),
      vf: input.vf ?? null,
      va: input.va ?? null,
    };
    if (input.referrer) body.referrer = input.referrer;
    first = false;
    try {
      await options.api.post(USER_VIEWS_PATH, body, { handleNotFound: false, handleRateLimit: false });
      return true;
    } catch {
      return false;
    }
  };
}
