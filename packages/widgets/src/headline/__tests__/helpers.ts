// Shared test fixtures of the headline embed: an msw server for the SportSpyder API origin, contract-shaped
// articles, and script tags inserted the way a publisher page has them.
import type { Article, ArticleList } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const ORIGIN = 'https://sportspyder.test';
export const SCRIPT_SRC = `${ORIGIN}/widgets/headline.js`;

export const server = setupServer();

export function makeArticle(id: number, overrides: Partial<Article> = {}): Article {
  return {
    id,
    title: `Headline ${id}`,
    summary: null,
    finalUrl: `https://news.example/story-${id}`,
    author: null,
    spyderDate: '2026-11-22T01:00:00Z',
    postedDate: '2026-11-22T01:00:00Z',
    articleImage: id % 2 ? { url: `https://img.example/${id}.jpg`, homeUrl: null } : null,
    domain: {
      id: 1,
      name: 'news.example',
      favicon: null,
      description: null,
      isYoutube: false,
      label: 'News Example',
    },
    egg: null,
    players: [],
    teams: [
      {
        id: 9,
        slug: 'green-bay-packers',
        sportSlug: 'nfl',
        name: 'Packers',
        fullName: 'Green Bay Packers',
        shortName: 'GB',
        logo: '/logos/teams/green-bay-packers.svg',
      },
    ],
    hot: false,
    promoted: false,
    paywall: false,
    isYoutube: false,
    subarticles: [],
    ...overrides,
  };
}

export function articleList(count: number): ArticleList {
  return {
    articles: Array.from({ length: count }, (_, i) => makeArticle(i + 1)),
    meta: { pagination: { page: 1, perPage: count, totalPages: 1, totalCount: count } },
  };
}

/** Answers the team articles call with `perPage` articles (at most `available`), counting the calls. */
export function articlesHandler(available = 20) {
  const calls: URL[] = [];
  const handler = http.get(`${ORIGIN}/api/v1/teams/:team/articles`, ({ request, params }) => {
    const url = new URL(request.url);
    calls.push(url);
    if (params.team === 'nobody') {
      return HttpResponse.json({ errors: [{ title: 'Not found', code: 'not_found' }] }, { status: 404 });
    }
    const perPage = Number(url.searchParams.get('perPage') ?? 13);
    return HttpResponse.json(articleList(Math.min(perPage, available)));
  });
  return { handler, calls };
}

/** Inserts headline script tags (innerHTML-inserted scripts never run, like parsed-then-inert copies). */
export function addScripts(...attrs: string[]): HTMLScriptElement[] {
  const holder = document.createElement('div');
  holder.innerHTML = attrs.map((a) => `<script src="${SCRIPT_SRC}" ${a}></script>`).join('');
  const scripts = Array.from(holder.querySelectorAll('script'));
  document.body.append(...Array.from(holder.childNodes));
  return scripts;
}

/** The shadow root of the host element mounted for `script`. */
export function shadowOf(host: Element | null | undefined): ShadowRoot {
  const root = host?.shadowRoot;
  if (!root) throw new Error('no shadow root');
  return root;
}

/** Waits until `check` stops throwing (microtask and macrotask turns, real timers). */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}
