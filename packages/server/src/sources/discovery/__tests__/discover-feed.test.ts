// Feed discovery against sites mocked at the network level (msw): a feed URL, a page that links
// its feed, a page with no link but a feed at /feed, YouTube channels, a page with nothing.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../ingest/feeds/__tests__/fixtures.js';
import { discoverFeed } from '../discover-feed.js';

const RSS = fixture('rss2.xml');
const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Club blog</title><id>urn:club</id>
<updated>2026-11-20T10:00:00Z</updated>
<entry><title>Win</title><id>urn:1</id><link href="https://club.example/1"/><updated>2026-11-20T10:00:00Z</updated></entry>
</feed>`;
const JSON_FEED = JSON.stringify({
  version: 'https://jsonfeed.org/version/1.1',
  title: 'Club JSON',
  items: [
    { id: '1', url: 'https://cdn.club.example/1', title: 'Hello', date_published: '2026-11-20T10:00:00Z' },
  ],
});
const CHANNEL = 'UCWJ2lWNubArHWmf3FIHbfcQ';
const YOUTUBE_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
<title>NBA</title><id>yt:channel:${CHANNEL}</id><updated>2026-11-20T10:00:00Z</updated>
<entry><id>yt:video:abc</id><title>Highlights</title><link rel="alternate" href="https://www.youtube.com/watch?v=abc"/>
<published>2026-11-20T10:00:00Z</published><updated>2026-11-20T10:00:00Z</updated></entry></feed>`;

