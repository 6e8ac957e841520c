import { describe, expect, it } from 'vitest';
import { mapMastodonStatus, mastodonStatusesUrl, type Post, parseMastodonStatuses } from '../mastodon.js';
import { fixture, NOW } from './fixtures.js';

function posts(): Post[] {
  const result = parseMastodonStatuses(fixture('mastodon-statuses.json'), { now: NOW });
  if (result.kind !== 'ok') throw new Error(result.message);
  return result.posts;
}

describe('parseMastodonStatuses', () => {
  it('keeps public statuses and skips boosts and followers-only posts', () => {
    expect(posts().map((p) => p.id)).toEqual(['113500000000000003', '113500000000000002']);
  });

  it('turns the status HTML into safe text', () => {
    const [first] = posts();
    expect(first?.text).toBe(
      "GOAL! @rivera ties it 2's-up & we're rolling #GoGulls Second paragraph new line",
    );
    expect(JSON.stringify(posts())).not.toMatch(/<\s*(script|p|a|span|b)[\s>]/i);
  });

  it('maps uri, url, author, date and photos', () => {
    expect(posts()[0]).toMatchObject({
      uri: 'https://social.example/users/gullshockey/statuses/113500000000000003',
      url: 'https://social.example/@gullshockey/113500000000000003',
      account: { id: '1090', acct: 'gullshockey', displayName: 'Harbor City Gulls' },
      photos: [
        {
          url: 'https://files.social.example/media/9001/original.jpg',
          previewUrl: 'https://files.social.example/media/9001/small.jpg',
          description: 'Players celebrating on the ice',
          width: 1920,
          height: 1080,
        },
        { url: 'https://files.social.example/media/9002/original.jpg', description: null },
      ],
      video: null,
      linkPreview: null,
      inReplyToId: null,
      quote: null,
    });
    expect(posts()[0]?.createdAt.toISOString()).toBe('2026-11-21T18:00:00.000Z');
  });

  it('maps the video, the link preview, reply ids and the quoted post', () => {
    expect(posts()[1]).toMatchObject({
      video: {
        url: 'https://files.social.example/media/9003/original.mp4',
        type: 'video',
        durationSeconds: 31.5,
      },
      linkPreview: {
        url: 'https://news.harborcity.example/recap?utm_source=mastodon',
        title: 'Gulls recap',
        imageUrl: 'https://news.harborcity.example/img/recap.jpg',
        providerName: 'Harbor City Sports',
      },
      inReplyToId: '113499999999999999',
      inReplyToAccountId: '2044',
      quotedStatusId: '113400000000000001',
      quote: {
        id: '113400000000000001',
        text: 'Scoop: Gulls trade talks heating up',
        account: { acct: 'reporter@other.example' },
      },
    });
  });

  it('gives error results for bad bodies instead of throwing', () => {
    expect(parseMastodonStatuses('<html>', { now: NOW })).toMatchObject({ kind: 'error', code: 'malformed' });
    expect(parseMastodonStatuses('{"error":"Record not found"}', { now: NOW })).toMatchObject({
      kind: 'error',
      code: 'not-a-status-list',
    });
    expect(parseMastodonStatuses('[null, 1, "x", {"id": "1"}]', { now: NOW })).toEqual({
      kind: 'ok',
      posts: [],
    });
  });
});

describe('mapMastodonStatus', () => {
  const base = {
    id: '1',
    uri: 'https://s.example/statuses/1',
    url: 'javascript:alert(1)',
    visibility: 'public',
    content: '<p>hi</p>',
    created_at: '2099-01-01T00:00:00Z',
    account: { id: '9', acct: 'me', username: 'me', display_name: '', avatar: 'data:image/png;base64,xx' },
  };

  it('drops unsafe URLs, falls back to the username and clamps future dates', () => {
    const post = mapMastodonStatus(base, NOW);
    expect(post).toMatchObject({ url: null, text: 'hi', account: { displayName: 'me', avatarUrl: null } });
    expect(post?.createdAt).toEqual(NOW);
  });

  it('reads a shallow quote (id only) and ignores quotes that are not accepted', () => {
    expect(
      mapMastodonStatus({ ...base, quote: { state: 'accepted', quoted_status_id: '77' } }, NOW),
    ).toMatchObject({
      quote: null,
      quotedStatusId: '77',
    });
    expect(
      mapMastodonStatus({ ...base, quote: { state: 'revoked', quoted_status_id: '77' } }, NOW),
    ).toMatchObject({
      quotedStatusId: null,
    });
  });
});

describe('mastodonStatusesUrl', () => {
  it('builds the public statuses URL without boosts', () => {
    expect(mastodonStatusesUrl('https://social.example', '1090', { sinceId: '5' })).toBe(
      'https://social.example/api/v1/accounts/1090/statuses?exclude_reblogs=true&limit=40&since_id=5',
    );
  });
});
