import { describe, expect, it } from 'vitest';
import { type ParsedFeed, type ParseFeedResult, parseFeed } from '../parse-feed.js';
import { fixture, NOW } from './fixtures.js';

function parseOk(name: string, baseUrl = 'https://feeds.example/feed'): ParsedFeed {
  const result = parseFeed(fixture(name), { baseUrl, now: NOW });
  if (result.kind !== 'ok') throw new Error(`${name}: ${result.code} ${result.message}`);
  return result.feed;
}

/** Every output string of a parsed feed, to check that no markup from a feed survives anywhere. */
function expectNoMarkup(value: unknown) {
  const json = JSON.stringify(value);
  expect(json).not.toMatch(/<\s*script/i);
  expect(json).not.toMatch(/<\s*(img|b|p|i|em|strong|style|a)[\s>/]/i);
  expect(json).not.toMatch(/javascript:/i);
}

describe('parseFeed: RSS 2.0', () => {
  const feed = parseOk('rss2.xml');

  it('reads the channel as a news feed with an absolute logo', () => {
    expect(feed).toMatchObject({
      kind: 'news',
      format: 'rss',
      title: 'Harbor City & Bay Sports',
      link: 'https://news.harborcity.example/',
      image: 'https://news.harborcity.example/static/logo.png',
    });
  });

  it('turns titles and summaries into safe text', () => {
    expect(feed.items.map((i) => i.title)).toEqual([
      'Gulls sign veteran goalie to two-year deal',
      "Mariners' ace throws no-hitter",
      'Season preview from the future',
      'Bad date story',
    ]);
    expect(feed.items[0]?.summary).toBe('The Gulls added depth in net.');
    expect(feed.items[1]?.summary).toBe('History at the park & a link.');
    expectNoMarkup(feed);
  });

  it('makes links absolute and canonical, and falls back to the canonical URL as guid', () => {
    const [first, second] = feed.items;
    expect(first?.url).toBe(
      'https://news.harborcity.example/hockey/gulls-sign-goalie?utm_source=rss&utm_medium=feed&id=42&fbclid=abc#comments',
    );
    expect(first?.canonicalUrl).toBe('https://news.harborcity.example/hockey/gulls-sign-goalie?id=42');
    expect(first?.guid).toBe('hc-1001');
    expect(second?.canonicalUrl).toBe('https://news.harborcity.example/baseball/no-hitter?a=1&b=2');
    expect(second?.guid).toBe(second?.canonicalUrl);
  });

  it('takes images from media:content and from image enclosures', () => {
    expect(feed.items[0]?.imageUrl).toBe('https://cdn.harborcity.example/img/goalie-large.jpg');
    expect(feed.items[1]?.imageUrl).toBe('https://cdn.harborcity.example/img/ace.png');
    expect(feed.items[1]?.enclosure).toBeUndefined();
  });

  it('normalises dates to UTC, clamps future dates and flags unreadable ones', () => {
    expect(feed.items.map((i) => [i.publishedAt.toISOString(), i.dateFlag])).toEqual([
      ['2026-11-20T19:30:00.000Z', 'ok'],
      ['2026-11-19T23:05:00.000Z', 'ok'],
      [NOW.toISOString(), 'clamped'],
      [NOW.toISOString(), 'invalid'],
    ]);
    expect(feed.items[0]?.author).toBe('Jamie Rivera');
  });

  it('keeps at most maxItems items', () => {
    const result = parseFeed(fixture('rss2.xml'), { now: NOW, maxItems: 2 });
    expect(result.kind === 'ok' && result.feed.items.length).toBe(2);
  });
});

