/**
 * Test data for the content read routes: a few domains and sources, articles with their tag rows and
 * clusters, a video, a player, a topic article, and an app with the content plugins registered.
 * @module
 */

import { buildTestApp } from '../../../__tests__/helpers/test-app.js';
import type { SportSpyderApp } from '../../../app.js';
import type { Database } from '../../../db/database.js';

/** Builds a test app with every content-read plugin of this module (top stories not cached). */
export async function buildContentApp(db: Database): Promise<SportSpyderApp> {
  // Every content plugin is registered by the app; top stories are not cached so tests see changes.
  const app = await buildTestApp(db, { rateLimitMax: 10_000 }, { sharedTtlMs: 0 });
  await app.ready();
  return app;
}

async function one<T>(db: Database, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  const row = rows[0];
  if (!row) throw new Error(`fixture query found nothing: ${sql}`);
  return row;
}

/** Fields of an inserted test article. */
export interface ArticleSpec {
  sourceId: number;
  title: string;
  hoursAgo: number;
  teams?: number[];
  sports?: number[];
  topics?: number[];
  players?: number[];
  kind?: 'article' | 'video';
  clusterId?: number | null;
  isLead?: boolean;
  summary?: string;
  url?: string;
}

/** Inserts an article and its tag rows (published_at, kind and is_lead copied like the pipeline does). */
export async function insertArticle(db: Database, spec: ArticleSpec): Promise<number> {
  const kind = spec.kind ?? 'article';
  const isLead = spec.isLead ?? true;
  const { id } = await one<{ id: number }>(
    db,
    `INSERT INTO articles (source_id, domain_id, kind, guid, url, canonical_url, title, summary, author,
       image_url, published_at, youtube_id, duration, cluster_id, is_lead)
     SELECT s.id, s.domain_id, $2, $3, $4, $4, $5, $6, 'Pat Writer', $4 || '/img.jpg',
       now() - make_interval(mins => $7), $8, $9, $10, $11
     FROM sources s WHERE s.id = $1 RETURNING id::int AS id`,
    [
      spec.sourceId,
      kind,
      `guid-${spec.title}`,
      spec.url ?? `https://example.test/${encodeURIComponent(spec.title)}`,
      spec.title,
      spec.summary ?? `Summary of ${spec.title}`,
      Math.round(spec.hoursAgo * 60),
      kind === 'video' ? 'yt123' : null,
      kind === 'video' ? 95 : null,
      spec.clusterId ?? null,
      isLead,
    ],
  );
  const copy = 'SELECT published_at FROM articles WHERE id = $1';
  for (const team of spec.teams ?? []) {
    await db.query(
      `INSERT INTO article_teams (article_id, team_id, published_at, kind, is_lead, source_id)
       SELECT $1, $2, published_at, $3, $4, source_id FROM articles WHERE id = $1`,
      [id, team, kind, isLead],
    );
  }
  for (const sport of spec.sports ?? []) {
    await db.query(
      `INSERT INTO article_sports (article_id, sport_id, published_at, kind, is_lead)
       SELECT $1, $2, published_at, $3, $4 FROM articles WHERE id = $1`,
      [id, sport, kind, isLead],
    );
  }
  for (const topic of spec.topics ?? []) {
    await db.query(
      `INSERT INTO article_topics (article_id, topic_id, published_at) SELECT $1, $2, published_at
       FROM (${copy}) a`,
      [id, topic],
    );
  }
  for (const player of spec.players ?? []) {
    await db.query(
      `INSERT INTO article_players (article_id, player_id, published_at) SELECT $1, $2, published_at
       FROM (${copy}) a`,
      [id, player],
    );
  }
  return id;
}

/** The ids of the fixture. */
export interface ContentFixture {
  nfl: number;
  packers: number;
  raiders: number;
  golf: number;
  demoUserId: number;
  domains: { nation: number; ledger: number; tube: number };
  sources: { nation: number; ledger: number; tube: number; golfDigest: number };
  player: number;
  cluster: number;
  /** Lead of the cluster (newest packers article) and its sub-article from the ledger. */
  lead: number;
  sub: number;
  /** The other packers leads, newest first. */
  packersLeads: number[];
  raidersArticle: number;
  video: number;
  golfArticle: number;
}

/**
 * Inserts the fixture: Packers Nation (a Packers blog, 20 leads + the cluster lead), The Ledger
 * (a paywalled NFL outlet with the cluster's sub-article and a Raiders article), Packers Tube (a
 * YouTube channel with one video) and Golf Digest (a golf article).
 */
