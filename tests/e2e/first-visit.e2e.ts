// What a new visitor meets first, in a real browser against the built server and its demo data: the
// pages (home, a sport's popular and news pages, a team's popular, news and podcasts pages, a podcast,
// login) pass axe-core (every rule, every impact: colour contrast and links set apart from the text
// around them among them) at desktop and mobile widths, article cards of items without a picture
// read as compact text cards rather than thumbnail-sized logos, and a sport's slug typed alone leads
// to the sport's page.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeFindings } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const TEAM = '/nfl/green-bay-packers';
const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function openPage(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser(), baseUrl, viewport);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The page of the podcast of the team's latest episode. */
async function podcastPath(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/podcast_episodes?perPage=1`);
  const body = (await res.json()) as { podcastEpisodes: { podcast: { id: number } }[] };
  const first = body.podcastEpisodes[0];
  if (!first) throw new Error('the demo team has no podcast episode');
  return `/podcasts/${first.podcast.id}`;
}

/** The pages and what shows that each has loaded its content. */
const PAGES: { path: string | (() => Promise<string>); ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/', ready: (page) => page.getByTestId('article-card').first().waitFor() },
  { path: '/sports/nfl', ready: (page) => page.getByTestId('article-card').first().waitFor() },
  { path: '/sports/nfl/news', ready: (page) => page.getByTestId('article-card').first().waitFor() },
  { path: TEAM, ready: (page) => page.getByTestId('article-card').first().waitFor() },
  { path: `${TEAM}/news`, ready: (page) => page.getByTestId('article-card').first().waitFor() },
  { path: `${TEAM}/podcasts`, ready: (page) => page.getByTestId('episode-item').first().waitFor() },
  { path: podcastPath, ready: (page) => page.getByTestId('episode-item').first().waitFor() },
  { path: '/login', ready: (page) => page.getByRole('link', { name: 'Join now' }).waitFor() },
];

describe('accessibility (axe-core, all impacts)', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`finds no violation on home, sport and team feeds, podcasts and login (${size})`, async () => {
      const findings: Record<string, unknown> = {};
      for (const { path, ready } of PAGES) {
        const url = typeof path === 'string' ? path : await path();
        const page = await openPage(url, viewport);
        await ready(page);
        const found = await axeFindings(page);
        if (found.length > 0) findings[url] = found;
        await page.context().close();
      }
      expect(findings).toEqual({});
    }, 120_000);
  }
});

describe('article cards without a picture', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`show a small team mark beside the headline, not a thumbnail-sized logo (${size})`, async () => {
      // The demo's items carry their team's logo as their only image: none of them has a picture.
      for (const path of ['/', `${TEAM}/news`]) {
        const page = await openPage(path, viewport);
        const cards = page.getByTestId('article-card');
        await cards.first().waitFor();
        expect(await page.locator('.ss-article__image').count()).toBe(0);
        const marks = page.locator('.ss-article--text .ss-article__mark');
        expect(await marks.count()).toBeGreaterThan(0);
        const box = await marks.first().boundingBox();
        expect(box?.width).toBeLessThanOrEqual(40);
        expect(box?.height).toBeLessThanOrEqual(40);
        await page.context().close();
      }
    });
  }
});

describe('a sport slug typed alone', () => {
  it("goes to the sport's page, keeping the query", async () => {
    const page = await openPage('/nba?from=typed', VIEWPORTS.desktop);
    await page.waitForURL((url) => url.pathname === '/sports/nba' && url.search === '?from=typed');
    await page.getByRole('navigation', { name: 'NBA sections' }).waitFor();
    await page.context().close();
  });

  it('still shows the 404 page for a segment that is no sport', async () => {
    const page = await openPage('/curling', VIEWPORTS.desktop);
    await page.getByText("Whoops. The page you're looking for doesn't exist.").waitFor();
    expect(new URL(page.url()).pathname).toBe('/curling');
    await page.context().close();
  });
});
