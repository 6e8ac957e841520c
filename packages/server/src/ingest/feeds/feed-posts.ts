/**
 * Social posts read from a syndication feed (issue 44's social sources): a Mastodon account's `@user.rss`
 * or a Bluesky profile's RSS carry the same posts as the Mastodon statuses API, without a key. Each item
 * becomes a {@link Post} of the feed's account, so such sources are stored and shown as any social source.
 * @module
 */
import type { Post } from './mastodon.js';
import type { ParsedFeed } from './parse-feed.js';

/**
 * Whether a social source's URL is the Mastodon statuses API (JSON), rather than a feed.
 * @example
 * isMastodonApiUrl('https://mastodon.social/api/v1/accounts/1/statuses'); // true
 */
export function isMastodonApiUrl(url: string): boolean {
  return /\/api\/v1\/accounts\/[^/]+\/statuses/i.test(url);
}

/**
 * The feed's items as posts of the feed's account (its link and title name the account).
 * @example
 * const posts = postsFromFeed(parsed.feed, 'https://bsky.app/profile/nba.com/rss');
 */
export function postsFromFeed(feed: ParsedFeed, feedUrl: string): Post[] {
  const profile = feed.link ?? feedUrl.replace(/\/rss$|\.rss$/, '');
  const handle = handleOf(profile);
  const account = {
    id: handle,
    acct: handle,
    displayName: feed.title.trim() || handle,
    url: profile,
    avatarUrl: feed.image,
  };
  return feed.items.map((item) => ({
    id: item.guid,
    // A guid with a scheme (https:, at: of Bluesky, tag:) is unique everywhere: the de-duplication key.
    uri: /^[a-z][a-z0-9+.-]*:/i.test(item.guid) ? item.guid : (item.url ?? `${profile}#${item.guid}`),
    url: item.url,
    // A post has no title: feeds of posts repeat the text as the title, or give only the summary.
    text: (item.summary || item.title).trim(),
    spoilerText: '',
    sensitive: false,
    createdAt: item.publishedAt,
    language: null,
    account,
    photos: item.imageUrl
      ? [{ url: item.imageUrl, previewUrl: null, description: null, width: null, height: null }]
      : [],
    video: null,
    linkPreview: null,
    inReplyToId: null,
    inReplyToAccountId: null,
    quote: null,
    quotedStatusId: null,
  }));
}

// `https://mastodon.social/@nhl` → `nhl@mastodon.social`; `https://bsky.app/profile/nba.com` → `nba.com`.
function handleOf(profile: string): string {
  try {
    const url = new URL(profile);
    const mastodon = /^\/@([^/]+)/.exec(url.pathname);
    if (mastodon) return `${mastodon[1]}@${url.hostname}`;
    const bluesky = /^\/profile\/([^/]+)/.exec(url.pathname);
    if (bluesky) return bluesky[1]!;
    return url.hostname;
  } catch {
    return profile;
  }
}