const page = (head: string, body = '<p>News</p>') =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Site</title>${head}</head><body>${body}</body></html>`;
const html = (text: string) =>
  new HttpResponse(text, { headers: { 'content-type': 'text/html; charset=utf-8' } });
const xml = (text: string, type = 'application/rss+xml') =>
  new HttpResponse(text, { headers: { 'content-type': type } });

/** Every request msw saw, as URLs, so tests can tell what discovery tried (and what it did not). */
const requested: string[] = [];

const server = setupServer(
  // 1. A feed URL.
  http.get('https://feeds.example/news.rss', () => xml(RSS)),
  // 2. A page with only <link rel="alternate">: a broken feed first, a WordPress REST link, then the Atom feed.
  http.get('https://club.example/', () =>
    html(
      page(`
        <link rel="alternate" type="application/rss+xml" title="Comments" href="/comments/feed">
        <link rel="alternate" type="application/json" href="https://club.example/wp-json/wp/v2/pages/2">
        <link type='application/atom+xml' href='/blog/atom.xml' title='Club blog' rel='alternate'>
        <!-- <link rel="alternate" type="application/rss+xml" href="/commented-out.xml"> -->`),
    ),
  ),
  http.get('https://club.example/comments/feed', () => new HttpResponse('gone', { status: 410 })),
  http.get('https://club.example/blog/atom.xml', () => xml(ATOM, 'application/atom+xml')),
  // 3. A page with no link, and a feed at /feed (after /feed, nothing else must be tried).
  http.get('https://plain.example/team/jets', () => html(page(''))),
  http.get('https://plain.example/feed', () => xml(RSS)),
  // 4. YouTube: a handle page carrying the channel id, and the channel feed.
  http.get('https://www.youtube.com/@nba', () =>
    html(
      page(
        `<meta itemprop="identifier" content="${CHANNEL}">`,
        `<script>var d={"externalId":"${CHANNEL}"}</script>`,
      ),
    ),
  ),
  http.get('https://www.youtube.com/feeds/videos.xml', ({ request }) =>
    new URL(request.url).searchParams.get('channel_id') === CHANNEL
      ? xml(YOUTUBE_FEED, 'application/atom+xml')
      : new HttpResponse('not found', { status: 404 }),
  ),
  // 5. A page with nothing.
  http.get('https://empty.example/', () => html(page(''))),
  // 6. Relative hrefs: <base href> on another host, entities in the URL, and a path relative to the page.
  http.get('https://club.example/teams/jets/', () =>
    html(
      page(`<base href="https://cdn.club.example/blog/">
        <link rel="alternate" type="application/feed+json" href="feed.json?team=jets&amp;lang=en" title="Jets &amp; friends">`),
    ),
  ),
  http.get('https://cdn.club.example/blog/feed.json', ({ request }) => {
    const params = new URL(request.url).searchParams;
    return params.get('team') === 'jets' && params.get('lang') === 'en'
      ? xml(JSON_FEED, 'application/feed+json')
      : new HttpResponse('bad query', { status: 400 });
  }),
  http.get('https://relative.example/news/today/', () =>
    html(page('<link rel="alternate" type="application/rss+xml" href="../rss.xml">')),
  ),
  http.get('https://relative.example/news/rss.xml', () => xml(RSS)),
  http.get('https://down.example/', () => new HttpResponse('oops', { status: 500 })),
  // Anything else is a 404, like the well-known paths of a site without a feed.
  http.get('*', () => new HttpResponse('not found', { status: 404 })),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    requested.push(request.url);
  });
});
afterEach(() => {
  requested.length = 0;
});
afterAll(() => server.close());

describe('discoverFeed', () => {
  it('takes a feed URL as it is, and hands back its body', async () => {
    const result = await discoverFeed('https://feeds.example/news.rss');
    expect(result).toMatchObject({
      kind: 'found',
      feedUrl: 'https://feeds.example/news.rss',
      discoveredBy: 'feed',
      finalUrl: 'https://feeds.example/news.rss',
      candidates: [{ url: 'https://feeds.example/news.rss', type: 'application/rss+xml' }],
    });
    if (result.kind === 'found') expect(result.body).toBe(RSS);
    expect(requested).toEqual(['https://feeds.example/news.rss']);
  });

  it('finds the feed a page links with <link rel="alternate">, listing every candidate', async () => {
    const result = await discoverFeed('https://club.example/');
    expect(result).toMatchObject({
      kind: 'found',
      feedUrl: 'https://club.example/blog/atom.xml',
      discoveredBy: 'link',
      candidates: [
        { url: 'https://club.example/comments/feed', title: 'Comments', type: 'application/rss+xml' },
        { url: 'https://club.example/blog/atom.xml', title: 'Club blog', type: 'application/atom+xml' },
      ],
    });
    if (result.kind === 'found') expect(result.body).toContain('<title>Club blog</title>');
    // The broken candidate was tried first; the REST link and the commented-out one never were.
    expect(requested).toEqual([
      'https://club.example/',
      'https://club.example/comments/feed',
      'https://club.example/blog/atom.xml',
    ]);
  });

  it('tries the usual paths when the page links no feed, stopping at the first feed', async () => {
    const result = await discoverFeed('https://plain.example/team/jets');
    expect(result).toMatchObject({
      kind: 'found',
      feedUrl: 'https://plain.example/feed',
      discoveredBy: 'path',
      candidates: [{ url: 'https://plain.example/feed', type: 'application/rss+xml' }],
    });
    expect(requested).toEqual(['https://plain.example/team/jets', 'https://plain.example/feed']);
  });

  it('finds the channel feed of a YouTube page that carries the channel id', async () => {
    const result = await discoverFeed('https://www.youtube.com/@nba');
    expect(result).toMatchObject({
      kind: 'found',
      feedUrl: `https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}`,
      discoveredBy: 'youtube',
      candidates: [{ title: 'NBA', type: 'application/atom+xml' }],
    });
    if (result.kind === 'found') expect(result.body).toContain('Highlights');
  });

  it('goes straight to the feed of a /channel/UC… URL without reading the channel page', async () => {
    const result = await discoverFeed(`https://www.youtube.com/channel/${CHANNEL}/videos`);
    expect(result).toMatchObject({
      kind: 'found',
      feedUrl: `https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}`,
      discoveredBy: 'youtube',
    });
    expect(requested).toEqual([`https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}`]);
  });

  it('says what it tried when a page has no feed anywhere', async () => {
    const result = await discoverFeed('https://empty.example/');
    expect(result.kind).toBe('not-found');
    if (result.kind !== 'not-found') return;
    expect(result.message).toContain('No feed found for https://empty.example/');
    expect(result.message).toContain('it links no feed (<link rel="alternate">)');
    expect(result.message).toContain(
      'none of /feed, /feed/, /rss, /rss.xml, /atom.xml, /index.xml, /feed.xml, /rss/index.xml, /feeds/posts/default on https://empty.example is a feed',
    );
    expect(requested).toEqual([
      'https://empty.example/',
      'https://empty.example/feed',
      'https://empty.example/feed/',
      'https://empty.example/rss',
      'https://empty.example/rss.xml',
      'https://empty.example/atom.xml',
      'https://empty.example/index.xml',
      'https://empty.example/feed.xml',
      'https://empty.example/rss/index.xml',
      'https://empty.example/feeds/posts/default',
    ]);
  });

  it('resolves relative hrefs against <base href> and the page URL, decoding entities', async () => {
    const based = await discoverFeed('https://club.example/teams/jets/');
    expect(based).toMatchObject({
      kind: 'found',
      discoveredBy: 'link',
      feedUrl: 'https://cdn.club.example/blog/feed.json?team=jets&lang=en',
      candidates: [
        {
          url: 'https://cdn.club.example/blog/feed.json?team=jets&lang=en',
          title: 'Jets & friends',
          type: 'application/feed+json',
        },
      ],
    });
    const relative = await discoverFeed('https://relative.example/news/today/');
    expect(relative).toMatchObject({
      kind: 'found',
      discoveredBy: 'link',
      feedUrl: 'https://relative.example/news/rss.xml',
    });
  });

  it('reports a page that cannot be fetched, and a URL that is not a web address, as errors', async () => {
    expect(await discoverFeed('https://down.example/')).toEqual({
      kind: 'error',
      code: 'http-500',
      message: 'HTTP 500 from https://down.example/',
    });
    expect(await discoverFeed('ftp://files.example/feed')).toMatchObject({
      kind: 'error',
      code: 'invalid-url',
    });
    expect(await discoverFeed('not a url')).toMatchObject({ kind: 'error', code: 'invalid-url' });
  });

  it('uses the fetch and User-Agent it is given for every request', async () => {
    const agents: string[] = [];
    const recording: typeof fetch = (input, init) => {
      agents.push(new Headers(init?.headers).get('user-agent') ?? '');
      return fetch(input, init);
    };
    const result = await discoverFeed('https://club.example/', {
      fetch: recording,
      userAgent: 'SportSpyder/9.9.9 (test)',
    });
    expect(result.kind).toBe('found');
    expect(agents).toEqual([
      'SportSpyder/9.9.9 (test)',
      'SportSpyder/9.9.9 (test)',
      'SportSpyder/9.9.9 (test)',
    ]);
  });
});
