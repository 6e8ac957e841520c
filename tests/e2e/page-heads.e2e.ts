// The head the server writes into a page's first HTML (for crawlers and link previews, issue 46) and the
// title the site sets once it has rendered say the same thing: the server copies the site's titles, so
// this is where a title changed on one side only shows up.
import { describe, expect, inject, it } from 'vitest';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

/** The `<title>` of the HTML the server sends, entities decoded as a browser would. */
async function serverTitle(path: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return raw
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** A recent article's page and an episode's, from the API. */
async function contentPaths(): Promise<string[]> {
  const articles = (await (
    await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/articles?perPage=1`)
  ).json()) as {
    articles: { id: number }[];
  };
  const episodes = (await (
    await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/podcast_episodes?perPage=1`)
  ).json()) as { podcastEpisodes: { id: number; podcast: { id: number } }[] };
  const article = articles.articles[0];
  const episode = episodes.podcastEpisodes[0];
  if (!article || !episode) throw new Error('the demo team has no article or episode');
  return [`/articles/${article.id}`, `/podcasts/${episode.podcast.id}`];
}

describe('server-rendered heads', () => {
  it('give each public page the title the site itself shows once it has rendered', async () => {
    const paths = [
      '/',
      '/sports/nfl',
      '/sports/nfl/news',
      '/nfl/green-bay-packers',
      '/nfl/green-bay-packers/news',
      '/nfl/green-bay-packers/podcasts',
      ...(await contentPaths()),
    ];
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const mismatches: string[] = [];
    for (const path of paths) {
      const fromServer = await serverTitle(path);
      expect(fromServer, path).not.toBe('');
      expect(fromServer, path).not.toMatch(/not found/i);
      await page.goto(path);
      // The site sets its title once the page's data has come; wait for it to settle on the server's.
      const fromSite = await page
        .waitForFunction((expected) => document.title === expected, fromServer, { timeout: 10_000 })
        .then(() => fromServer)
        .catch(() => page.title());
      if (fromSite !== fromServer) mismatches.push(`${path}: server "${fromServer}", site "${fromSite}"`);
    }
    expect(mismatches).toEqual([]);
    await context.close();
  });
});
