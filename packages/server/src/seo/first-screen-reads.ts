/**
 * The API reads the site's first screen of a page makes on a cold load (issue 46), which the page's
 * HTML preloads (`page-preloads.ts`) so they start with the HTML instead of after the entry script, the
 * route table's chunk and the page's chunk have loaded and rendered. Each URL is written exactly as the
 * site's core client requests it (its resource functions in `packages/core/src/content`: same path,
 * same query in the same order): a preload whose URL differs is not used, and the browser fetches twice
 * and warns. The browser test `first-screen.e2e.ts` fails on such a warning and on a preloaded URL
 * requested twice. Pages not listed preload no data (the reference data and the session are in every
 * page's index.html). Only the first screen: what renders below it, or after a click, is not preloaded.
 * @module
 */

const enc = encodeURIComponent;

/** A path of the API from a registry url of the contract and its parameters (as core's `apiPath`). */
function api(url: string, params: Record<string, string | number> = {}, query?: URLSearchParams): string {
  const path = url.replace(/:([A-Za-z]+)/g, (_m, name: string) => enc(String(params[name] ?? '')));
  const search = query?.toString();
  return search ? `${path}?${search}` : path;
}

/** The search page's sorts and time filters, the first being the default (the site's `useSearchUrl`). */
const SEARCH_SORTS = ['newest', 'relevance'] as const;
const SEARCH_FILTERS = ['anytime', 'day', 'week', 'month'] as const;

/** `value` when it is one of `allowed`, else the first of them. */
function oneOf(value: string | null, allowed: readonly [string, ...string[]]): string {
  return value !== null && allowed.includes(value) ? value : allowed[0];
}

/** A positive id from a path segment, or null (the page then reads nothing the server can name). */
function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The first screen's reads of the page at `route` (an entry of the contract's `SITE_PATHS`) with the
 * path's `params` and the page's `query`, for a page the site renders at that very path (no redirect).
 *
 * @example
 * ```ts
 * firstScreenReads('/:sportId/:teamId', { sportId: 'nfl', teamId: 'green-bay-packers' }, new URLSearchParams());
 * // ['/api/v1/teams/green-bay-packers/feeds', …]
 * ```
 */
export function firstScreenReads(
  route: string,
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
): string[] {
  const teamId = params.teamId?.toLowerCase() ?? '';
  switch (route) {
    case '/':
      // Today's Top Stories (the sport blocks below it load as they near the screen).
      return [api('/api/v1/top_stories')];
    case '/:sportId/:teamId':
      // The popular tab: the feed, the summary pills, the heading's RSS link (page 1 of the news) and
      // the games box beside them.
      return [
        api('/api/v1/teams/:teamId/feeds', { teamId }),
        api('/api/v1/teams/:teamId/summary_sections', { teamId }),
        api('/api/v1/teams/:teamId/articles', { teamId }, new URLSearchParams({ page: '1' })),
        api('/api/v1/teams/:teamId/games', { teamId }),
      ];
    case '/articles/:id': {
      const id = idOf(params.id);
      return id === null ? [] : [api('/api/v1/articles/:id', { id })];
    }
    case '/podcasts/:id': {
      const id = idOf(params.id);
      return id === null
        ? []
        : [
            api('/api/v1/podcasts/:id', { id }),
            api(
              '/api/v1/podcasts/:podcastId/episodes',
              { podcastId: id },
              new URLSearchParams({ page: '1' }),
            ),
          ];
    }
    case '/search': {
      // As the site's useSearchUrl reads the URL: the trimmed query, an unknown sort or filter falling
      // back to newest and anytime.
      const q = query.get('q')?.trim() ?? '';
      if (!q) return [];
      const sort = oneOf(query.get('sort'), SEARCH_SORTS);
      const filter = oneOf(query.get('filter'), SEARCH_FILTERS);
      return [api('/api/v1/search/results', {}, new URLSearchParams({ q, sort, filter }))];
    }
    default:
      return [];
  }
}
