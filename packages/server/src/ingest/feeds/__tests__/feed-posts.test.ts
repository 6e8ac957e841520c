// Social sources of the real catalogue are feeds of posts (a Bluesky profile's RSS, a Mastodon @user.rss):
// refreshing one gives posts of the feed's account, as the Mastodon API does.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSource } from '../refresh-source.js';
import { initialSourceState } from '../source-state.js';

const BLUESKY = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>@nhl.bsky.social - NHL</title><link>https://bsky.app/profile/nhl.bsky.social</link><description>The NHL</description>
<item><link>https://bsky.app/profile/nhl.bsky.social/post/3l1</link><description>Final: Kraken 4, Wild 2. What a night in Seattle.</description>
<pubDate>Tue, 01 Dec 2026 04:10:00 +0000</pubDate><guid isPermaLink="false">at://did:plc:abc/app.bsky.feed.post/3l1</guid></item>
</channel></rss>`;

const server = setupServer(
  http.get('https://bsky.app/profile/nhl.bsky.social/rss', () =>
    HttpResponse.text(BLUESKY, { headers: { 'content-type': 'application/rss+xml' } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('a social source read from a feed', () => {
  it('turns each item into a post of the profile', async () => {
    const now = new Date('2026-12-02T00:00:00Z');
    const result = await refreshSource(
      initialSourceState('https://bsky.app/profile/nhl.bsky.social/rss', now),
      {
        now,
        format: 'mastodon',
      },
    );
    expect(result.error).toBeNull();
    expect(result.posts).toHaveLength(1);
    expect(result.posts![0]).toMatchObject({
      uri: 'at://did:plc:abc/app.bsky.feed.post/3l1',
      url: 'https://bsky.app/profile/nhl.bsky.social/post/3l1',
      text: 'Final: Kraken 4, Wild 2. What a night in Seattle.',
      createdAt: new Date('2026-12-01T04:10:00Z'),
      account: { acct: 'nhl.bsky.social', url: 'https://bsky.app/profile/nhl.bsky.social' },
    });
  });
});
