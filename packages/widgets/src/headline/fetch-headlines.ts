/**
 * Loads a team's latest headlines for the embed: `GET <origin>/api/v1/teams/<team>/articles?perPage=<limit>`
 * (contract op `listTeamArticles`) without credentials on a publisher page (same-origin ones only), so it works anywhere. Every failure
 * mode a reader could wait on (API down, 429, empty budget, no answer within 3 s) ends in `unavailable`,
 * and a 404 in `not-found`. Embeds of the same team and limit share one request for a minute.
 * @module
 */
import type { Article, ArticleList, TeamRef } from '@sportspyder/contract';
import { articlePicture } from '@sportspyder/core';
import type { RequestBudget } from './request-budget.js';

/** Time after which a pending request gives up and the embed shows its fallback. */
export const HEADLINE_TIMEOUT_MS = 3000;

/** How long an answer is reused by other embeds of the same team and limit. */
const SHARE_MS = 60_000;

/** One headline as the list renders it. */
export interface Headline {
  /** Article id (list key). */
  readonly id: number;
  /** Article title. */
  readonly title: string;
  /** The article on the publisher site. */
  readonly url: string;
  /** Source name, e.g. the publication's domain label. */
  readonly source: string;
  /** Publication time (ISO date-time). */
  readonly postedAt: string;
  /** Thumbnail URL, when the article has a picture. */
  readonly image: string | undefined;
  /** The signed-in member's spoiler shield hides it (issue 49; the server's `article.spoiler`). */
  readonly spoiler?: boolean | undefined;
}

/** The outcome of loading a team's headlines. */
export type HeadlineResult =
  | { readonly status: 'ok'; readonly headlines: readonly Headline[]; readonly teamName: string | undefined }
  | { readonly status: 'not-found' }
  | { readonly status: 'unavailable' };

/** Loads headlines; shared by all embeds of a page. */
export type HeadlineLoader = (origin: string, team: string, limit: number) => Promise<HeadlineResult>;

/** Makes a site-relative URL (the product serves logos and demo images from its own origin) absolute. */
function absoluteTo(origin: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

function toHeadline(article: Article, origin: string): Headline {
  return {
    id: article.id,
    title: article.title,
    url: article.finalUrl,
    source: article.domain?.label || article.domain?.name || '',
    postedAt: article.postedDate || article.spyderDate,
    // A logo is not a picture (core's one rule); on a publisher page a relative URL would point at
    // the publisher's own site.
    image: absoluteTo(origin, articlePicture(article)),
    spoiler: article.spoiler,
  };
}

function teamNameOf(articles: readonly Article[], team: string): string | undefined {
  for (const article of articles) {
    const ref: TeamRef | undefined = article.teams?.find((t) => t.slug === team);
    if (ref) return ref.fullName || ref.name;
  }
  return undefined;
}

/**
 * Creates the page's headline loader drawing on `budget`.
 *
 * @example
 * ```ts
 * const load = createHeadlineLoader(createRequestBudget());
 * const result = await load('https://sportspyder.com', 'green-bay-packers', 6);
 * ```
 */
export function createHeadlineLoader(
  budget: RequestBudget,
  fetchImpl: () => typeof fetch = () => fetch,
): HeadlineLoader {
  const shared = new Map<string, { at: number; result: Promise<HeadlineResult> }>();

  async function request(url: string, origin: string, team: string): Promise<HeadlineResult> {
    if (!budget.take()) return { status: 'unavailable' };
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The timer wins even against a fetch that ignores the abort signal.
    const timeout = new Promise<HeadlineResult>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ status: 'unavailable' });
      }, HEADLINE_TIMEOUT_MS);
    });
    const answer = (async (): Promise<HeadlineResult> => {
      try {
        const response = await fetchImpl()(url, {
          // The member's cookie goes only to the product's own origin (its pages' previews), where the
          // server marks headlines the member's spoiler shield hides; a publisher page sends none.
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
          signal: controller.signal,
        });
        if (response.status === 404) return { status: 'not-found' };
        if (!response.ok) return { status: 'unavailable' };
        const body = (await response.json()) as ArticleList;
        const articles = Array.isArray(body.articles) ? body.articles : [];
        return {
          status: 'ok',
          headlines: articles.map((article) => toHeadline(article, origin)),
          teamName: teamNameOf(articles, team),
        };
      } catch {
        return { status: 'unavailable' };
      }
    })();
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return (origin, team, limit) => {
    const url = `${origin}/api/v1/teams/${encodeURIComponent(team)}/articles?perPage=${limit}`;
    const now = Date.now();
    const hit = shared.get(url);
    if (hit && now - hit.at < SHARE_MS) return hit.result;
    const result = request(url, origin, team);
    shared.set(url, { at: now, result });
    // Failures are not shared: a later embed (or init()) may try again while the budget allows.
    void result.then((r) => {
      if (r.status === 'unavailable' && shared.get(url)?.result === result) shared.delete(url);
    });
    return result;
  };
}