export async function seedContent(db: Database): Promise<ContentFixture> {
  const { id: nfl } = await one<{ id: number }>(db, "SELECT id FROM sports WHERE slug = 'nfl'");
  const { id: packers } = await one<{ id: number }>(
    db,
    "SELECT id FROM teams WHERE slug = 'green-bay-packers'",
  );
  const { id: raiders } = await one<{ id: number }>(
    db,
    "SELECT id FROM teams WHERE slug = 'las-vegas-raiders'",
  );
  const { id: golf } = await one<{ id: number }>(db, "SELECT id FROM topics WHERE slug = 'golf'");
  const { id: demoUserId } = await one<{ id: number }>(db, "SELECT id FROM users WHERE username = 'demo'");

  const domain = async (host: string, name: string, extra: { paywall?: boolean; youtube?: boolean } = {}) =>
    (
      await one<{ id: number }>(
        db,
        `INSERT INTO domains (host, name, favicon, description, label, is_youtube, paywall)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          host,
          name,
          `https://${host}/favicon.ico`,
          `${name} covers the news`,
          extra.youtube ? 'Video' : null,
          extra.youtube ?? false,
          extra.paywall ?? false,
        ],
      )
    ).id;
  const domains = {
    nation: await domain('packersnation.example', 'Packers Nation'),
    ledger: await domain('ledger.example', 'The Ledger', { paywall: true }),
    tube: await domain('youtube.com', 'Packers Tube', { youtube: true }),
  };
  const golfDomain = await domain('golfdigest.example', 'Golf Digest');
  const source = async (
    domainId: number,
    kind: string,
    title: string,
    opts: { sport?: number; topic?: number } = {},
  ) =>
    (
      await one<{ id: number }>(
        db,
        `INSERT INTO sources (domain_id, kind, feed_url, title, sport_id, topic_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          domainId,
          kind,
          `https://feeds.example/${encodeURIComponent(title)}.xml`,
          title,
          opts.sport ?? null,
          opts.topic ?? null,
        ],
      )
    ).id;
  const sources = {
    nation: await source(domains.nation, 'news', 'Packers Nation'),
    ledger: await source(domains.ledger, 'news', 'The Ledger', { sport: nfl }),
    tube: await source(domains.tube, 'video', 'Packers Tube'),
    golfDigest: await source(golfDomain, 'news', 'Golf Digest', { topic: golf }),
  };
  await db.query('INSERT INTO source_teams (source_id, team_id) VALUES ($1, $2), ($3, $2)', [
    sources.nation,
    packers,
    sources.tube,
  ]);
  const { id: player } = await one<{ id: number }>(
    db,
    `INSERT INTO players (slug, name, team_id, sport_id, number, trend, hot)
     VALUES ('casey-quill', 'Casey Quill', $1, $2, '12', 5, true) RETURNING id`,
    [packers, nfl],
  );
  const { id: cluster } = await one<{ id: number }>(
    db,
    `INSERT INTO clusters (sources_count, first_seen_at, last_seen_at, hot)
     VALUES (2, now() - interval '2 hours', now() - interval '1 hour', true) RETURNING id::int AS id`,
  );

  const packersLeads: number[] = [];
  for (let i = 20; i >= 1; i -= 1) {
    packersLeads.unshift(
      await insertArticle(db, {
        sourceId: sources.nation,
        title: `Packers note ${i}`,
        hoursAgo: 2 + (20 - i),
        teams: [packers],
        sports: [nfl],
      }),
    );
  }
  const sub = await insertArticle(db, {
    sourceId: sources.ledger,
    title: 'Ledger: Quill signs extension',
    hoursAgo: 1.5,
    teams: [packers],
    sports: [nfl],
    players: [player],
    clusterId: cluster,
    isLead: false,
  });
  const raidersArticle = await insertArticle(db, {
    sourceId: sources.ledger,
    title: 'Raiders & <friends> win',
    hoursAgo: 3.5,
    teams: [raiders],
    sports: [nfl],
  });
  const lead = await insertArticle(db, {
    sourceId: sources.nation,
    title: 'Quill signs extension',
    hoursAgo: 1,
    teams: [packers],
    sports: [nfl],
    players: [player],
    clusterId: cluster,
  });
  await db.query('UPDATE clusters SET lead_article_id = $1 WHERE id = $2', [lead, cluster]);
  const video = await insertArticle(db, {
    sourceId: sources.tube,
    title: 'Quill highlights',
    hoursAgo: 4,
    teams: [packers],
    sports: [nfl],
    players: [player],
    kind: 'video',
  });
  const golfArticle = await insertArticle(db, {
    sourceId: sources.golfDigest,
    title: 'Golf: a big week',
    hoursAgo: 5,
    topics: [golf],
  });
  return {
    nfl,
    packers,
    raiders,
    golf,
    demoUserId,
    domains,
    sources,
    player,
    cluster,
    lead,
    sub,
    packersLeads: packersLeads.reverse(),
    raidersArticle,
    video,
    golfArticle,
  };
}
