import { afterAll, describe, expect, it } from 'vitest';
import { rssFeed } from '../../pipeline/__tests__/pipeline-fixtures.js';
import { parseFeed } from '../parse-feed.js';
import { OFF_THREAD_MIN_CHARS, parseFeedOffThread, stopFeedParser } from '../parse-feed-pool.js';

// A podcast-sized feed: 600 items with long descriptions, well over the off-thread threshold.
const now = new Date('2026-11-30T12:00:00Z');
const large = rssFeed(
  'The Big Show',
  Array.from({ length: 600 }, (_, n) => ({
    title: `Episode ${n}: the Packers & the Bears`,
    link: `https://show.example/episodes/${n}`,
    date: new Date(now.getTime() - n * 3600_000),
    description: `Notes for episode ${n}. `.repeat(20),
  })),
);

afterAll(() => stopFeedParser());

describe('parseFeedOffThread', () => {
  it('answers exactly what parseFeed answers, for a large feed and a small one', async () => {
    expect(large.length).toBeGreaterThan(OFF_THREAD_MIN_CHARS);
    const options = { baseUrl: 'https://show.example/feed.xml', now, maxItems: 250 };
    const offThread = await parseFeedOffThread(large, options);
    expect(offThread).toEqual(parseFeed(large, options));
    expect(offThread.kind === 'ok' && offThread.feed.items).toHaveLength(250);
    expect(offThread.kind === 'ok' && offThread.feed.items[0]!.publishedAt).toBeInstanceOf(Date);
    const small = rssFeed('Small', [{ title: 'One', link: 'https://s.example/1', date: now }]);
    expect(await parseFeedOffThread(small, { now })).toEqual(parseFeed(small, { now }));
  });

  it('reports a large document that is not a feed as parseFeed does', async () => {
    const page = `<!doctype html><html><body>${'<p>Hello</p>'.repeat(20_000)}</body></html>`;
    const result = await parseFeedOffThread(page, {});
    expect(result).toEqual(parseFeed(page, {}));
    expect(result.kind === 'error' && result.code).toBe('not-a-feed');
  });

  it('leaves the thread free while a large feed is parsed', async () => {
    // Parsed in place, the feed would be read before a timer due at once could run; off the thread,
    // the timer runs while the worker parses.
    const order: string[] = [];
    const parsing = parseFeedOffThread(large, { now }).then(() => order.push('parsed'));
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 0),
    );
    await parsing;
    expect(order).toEqual(['timer', 'parsed']);
  });
});
