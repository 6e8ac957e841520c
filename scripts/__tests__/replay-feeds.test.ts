import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerFeed,
  loopbackAddress,
  planReplayFeeds,
  type RealFeedFile,
  type ReplayWeb,
  readRealFeeds,
  startReplayWeb,
  withFreshItem,
  withoutHubLinks,
} from '../bench/replay-feeds.js';

// The catalogue replay's loopback web: the feeds a round of fetches meets must behave like the web's
// (one host per real host, half the feeds answering 304, the other half changing on every fetch), be
// built from the real-world files, and never send the server to a hub on the internet.
const file = (
  name: string,
  kind: RealFeedFile['kind'],
  body = '<rss><channel></channel></rss>',
): RealFeedFile => ({
  file: name,
  kind,
  body,
});

describe('planReplayFeeds', () => {
  const entries = [
    { url: 'https://www.reddit.com/r/GreenBayPackers/.rss', kind: 'news' as const },
    { url: 'https://www.reddit.com/r/bostonceltics/.rss', kind: 'news' as const },
    { url: 'https://feeds.megaphone.fm/pod?x=1', kind: 'podcast' as const },
    { url: 'https://bsky.app/profile/nba.com/rss', kind: 'social' as const },
    { url: 'https://www.espn.com/nfl/rss', kind: 'news' as const },
  ];
  const files = [file('a.rss', 'news'), file('b.atom', 'news'), file('p.rss', 'podcast')];

  it('gives each real host its own loopback address and keeps the path and query', () => {
    const feeds = planReplayFeeds(entries, files, 'catalogue');
    expect(feeds.map((f) => f.address)).toEqual([
      '127.0.1.1',
      '127.0.1.1',
      '127.0.1.2',
      '127.0.1.3',
      '127.0.1.4',
    ]);
    expect(feeds[2]?.path).toBe('/pod?x=1');
  });

  it('deals the feeds over a fixed number of hosts when asked', () => {
    expect(planReplayFeeds(entries, files, 2).map((f) => f.address)).toEqual([
      '127.0.1.1',
      '127.0.1.2',
      '127.0.1.1',
      '127.0.1.2',
      '127.0.1.1',
    ]);
  });

  it("serves files of the entry's kind in turn (news for a kind without files) and changes every other feed", () => {
    const feeds = planReplayFeeds(entries, files, 'catalogue');
    expect(feeds.map((f) => f.file.file)).toEqual(['a.rss', 'b.atom', 'p.rss', 'a.rss', 'a.rss']);
    expect(feeds.map((f) => f.changing)).toEqual([false, true, false, true, false]);
  });
});

describe('loopbackAddress', () => {
  it("never hands out the server's 127.0.0.1 nor .0 and .255", () => {
    expect(loopbackAddress(0)).toBe('127.0.1.1');
    expect(loopbackAddress(249)).toBe('127.0.1.250');
    expect(loopbackAddress(250)).toBe('127.0.2.1');
    expect(() => loopbackAddress(-1)).toThrow(RangeError);
  });
});

describe('withoutHubLinks', () => {
  it('takes out WebSub hub links of any prefix and keeps the others', () => {
    const xml =
      '<feed><link rel="self" href="s"/><atom10:link xmlns:atom10="http://www.w3.org/2005/Atom" rel="hub" href="http://pubsubhubbub.appspot.com/" /><link href="h" rel=\'hub\'></link><entry/></feed>';
    expect(withoutHubLinks(xml)).toBe('<feed><link rel="self" href="s"/><entry/></feed>');
  });
});

describe('withFreshItem', () => {
  const item = { title: 'Packers & Bears', link: 'http://h/x', date: new Date('2026-01-02T03:04:05Z') };

  it("puts an RSS item before the first one, not before RDF's <items>", () => {
    const rdf =
      '<rdf:RDF><channel><items><rdf:Seq/></items></channel><item rdf:about="a"><title>old</title></item></rdf:RDF>';
    const out = withFreshItem(rdf, item);
    expect(out.indexOf('<item><title>Packers &amp; Bears</title>')).toBeLessThan(
      out.indexOf('<item rdf:about'),
    );
    expect(out.indexOf('<items>')).toBeLessThan(out.indexOf('<item><title>Packers'));
  });

  it('puts an Atom entry first, and into an empty channel before its end', () => {
    expect(withFreshItem('<feed><entry><id>1</id></entry></feed>', item)).toMatch(
      /^<feed><entry><title>Packers &amp; Bears<\/title><link href="http:\/\/h\/x"\/><id>http:\/\/h\/x<\/id><updated>2026-01-02T03:04:05.000Z<\/updated>/,
    );
    expect(withFreshItem('<rss><channel><title>t</title></channel></rss>', item)).toMatch(
      /<item>.*<\/item><\/channel><\/rss>$/,
    );
  });
});

describe('answerFeed', () => {
  const [constant, changing] = planReplayFeeds(
    [
      { url: 'https://a.test/feed', kind: 'news' },
      { url: 'https://a.test/other', kind: 'news' },
    ],
    [file('a.rss', 'news', '<rss><channel><item><title>old</title></item></channel></rss>')],
    'catalogue',
  );

  it("answers 304 to the constant feed's own ETag, and the body otherwise", () => {
    const first = answerFeed(constant!, 0, undefined, new Date());
    expect(first.status).toBe(200);
    expect(answerFeed(constant!, 1, first.etag, new Date())).toEqual({ status: 304, etag: first.etag });
    expect(answerFeed(constant!, 2, '"stale"', new Date()).status).toBe(200);
  });

  it('gives the changing feed a new item and a new ETag on every fetch, whatever is sent back', () => {
    const first = answerFeed(changing!, 0, undefined, new Date());
    const second = answerFeed(changing!, 1, first.etag, new Date());
    expect(second.status).toBe(200);
    expect(second.etag).not.toBe(first.etag);
    if (second.status !== 200) throw new Error('unreachable');
    expect(second.body).toContain('Replay item 2 of feed 1');
    expect(second.body).toContain('<title>old</title>');
  });
});

describe('the real-world files and the loopback web', () => {
  let web: ReplayWeb | undefined;
  afterAll(async () => {
    await web?.close();
  });

  it('has files of every kind, and serves them from their hosts with 304s and gzip', async () => {
    const files = readRealFeeds();
    expect(new Set(files.map((f) => f.kind))).toEqual(new Set(['news', 'video', 'podcast', 'social']));
    expect(files.every((f) => /<(rss|feed|rdf:RDF)[\s>]/.test(f.body))).toBe(true);
    const feeds = planReplayFeeds(
      [
        { url: 'https://one.test/a.xml', kind: 'video' },
        { url: 'https://two.test/b.xml', kind: 'news' },
      ],
      files,
      'catalogue',
    );
    web = await startReplayWeb(feeds);
    const [videoUrl, newsUrl] = web.urls as [string, string];
    expect(new URL(videoUrl).hostname).toBe('127.0.1.1');
    expect(new URL(newsUrl).hostname).toBe('127.0.1.2');
    const first = await fetch(videoUrl);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('yt:channel');
    const again = await fetch(videoUrl, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    // A client that asks for gzip gets it (Node's fetch would undo it silently, so ask plainly).
    const { request } = await import('node:http');
    const gz = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      request(newsUrl, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString('latin1')).toContain('Replay item 1 of feed 1');
    expect((await fetch(`${new URL(newsUrl).origin}/nothing`)).status).toBe(404);
    expect(web.fetches).toEqual([2, 1]);
    expect(web.statuses.get(304)).toBe(1);
  });
});
