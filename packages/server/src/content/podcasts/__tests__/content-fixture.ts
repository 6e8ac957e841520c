/**
 * Test fixture of the group-B content read tests: its own sport and three teams (so demo or seed
 * content never shifts the counts), podcasts with episodes, players and positions, clustered
 * articles, games with standings, posts and a hidden podcast, plus an app with every group-B route
 * plugin registered on a pinned clock.
 * @module
 */

import { buildTestApp } from '../../../__tests__/helpers/test-app.js';
import type { SportSpyderApp } from '../../../app.js';
import type { Database } from '../../../db/database.js';

/** The pinned "now" of the fixture. */
export const NOW = new Date('2026-11-20T12:00:00.000Z');

/** A time `hours` before (negative: after) {@link NOW}, ISO. */
export function hoursAgo(hours: number): string {
  return new Date(NOW.getTime() - hours * 3_600_000).toISOString();
}

/** Ids of what the fixture inserted. */
export interface ContentFixture {
  sportId: number;
  teams: { alpha: number; beta: number; gamma: number };
  podcasts: { p1: number; p2: number; p3: number };
  episodes: { p1a: number; p1b: number; p1c: number; p2a: number; p2b: number; p3a: number };
  players: { qb: number; wr: number; lb: number; betaQb: number };
  articles: { c1Lead: number; c1b: number; c1c: number; single: number };
  clusterId: number;
  games: { finished: number; inPlay: number; upcoming: number };
  posts: number[];
}

async function one(db: Database, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(sql, params);
  return Number(rows[0]?.id);
}

