import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  insertContentFixture,
} from '../../podcasts/__tests__/content-fixture.js';
import { toLinkPreview, toPhotos, toQuotedPost, toTweeter, toVideo } from '../post-media.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  app = await buildContentApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET api/v1/teams/:teamId/tweets', () => {
  it('lists 13 posts of the team per page, newest first', async () => {
    const res = await get('/api/v1/teams/fx-alpha/tweets');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tweets.map((t: { id: number }) => t.id)).toEqual(fx.posts.slice(0, 13));
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 13, totalPages: 2, totalCount: 15 });
    const page2 = (await get('/api/v1/teams/fx-alpha/tweets?page=2')).json();
    expect(page2.tweets.map((t: { id: number }) => t.id)).toEqual(fx.posts.slice(13));
    expect((await get('/api/v1/teams/fx-alpha/tweets?page=3')).json().tweets).toEqual([]);
  });

  it('serialises the author, media, quote, link preview and teams as the contract says', async () => {
    const [first] = (await get('/api/v1/teams/fx-alpha/tweets?perPage=1')).json().tweets;
    expect(first).toMatchObject({
      text: 'Post number 1',
      mastodonId: '1001',
      postId: '1001',
      tweetedAt: '2026-11-20T11:00:00.000Z',
      tweeter: { name: 'Alphas', screenName: 'alphas@social.example', imageUrl: null, type: 'mastodon' },
      quotedTweet: { text: 'Quoted words', name: 'Reporter', screenName: 'rep@social.example' },
      linkPreview: { url: 'https://fixture.example/a/1', siteName: 'Fixture News', title: 'Card' },
      video: null,
      subtweets: [],
    });
    expect(first.photos).toEqual([
      {
        id: 1,
        mediaId: `${fx.posts[0]}-1`,
        mediaType: 'photo',
        description: 'A photo',
        imageUrl: 'https://img.example/1.jpg',
        originalHeight: 600,
        originalWidth: 800,
        previewUrl: 'https://img.example/1s.jpg',
        smallHeight: null,
        smallWidth: null,
      },
    ]);
    expect(first.teams.map((t: { slug: string }) => t.slug)).toEqual(['fx-alpha', 'fx-beta']);
  });

  it('answers the posts of another team, 404 for an unknown team, 422 for a bad perPage', async () => {
    const beta = (await get('/api/v1/teams/fx-beta/tweets')).json();
    expect(beta.tweets.map((t: { id: number }) => t.id)).toEqual([fx.posts[0]]);
    expect((await get('/api/v1/teams/fx-gamma/tweets')).json().tweets).toEqual([]);
    expect((await get('/api/v1/teams/nope/tweets')).statusCode).toBe(404);
    expect((await get('/api/v1/teams/fx-alpha/tweets?perPage=0')).statusCode).toBe(422);
  });
});

describe('post media mapping', () => {
  it('turns broken stored JSON into safe empty values', () => {
    expect(toTweeter(null)).toEqual({ name: '', screenName: '', imageUrl: null, type: 'mastodon' });
    expect(toPhotos('nope', 1)).toEqual([]);
    expect(toPhotos([{ description: 'no url' }], 1)).toEqual([]);
    expect(toVideo({ previewUrl: 'x' }, 1)).toBeNull();
    expect(toLinkPreview(42)).toBeNull();
    // A quote stored only as a reference has nothing to show.
    expect(toQuotedPost({ mastodonId: '77' })).toBeNull();
  });

  it('maps an ingested video with its type', () => {
    expect(toVideo({ url: 'https://v.example/1.mp4', previewUrl: null, type: 'gifv' }, 5)).toMatchObject({
      id: 1,
      mediaId: '5-video',
      mediaType: 'gifv',
      url: 'https://v.example/1.mp4',
    });
  });
});