describe('parseFeed: Atom, RDF and JSON Feed', () => {
  it('reads Atom entries with relative links, HTML summaries and offsets', () => {
    const feed = parseOk('atom.xml');
    expect(feed).toMatchObject({ kind: 'news', format: 'atom', title: 'Pinecrest Hoops Journal' });
    expect(feed.items).toMatchObject([
      {
        guid: 'tag:hoops.pinecrest.example,2026:comets-rally',
        title: 'Comets rally past Owls in overtime',
        summary: 'Comets win 112-108',
        url: 'https://hoops.pinecrest.example/2026/11/comets-rally',
        author: 'Dana Okafor',
      },
      {
        title: 'Owls coach: "We\'ll be back"',
        summary: 'The coach spoke after the loss.',
        canonicalUrl: 'https://hoops.pinecrest.example/2026/11/owls-coach',
        imageUrl: 'https://hoops.pinecrest.example/img/coach.jpg',
      },
    ]);
    expect(feed.items[0]?.publishedAt.toISOString()).toBe('2026-11-20T23:15:00.000Z');
    expectNoMarkup(feed);
  });

  it('reads RDF (RSS 1.0) items with Dublin Core dates and authors', () => {
    const feed = parseOk('rdf.xml');
    expect(feed).toMatchObject({ kind: 'news', format: 'rdf', title: 'Lakeside Gridiron Notes' });
    expect(feed.items).toMatchObject([
      {
        guid: 'https://gridiron.lakeside.example/notes/1',
        title: 'Lakeside Lions name new offensive coordinator',
        summary: 'The Lions promoted from within.',
        canonicalUrl: 'https://gridiron.lakeside.example/notes/1',
        author: 'Pat Kim',
      },
      { title: 'Injury report: three starters questionable' },
    ]);
    expect(feed.items.map((i) => i.publishedAt.toISOString())).toEqual([
      '2026-11-18T12:00:00.000Z',
      '2026-11-17T08:30:00.000Z',
    ]);
  });

  it('reads JSON Feed items, giving untitled items the start of their text', () => {
    const feed = parseOk('json-feed.json');
    expect(feed).toMatchObject({
      kind: 'news',
      format: 'json',
      image: 'https://soccer.northfield.example/icon.png',
    });
    expect(feed.items).toMatchObject([
      {
        guid: 'nsd-77',
        title: 'Rovers clinch top spot',
        summary: 'Rovers beat United 2-0 to go top.',
        canonicalUrl: 'https://soccer.northfield.example/matches/77',
        imageUrl: 'https://soccer.northfield.example/img/rovers.jpg',
        author: 'Sam Lee',
      },
      {
        guid: 'nsd-78',
        title: 'United boss under pressure after another defeat.',
        url: 'https://soccer.northfield.example/matches/78',
      },
    ]);
    expect(feed.items[0]?.publishedAt.toISOString()).toBe('2026-11-21T19:45:00.000Z');
    expectNoMarkup(feed);
  });
});

describe('parseFeed: podcasts', () => {
  const feed = parseOk('podcast.xml');

  it('recognises an iTunes/Podcasting 2.0 feed as a podcast with its cover and author', () => {
    expect(feed).toMatchObject({
      kind: 'podcast',
      title: 'The Bullpen Hour',
      image: 'https://bullpen.example/cover.jpg',
      author: 'Bullpen Media',
      explicit: false,
    });
  });

  it('reads every duration notation to seconds', () => {
    // 1:02:03, 62:03, 3723, 3723.5 and PT1H2M3S
    expect(feed.items.map((i) => i.durationSeconds)).toEqual([3723, 3723, 3723, 3724, 3723]);
  });

  it('reads episode fields: guid, enclosure, season, episode, type, explicit, image, date', () => {
    expect(feed.items[0]).toMatchObject({
      guid: 'bullpen-ep-12',
      title: 'Ep. 12: Trade deadline & beyond',
      summary: 'We talk trades.',
      enclosure: {
        url: 'https://media.bullpen.example/ep12.mp3?utm_source=rss',
        type: 'audio/mpeg',
        length: 48211000,
      },
      season: 2,
      episode: 12,
      episodeType: 'full',
      explicit: true,
      imageUrl: 'https://bullpen.example/ep12.jpg',
    });
    expect(feed.items[0]?.publishedAt.toISOString()).toBe('2026-11-20T06:00:00.000Z');
    expect(feed.items.map((i) => [i.episodeType, i.explicit, i.season, i.episode])).toEqual([
      ['full', true, 2, 12],
      ['full', false, 2, 11],
      ['bonus', true, undefined, undefined],
      ['trailer', undefined, 2, undefined],
      [undefined, undefined, 2, 10],
    ]);
  });

  it('gives episodes without artwork the show cover', () => {
    expect(feed.items[1]?.imageUrl).toBe('https://bullpen.example/cover.jpg');
  });

  it('never lets description markup through', () => {
    expectNoMarkup(feed);
  });
});