/** Inserts the fixture and answers its ids. */
export async function insertContentFixture(db: Database): Promise<ContentFixture> {
  const sportId = 9001;
  await db.query(
    `INSERT INTO sports (id, slug, name, position) VALUES ($1, 'fx-sport', 'Fixture League', 99)`,
    [sportId],
  );
  const team = (slug: string, name: string, location: string) =>
    one(
      db,
      `INSERT INTO teams (slug, sport_id, name, full_name, short_name, location, podcasts_enabled)
       VALUES ($1, $2, $3, $4, $3, $5, true) RETURNING id`,
      [slug, sportId, name, `${location} ${name}`, location],
    );
  const alpha = await team('fx-alpha', 'Alphas', 'Green Bay');
  const beta = await team('fx-beta', 'Betas', 'Chicago');
  const gamma = await team('fx-gamma', 'Gammas', 'Detroit');

  const domainId = await one(
    db,
    `INSERT INTO domains (host, name) VALUES ('fixture.example', 'Fixture News') RETURNING id`,
    [],
  );
  const source = (kind: string, n: number) =>
    one(db, `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, $2, $3, $4) RETURNING id`, [
      domainId,
      kind,
      `https://fixture.example/${kind}/${n}.xml`,
      `Fixture ${kind} ${n}`,
    ]);

  // Podcasts: P1 about Alpha (and the sport), P2 about Beta and Alpha, P3 about Gamma.
  const podcast = async (n: number, title: string, teamIds: number[], sport: boolean) => {
    const sourceId = await source('podcast', n);
    const id = await one(
      db,
      `INSERT INTO podcasts (source_id, feed_url, title, short_title, author, image_url, description)
       VALUES ($1, $2, $3, $4, 'Fixture Host', $5, 'A fixture podcast') RETURNING id`,
      [
        sourceId,
        `https://fixture.example/podcast/${n}.xml`,
        title,
        title.split(' ')[0],
        `https://img.example/p${n}.jpg`,
      ],
    );
    for (const teamId of teamIds) await db.query('INSERT INTO podcast_teams VALUES ($1, $2)', [id, teamId]);
    if (sport) await db.query('INSERT INTO podcast_sports VALUES ($1, $2)', [id, sportId]);
    return id;
  };
  const p1 = await podcast(1, 'Alpha Talk', [alpha], true);
  const p2 = await podcast(2, 'Beta Show', [beta, alpha], false);
  const p3 = await podcast(3, 'Gamma Hour', [gamma], true);

  const episode = async (podcastId: number, n: number, hours: number, teamIds: number[]) => {
    const published = hoursAgo(hours);
    const id = await one(
      db,
      `INSERT INTO podcast_episodes (podcast_id, guid, title, summary, enclosure_url, duration, published_at)
       VALUES ($1, $2, $3, 'Episode summary', $4, 1800, $5) RETURNING id`,
      [
        podcastId,
        `ep-${podcastId}-${n}`,
        `Episode ${n} of ${podcastId}`,
        `https://cdn.example/${podcastId}/${n}.mp3`,
        published,
      ],
    );
    for (const teamId of teamIds) {
      await db.query('INSERT INTO episode_teams (episode_id, team_id, published_at) VALUES ($1, $2, $3)', [
        id,
        teamId,
        published,
      ]);
    }
    return id;
  };
  const p1a = await episode(p1, 1, 24, [alpha]);
  const p1b = await episode(p1, 2, 48, [alpha]);
  const p1c = await episode(p1, 3, 40 * 24, [alpha]);
  const p2a = await episode(p2, 1, 12, [beta, alpha]);
  const p2b = await episode(p2, 2, 72, [beta, alpha]);
  const p3a = await episode(p3, 1, 36, [gamma]);

  // Positions in definition order: offense before defense.
  const position = (abbr: string, name: string, grp: string) =>
    one(db, 'INSERT INTO positions (sport_id, name, abbr, grp) VALUES ($1, $2, $3, $4) RETURNING id', [
      sportId,
      name,
      abbr,
      grp,
    ]);
  const qbPos = await position('QB', 'Quarterback', 'Offense');
  const wrPos = await position('WR', 'Wide Receiver', 'Offense');
  const lbPos = await position('LB', 'Linebacker', 'Defense');
  const player = (
    slug: string,
    name: string,
    teamId: number,
    positionId: number,
    num: string,
    extra: string,
  ) =>
    one(
      db,
      `INSERT INTO players (slug, name, team_id, sport_id, position_id, number, ${extra.split('=')[0]})
       VALUES ($1, $2, $3, $4, $5, $6, ${extra.split('=')[1]}) RETURNING id`,
      [slug, name, teamId, sportId, positionId, num],
    );
  // Inserted in an order unlike the roster order, so the test sees the sorting.
  const lb = await player('fx-lb', 'Lenny Linebacker', alpha, lbPos, '52', 'injured=true');
  const wr = await player('fx-wr', 'Wes Receiver', alpha, wrPos, '11', 'trend=2.4');
  const qb = await player('fx-qb', 'Jordan Quill', alpha, qbPos, '10', 'trend=5.6');
  const betaQb = await player('fx-beta-qb', 'Bo Thrower', beta, qbPos, '7', 'trend=9');
  await db.query('UPDATE players SET hot = true WHERE id = $1', [qb]);

  // One story of three sources (cluster) and a single article, all about Alpha within 48 h.
  const clusterId = await one(
    db,
    `INSERT INTO clusters (sources_count, first_seen_at, last_seen_at) VALUES (3, $1, $2) RETURNING id`,
    [hoursAgo(10), hoursAgo(6)],
  );
  const article = async (
    n: number,
    title: string,
    summary: string,
    hours: number,
    cluster: number | null,
    isLead: boolean,
  ) => {
    const sourceId = await source('news', n);
    const published = hoursAgo(hours);
    const id = await one(
      db,
      `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, summary, published_at,
                             cluster_id, is_lead)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        sourceId,
        domainId,
        `a-${n}`,
        `https://fixture.example/a/${n}`,
        title,
        summary,
        published,
        cluster,
        isLead,
      ],
    );
    await db.query(
      'INSERT INTO article_teams (article_id, team_id, published_at, is_lead, source_id) VALUES ($1, $2, $3, $4, $5)',
      [id, alpha, published, isLead, sourceId],
    );
    return id;
  };
  const c1Lead = await article(
    1,
    'Jordan Quill throws four touchdowns as Alphas beat Betas',
    'Alphas quarterback Jordan Quill threw four touchdowns in a 24-17 win over the Betas. The crowd was loud.',
    6,
    clusterId,
    true,
  );
  const c1b = await article(
    2,
    'Quill leads Alphas past Betas',
    'Fans enjoyed a sunny afternoon. Jordan Quill and the Alphas beat the Betas 24-17 with four touchdowns.',
    8,
    clusterId,
    false,
  );
  const c1c = await article(
    3,
    'Alphas top Betas behind Quill',
    'Jordan Quill was sharp again as the Alphas won.',
    10,
    clusterId,
    false,
  );
  await db.query('UPDATE clusters SET lead_article_id = $1 WHERE id = $2', [c1Lead, clusterId]);
  const single = await article(
    4,
    'Alphas sign backup kicker',
    'The Alphas signed a backup kicker on Tuesday.',
    20,
    null,
    true,
  );
  for (const [articleId, hours] of [
    [c1Lead, 6],
    [c1b, 8],
    [single, 20],
  ] as const) {
    await db.query('INSERT INTO article_players VALUES ($1, $2, $3)', [articleId, qb, hoursAgo(hours)]);
  }
  await db.query('INSERT INTO episode_players VALUES ($1, $2, $3)', [p1a, qb, hoursAgo(24)]);

  // Games around NOW: two outside the 7-day window.
  const game = (
    home: number,
    away: number,
    hours: number,
    status: string,
    hs: number | null,
    as: number | null,
    progress: string | null,
  ) =>
    one(
      db,
      `INSERT INTO games (sport_id, home_team_id, away_team_id, starts_at, status, progress, home_score, away_score)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [sportId, home, away, hoursAgo(hours), status, progress, hs, as],
    );
  await game(alpha, gamma, 10 * 24, 'finished', 3, 0, null);
  const finished = await game(alpha, beta, 48, 'finished', 24, 17, null);
  const inPlay = await game(beta, gamma, 2, 'in-play', 7, 10, 'Q3 4:12');
  const upcoming = await game(gamma, alpha, -72, 'not-started', null, null, null);
  await game(beta, alpha, -9 * 24, 'not-started', null, null, null);
  await db.query(
    `INSERT INTO standings (team_id, season, wins, losses, ties) VALUES
       ($1, '2025', 10, 3, 0), ($1, '2026', 8, 4, 1), ($2, '2026', 3, 9, 0)`,
    [alpha, beta],
  );

  // 15 posts of Alpha (two pages of 13), the newest also about Beta, with media as ingestion stores it.
  const mastodon = await source('mastodon', 1);
  const posts: number[] = [];
  for (let n = 1; n <= 15; n += 1) {
    const posted = hoursAgo(n);
    const id = await one(
      db,
      `INSERT INTO posts (source_id, uri, url, mastodon_id, text, posted_at, tweeter, quoted, link_preview, photos)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb) RETURNING id`,
      [
        mastodon,
        `https://social.example/statuses/${n}`,
        `https://social.example/@alphas/${n}`,
        String(1000 + n),
        `Post number ${n}`,
        posted,
        JSON.stringify({
          name: 'Alphas',
          screenName: 'alphas@social.example',
          imageUrl: null,
          type: 'mastodon',
        }),
        n === 1
          ? JSON.stringify({
              uri: 'u',
              url: null,
              text: 'Quoted words',
              postedAt: posted,
              tweeter: {
                name: 'Reporter',
                screenName: 'rep@social.example',
                imageUrl: 'https://img.example/r.png',
                type: 'mastodon',
              },
              photos: [],
            })
          : null,
        n === 1
          ? JSON.stringify({
              url: 'https://fixture.example/a/1',
              title: 'Card',
              description: '',
              imageUrl: 'https://img.example/c.jpg',
              providerName: 'Fixture News',
            })
          : null,
        JSON.stringify(
          n === 1
            ? [
                {
                  url: 'https://img.example/1.jpg',
                  previewUrl: 'https://img.example/1s.jpg',
                  description: 'A photo',
                  width: 800,
                  height: 600,
                },
              ]
            : [],
        ),
      ],
    );
    await db.query('INSERT INTO post_teams VALUES ($1, $2, $3)', [id, alpha, posted]);
    if (n === 1) await db.query('INSERT INTO post_teams VALUES ($1, $2, $3)', [id, beta, posted]);
    posts.push(id);
  }

  return {
    sportId,
    teams: { alpha, beta, gamma },
    podcasts: { p1, p2, p3 },
    episodes: { p1a, p1b, p1c, p2a, p2b, p3a },
    players: { qb, wr, lb, betaQb },
    articles: { c1Lead, c1b, c1c, single },
    clusterId,
    games: { finished, inPlay, upcoming },
    posts,
  };
}

/** The demo member's id (seeded). */
export async function demoUserId(db: Database): Promise<number> {
  return one(db, "SELECT id FROM users WHERE username = 'demo'", []);
}

/** A test app (every content route) on the fixture's clock. */
export async function buildContentApp(db: Database): Promise<SportSpyderApp> {
  // The app registers every content plugin; the fixture pins their clock.
  return buildTestApp(db, {}, { now: () => NOW });
}
