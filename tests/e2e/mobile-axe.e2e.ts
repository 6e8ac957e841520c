// The pages a visitor on a phone reaches first pass axe-core (every rule, every impact) at 390×844
// (issue 46: colour contrast, tap targets and link names measured on mobile): home, a team page, an
// article, a podcast, search and join.
import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const TEAM = 'green-bay-packers';
const PHONE = { width: 390, height: 844 };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** An article of the demo team. */
async function articlePath(): Promise<string> {
  const body = await api<{ articles: { id: number }[] }>(`teams/${TEAM}/articles?page=1`);
  const first = body.articles[0];
  if (!first) throw new Error('the demo team has no article');
  return `/articles/${first.id}`;
}

/** The page of the podcast of the team's latest episode. */
async function podcastPath(): Promise<string> {
  const body = await api<{ podcastEpisodes: { podcast: { id: number } }[] }>(
    `teams/${TEAM}/podcast_episodes?perPage=1`,
  );
  const first = body.podcastEpisodes[0];
  if (!first) throw new Error('the demo team has no podcast episode');
  return `/podcasts/${first.podcast.id}`;
}

/** The pages and what shows that each has loaded its content. */
const PAGES: {
  name: string;
  path: string | (() => Promise<string>);
  ready: (page: Page) => Promise<unknown>;
}[] = [
  { name: 'home', path: '/', ready: (page) => page.getByTestId('article-card').first().waitFor() },
  {
    name: 'a team page',
    path: `/nfl/${TEAM}`,
    ready: (page) => page.getByTestId('article-card').first().waitFor(),
  },
  {
    name: 'an article',
    path: articlePath,
    ready: (page) => page.getByRole('region', { name: /Comments?$/ }).waitFor(),
  },
  {
    name: 'a podcast',
    path: podcastPath,
    ready: (page) => page.getByTestId('episode-item').first().waitFor(),
  },
  {
    name: 'search',
    path: '/search?q=packers',
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  { name: 'join', path: '/join', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
];

describe('accessibility at a phone’s width (axe-core, all impacts)', () => {
  for (const { name, path, ready } of PAGES) {
    it(`finds no violation on ${name} at 390×844`, async () => {
      const url = typeof path === 'string' ? path : await path();
      const context = await newContext(browser(), baseUrl, PHONE);
      const page = await context.newPage();
      try {
        await page.goto(url);
        await ready(page);
        await expectAccessible(page, `${name} (${url}) at 390×844`);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});