describe('parseFeed: YouTube channel', () => {
  const feed = parseOk('youtube.xml');

  it('turns entries into videos with watch URLs, thumbnails and durations', () => {
    expect(feed).toMatchObject({ kind: 'video', title: 'Ridgeback Highlights' });
    expect(feed.items).toMatchObject([
      {
        guid: 'yt:video:abcDEF12345',
        isYoutube: true,
        youtubeId: 'abcDEF12345',
        title: 'Top 10 plays of the week <3',
        summary: 'The best plays, ranked.',
        url: 'https://www.youtube.com/watch?v=abcDEF12345',
        imageUrl: 'https://i1.ytimg.com/vi/abcDEF12345/hqdefault.jpg',
        durationSeconds: 754,
      },
      { isYoutube: true, youtubeId: 'zyx98765432', title: 'Postgame press conference' },
    ]);
    expect(feed.items[1]?.durationSeconds).toBeUndefined();
    expect(feed.items[0]?.publishedAt.toISOString()).toBe('2026-11-21T15:00:00.000Z');
    expect(JSON.stringify(feed)).not.toMatch(/<\s*script/i);
  });
});

describe('parseFeed: bad input gives error results, never exceptions', () => {
  function expectError(result: ParseFeedResult, code: string) {
    expect(result.kind).toBe('error');
    expect(result.kind === 'error' && result.code).toBe(code);
  }

  it('refuses a document declaring an external entity, leaking nothing', () => {
    const result = parseFeed(fixture('xxe.xml'), { now: NOW });
    expectError(result, 'doctype-forbidden');
    expect(JSON.stringify(result)).not.toMatch(/root:|\/bin\/|daemon/);
  });

  it('does not mistake a DOCTYPE quoted inside CDATA for a declaration', () => {
    const xml =
      '<?xml version="1.0"?><rss version="2.0"><channel><title>XML tips</title><link>https://x.example/</link>' +
      '<item><title>Why &lt;!DOCTYPE&gt; matters</title><link>https://x.example/1</link>' +
      '<description><![CDATA[<pre><!DOCTYPE html></pre>]]></description></item></channel></rss>';
    const result = parseFeed(xml, { now: NOW });
    expect(result.kind).toBe('ok');
    expect(result.kind === 'ok' && result.feed.items[0]?.title).toBe('Why matters');
  });

  it('recognises a truncated download', () => {
    expectError(parseFeed(fixture('truncated.xml'), { now: NOW }), 'truncated');
    expectError(parseFeed(fixture('json-feed.json').slice(0, 200), { now: NOW }), 'truncated');
  });

  it('recognises text, HTML and foreign XML or JSON as not a feed', () => {
    expectError(parseFeed(fixture('not-xml.txt'), { now: NOW }), 'not-a-feed');
    expectError(parseFeed('<html><body>Not found</body></html>', { now: NOW }), 'not-a-feed');
    expectError(parseFeed('{"hello":"world"}', { now: NOW }), 'not-a-feed');
    expectError(parseFeed('', { now: NOW }), 'not-a-feed');
  });

  it('survives random garbage without throwing', () => {
    for (const input of [
      '<',
      '<<<>>>',
      '<rss>',
      '{',
      '[1,2',
      '\u0000\u0001',
      '<rss><channel></rss>',
      'null',
    ]) {
      expect(() => parseFeed(input, { now: NOW })).not.toThrow();
      expect(parseFeed(input, { now: NOW }).kind).toBeDefined();
    }
  });
});

