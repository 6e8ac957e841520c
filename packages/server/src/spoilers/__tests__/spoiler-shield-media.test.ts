// The spoiler shield on videos and podcast episodes (issue 49), on the real app: a shielded member's
// answers mark a video or an episode whose title (or an episode's summary) gives away the result of a
// hidden game, in every episode shape (full episodes, the player's short ones in listens), and leave
// the others, visitors and members without a shield alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  demoUserId,
  hoursAgo,
  insertContentFixture,
} from '../../content/podcasts/__tests__/content-fixture.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
const member = new CookieJar();
const videos = { result: 0, neutral: 0, before: 0 };
let summaryEpisode = 0;

interface Marked {
  id: number;
  title: string;
  spoiler?: boolean;
}

async function insertVideo(title: string, publishedHoursAgo: number): Promise<number> {
  const { rows } = await testDb.db.query<{ id: string; source_id: number }>(
    `INSERT INTO articles (source_id, domain_id, kind, guid, url, canonical_url, title, summary, published_at,
                           spyder_at, youtube_id, duration)
     SELECT s.id, s.domain_id, 'video', $1, $2, $2, $3, NULL, $4, $4, $5, 120
       FROM sources s WHERE s.feed_url = 'https://fixture.example/news/1.xml'
     RETURNING id, source_id`,
    [
      `video-${title}`,
      `https://video.example/watch/${encodeURIComponent(title)}`,
      title,
      hoursAgo(publishedHoursAgo),
      `yt${publishedHoursAgo}`,
    ],
  );
  const id = Number(rows[0]?.id);
  await testDb.db.query(
    `INSERT INTO article_teams (article_id, team_id, published_at, kind, is_lead, source_id)
     VALUES ($1, $2, $3, 'video', true, $4)`,
    [id, fx.teams.alpha, hoursAgo(publishedHoursAgo), rows[0]?.source_id],
  );
  return id;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  const userId = await demoUserId(testDb.db);
  await testDb.db.query(
    'INSERT INTO following_teams (user_id, team_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [userId, fx.teams.alpha],
  );
  // The fixture's Alphas beat the Betas 24-17 in a game that started 48 h before its clock's now.
  videos.result = await insertVideo('Alphas beat Betas 24-17 | Highlights', 6);
  videos.neutral = await insertVideo('Alphas practice report, Thursday', 5);
  videos.before = await insertVideo('Alphas beat Gammas 3-0 | Highlights', 12 * 24);
  const title = (id: number, text: string, summary = 'Episode summary') =>
    testDb.db.query('UPDATE podcast_episodes SET title = $2, summary = $3 WHERE id = $1', [
      id,
      text,
      summary,
    ]);
  // Tagged with the Alphas, after the game: the title tells the result.
  await title(fx.episodes.p1a, "Reacting to the Betas' 24-17 loss to the Alphas");
  // Filed under the Alphas through its podcast only (Beta Show covers both teams).
  await title(fx.episodes.p2a, 'Alphas edge Betas 24-17: what it means for the division');
  await testDb.db.query('DELETE FROM episode_teams WHERE episode_id = $1 AND team_id = $2', [
    fx.episodes.p2a,
    fx.teams.alpha,
  ]);
  // Before the game started: a result of another game, not the hidden one.
  await title(fx.episodes.p1c, 'Alphas beat Gammas 3-0 in the opener');
  // A plain title whose summary gives the result away.
  const { rows } = await testDb.db.query<{ id: string }>(
    `INSERT INTO podcast_episodes (podcast_id, guid, title, summary, enclosure_url, duration, published_at)
     VALUES ($1, 'ep-summary', 'Monday mailbag', 'We react as the Alphas beat the Betas 24-17.',
             'https://cdn.example/summary.mp3', 1800, $2) RETURNING id`,
    [fx.podcasts.p1, hoursAgo(3)],
  );
  summaryEpisode = Number(rows[0]?.id);
  await testDb.db.query('INSERT INTO episode_teams (episode_id, team_id, published_at) VALUES ($1, $2, $3)', [
    summaryEpisode,
    fx.teams.alpha,
    hoursAgo(3),
  ]);
  // A listen of the member: the player's short episode shape (`EpisodeRef`).
  await testDb.db.query(
    `INSERT INTO podcast_listens (episode_id, podcast_id, user_id, hash, time) VALUES ($1, $2, $3, 'dev-shield', 60)`,
    [fx.episodes.p1a, fx.podcasts.p1, userId],
  );
  app = await buildContentApp(testDb.db);
  expect((await member.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
}, 300_000);
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const shield = (on: boolean) =>
  member.request(app, {
    method: 'PUT',
    url: '/api/v1/profile/spoiler_shields',
    payload: { teams: [{ teamId: fx.teams.alpha, on, hideHours: null }] },
  });
async function read<T>(url: string, as: 'member' | 'visitor' = 'member'): Promise<T> {
  const res =
    as === 'member'
      ? await member.request(app, { method: 'GET', url })
      : await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
}
const teamVideos = async (as?: 'member' | 'visitor') =>
  (await read<{ videos: Marked[] }>('/api/v1/teams/fx-alpha/videos', as)).videos;
const teamEpisodes = async (as?: 'member' | 'visitor') =>
  (
    await read<{ podcastEpisodes: Marked[] }>(
      '/api/v1/teams/fx-alpha/podcast_episodes?perPage=20&grouped=false',
      as,
    )
  ).podcastEpisodes;
const betaShowEpisodes = async () =>
  (await read<{ podcastEpisodes: Marked[] }>(`/api/v1/podcasts/${fx.podcasts.p2}/episodes`)).podcastEpisodes;
const find = (items: Marked[], id: number) => {
  const item = items.find((candidate) => candidate.id === id);
  expect(item, `item ${id} in the answer`).toBeDefined();
  return item as Marked;
};

describe("a shielded member's videos and episodes", () => {
  beforeAll(async () => {
    expect((await shield(true)).statusCode).toBe(200);
  });

  it('mark a video whose title gives the hidden result away, not the others', async () => {
    const list = await teamVideos();
    expect(find(list, videos.result).spoiler).toBe(true);
    expect(find(list, videos.neutral).spoiler).toBeUndefined();
    // Published before any hidden game of the team started (the fixture's oldest, 10 days before its
    // clock's now, is hidden too): it cannot tell their results.
    expect(find(list, videos.before).spoiler).toBeUndefined();
  });

  it('mark an episode tagged with the team whose title or summary gives the result away', async () => {
    const list = await teamEpisodes();
    expect(find(list, fx.episodes.p1a)).toMatchObject({
      title: "Reacting to the Betas' 24-17 loss to the Alphas",
      spoiler: true,
    });
    expect(find(list, summaryEpisode).spoiler).toBe(true);
    expect(find(list, fx.episodes.p1b).spoiler).toBeUndefined();
    expect(find(list, fx.episodes.p1c).spoiler).toBeUndefined();
  });

  it("mark an episode whose podcast is filed under the team, on the podcast's own page", async () => {
    const list = await betaShowEpisodes();
    expect(find(list, fx.episodes.p2a).spoiler).toBe(true);
    expect(find(list, fx.episodes.p2b).spoiler).toBeUndefined();
  });

  it("mark the player's short episode shape (recent listens) the same way", async () => {
    const answer = await read<{ podcastListens: { podcastEpisode: Marked }[] }>(
      '/api/v1/podcast_listens?hash=dev-shield',
    );
    const listened = answer.podcastListens.find((listen) => listen.podcastEpisode.id === fx.episodes.p1a);
    expect(listened?.podcastEpisode.spoiler).toBe(true);
  });

  it('mark nothing for a visitor', async () => {
    expect(find(await teamVideos('visitor'), videos.result).spoiler).toBeUndefined();
    expect(find(await teamEpisodes('visitor'), fx.episodes.p1a).spoiler).toBeUndefined();
  });

  it('mark nothing once the member turns the shield off', async () => {
    expect((await shield(false)).statusCode).toBe(200);
    expect(find(await teamVideos(), videos.result).spoiler).toBeUndefined();
    expect(find(await teamEpisodes(), fx.episodes.p1a).spoiler).toBeUndefined();
    expect(find(await teamEpisodes(), summaryEpisode).spoiler).toBeUndefined();
  });
});
