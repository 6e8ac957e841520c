/**
 * Test fixtures of the member routes: a test app with the member plugin and an inspectable outbox,
 * signed-in cookie jars for the demo accounts, and a few content rows (domains, sources, a
 * podcast with episodes, articles) inserted with plain SQL.
 * @module
 */

import { buildTestApp, CookieJar } from '../../../__tests__/helpers/test-app.js';
import type { SportSpyderApp } from '../../../app.js';
import type { Database } from '../../../db/database.js';
import { MemoryOutbox } from '../outbox.js';

/** The demo accounts' credentials (seeded). */
export const MEMBERS = {
  demo: ['demo@sportspyder.test', 'sportspyder-demo'],
  pro: ['pro@sportspyder.test', 'sportspyder-pro'],
  admin: ['admin@sportspyder.test', 'sportspyder-admin'],
} as const;

/** Builds an app with the member routes and a memory outbox (limits raised: files make many calls). */
export async function buildMemberApp(db: Database): Promise<{ app: SportSpyderApp; outbox: MemoryOutbox }> {
  const outbox = new MemoryOutbox();
  const app = await buildTestApp(db, { signInRateLimitMax: 1000, rateLimitMax: 10_000 }, { outbox });
  await app.ready();
  return { app, outbox };
}

/** A cookie jar signed in as one of the demo accounts. */
export async function signedIn(app: SportSpyderApp, who: keyof typeof MEMBERS): Promise<CookieJar> {
  const jar = new CookieJar();
  const [email, password] = MEMBERS[who];
  const res = await jar.signIn(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${who} failed: ${res.statusCode}`);
  return jar;
}

/** A cookie jar of a visitor, with its CSRF cookie. */
export async function visitor(app: SportSpyderApp): Promise<CookieJar> {
  const jar = new CookieJar();
  await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  return jar;
}

/** Answers a team's id by slug. */
export async function teamId(db: Database, slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM teams WHERE slug = $1', [slug]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no team ${slug}`);
  return Number(id);
}

/** The content rows {@link insertContent} made. */
export interface ContentFixture {
  /** A team blog of the Packers (2.5 items a day). */
  blogSourceId: number;
  /** A league-wide video channel. */
  videoSourceId: number;
  /** A Packers podcast with 3 episodes in the last 30 days and one older. */
  podcastId: number;
  /** Articles of the blog, oldest first. */
  articleIds: number[];
}

/** Inserts two sources (a blog and a video channel), a podcast with episodes and three articles. */
export async function insertContent(db: Database): Promise<ContentFixture> {
  const packers = await teamId(db, 'green-bay-packers');
  const one = async (sql: string, params: unknown[]) => {
    const { rows } = await db.query<{ id: number | string }>(sql, params);
    return Number(rows[0]?.id);
  };
  const blogDomain = await one(
    `INSERT INTO domains (host, name, favicon, description, label) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    ['cheeseheads.example', 'Cheesehead Daily', '/favicons/cheeseheads.png', 'A Packers blog', 'Blog'],
  );
  const videoDomain = await one(
    `INSERT INTO domains (host, name, is_youtube) VALUES ($1, $2, true) RETURNING id`,
    ['youtube.com/leaguetv', 'League TV'],
  );
  const blogSourceId = await one(
    `INSERT INTO sources (domain_id, kind, feed_url, title, items_per_day)
     VALUES ($1, 'news', 'https://cheeseheads.example/feed', 'Cheesehead Daily', 2.5) RETURNING id`,
    [blogDomain],
  );
  await db.query('INSERT INTO source_teams (source_id, team_id) VALUES ($1, $2)', [blogSourceId, packers]);
  const videoSourceId = await one(
    `INSERT INTO sources (domain_id, kind, feed_url, title, items_per_day)
     VALUES ($1, 'video', 'https://youtube.example/feeds/leaguetv', 'League TV', 12) RETURNING id`,
    [videoDomain],
  );
  const podcastId = await one(
    `INSERT INTO podcasts (feed_url, title, image_url) VALUES ($1, $2, $3) RETURNING id`,
    ['https://pod.example/pack.xml', 'Pack Talk', 'https://pod.example/pack.jpg'],
  );
  for (const [guid, daysAgo] of [
    ['e1', 1],
    ['e2', 8],
    ['e3', 20],
    ['e4', 45],
  ] as const) {
    await db.query(
      `INSERT INTO podcast_episodes (podcast_id, guid, title, enclosure_url, published_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(days => $5))`,
      [podcastId, guid, `Episode ${guid}`, `https://pod.example/${guid}.mp3`, daysAgo],
    );
  }
  const articleIds: number[] = [];
  for (let i = 1; i <= 3; i += 1) {
    articleIds.push(
      await one(
        `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, published_at)
         VALUES ($1, $2, $3, $4, $4, $5, now() - make_interval(hours => $6)) RETURNING id`,
        [blogSourceId, blogDomain, `g${i}`, `https://cheeseheads.example/${i}`, `Packers story ${i}`, 10 - i],
      ),
    );
  }
  return { blogSourceId, videoSourceId, podcastId, articleIds };
}