describe('parseFeed: old formats users import', () => {
  it('reads an Atom 0.3 blog feed: issued/created/modified, tagline, escaped, base64 and multipart content', () => {
    const feed = parseOk('atom03.xml', 'http://bleachernotes.blogspot.example/atom.xml');
    expect(feed).toMatchObject({
      kind: 'news',
      format: 'atom',
      title: 'Bleacher Notes',
      description: "A fan's notes on the Cubs since 2004",
      link: 'http://bleachernotes.blogspot.example/',
      author: 'Walt Kowalski',
    });
    expect(
      feed.items.map((i) => [i.title, i.url, i.publishedAt.toISOString(), i.dateFlag, i.summary]),
    ).toEqual([
      [
        'Cubs tender contract to Nico Hoerner',
        // The alternate link, not the Blogger service.edit one.
        'http://bleachernotes.blogspot.example/2026/11/cubs-tender-contract-to-hoerner.html',
        // issued (with its offset) wins over created and modified.
        '2026-11-20T18:05:00.000Z',
        'ok',
        'The Chicago Cubs tendered second baseman Nico Hoerner a contract on Friday.',
      ],
      [
        'Wrigley to host the Winter Classic',
        'http://bleachernotes.blogspot.example/2026/11/wrigley-winter-classic.html',
        '2026-11-18T09:00:00.000Z',
        'ok',
        // multipart/alternative: the HTML part, not both parts run together.
        'The Blackhawks play outdoors again, at Wrigley.',
      ],
      [
        // mode="base64" title and content, decoded; only created gives the date.
        'Bleacher tickets go on sale',
        'http://bleachernotes.blogspot.example/2026/11/bleacher-tickets.html',
        '2026-11-15T16:30:00.000Z',
        'ok',
        'Season tickets for the bleachers go on sale Monday.',
      ],
      [
        'Mailbag',
        'http://bleachernotes.blogspot.example/2026/11/mailbag.html',
        // Only modified.
        '2026-11-12T10:00:00.000Z',
        'ok',
        'Your questions about the bullpen.',
      ],
    ]);
    expect(feed.items[0]?.guid).toBe('tag:blogger.example,1999:blog-8843210.post-1114');
    expect(feed.items[0]?.imageUrl).toBe('http://bleachernotes.blogspot.example/images/hoerner.jpg');
    expectNoMarkup(feed);
  });

  it("reads an RSS 0.91 feed carrying Netscape's public DOCTYPE", () => {
    const feed = parseOk('rss091.xml', 'http://ivywall.example/rss.xml');
    expect(feed.title).toBe('Ivy Wall Daily');
    expect(feed.items.map((i) => [i.title, i.url])).toEqual([
      ['Cubs add bullpen depth', 'http://ivywall.example/stories/bullpen.html'],
    ]);
  });

  it('names what it refuses: an empty Atom 0.3 feed, HTML, OPML, Scripting News, CDF, other XML', () => {
    const refusal = (text: string) => {
      const result = parseFeed(text, { now: NOW });
      return result.kind === 'error' ? `${result.code}: ${result.message}` : 'ok';
    };
    expect(refusal('<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"></feed>')).toBe(
      'not-a-feed: The document is an Atom 0.3 feed that could not be read (Invalid feed format)',
    );
    expect(
      refusal('<!DOCTYPE html><html><head><title>Bleacher Notes</title></head><body></body></html>'),
    ).toMatch(/^not-a-feed: The document is an HTML page, not a feed/);
    expect(
      refusal(
        '<?xml version="1.0"?><opml version="1.0"><head/><body><outline xmlUrl="http://x.example/rss"/></body></opml>',
      ),
    ).toMatch(/^not-a-feed: The document is an OPML list of feeds/);
    expect(
      refusal('<?xml version="1.0"?><scriptingNews><header/><item><text>Hi</text></item></scriptingNews>'),
    ).toMatch(/Scripting News document \(UserLand's format before RSS\)/);
    expect(
      refusal('<?xml version="1.0"?><CHANNEL HREF="http://x.example/"><TITLE>T</TITLE></CHANNEL>'),
    ).toMatch(/Microsoft CDF channel/);
    expect(refusal('<?xml version="1.0"?><foo><bar/></foo>')).toBe(
      'not-a-feed: Not an RSS, Atom or RDF feed: the document is an XML document whose root element is <foo> (Unrecognized feed format)',
    );
  });
});
