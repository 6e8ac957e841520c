/**
 * Demo preparation on start: generates the demo (see `generateDemo`), writes the feed files and the
 * audio under `<dataDir>/demo/`, and stores domains, sources (feed URL `demo:feeds/<file>`), their default
 * teams, positions, players, games and standings, and the demo member's fantasy team. The ingest pipeline
 * then fetches the feeds like any other. Idempotent: a second start skips it; a start more than `refreshAfterMs` later rewrites the feed
 * files and replaces the games and standings relative to the new `now` (players and sources stay).
 * @module
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable } from '../db/database.js';
import { DEMO_ASSET_ORIGIN } from './asset-urls.js';
import { DEFAULT_DEMO_SEED, generateDemo } from './generate-demo.js';
import type { DemoData } from './types.js';
import { writeDemoAudio } from './wav.js';

/** The feed URL scheme of demo sources: `demo:feeds/<file>` resolves to `<dataDir>/demo/feeds/<file>`. */
export const DEMO_FEED_PREFIX = 'demo:feeds/';

/** A start this long after the demo was generated moves its dates to the new now (20 hours). */
export const DEMO_REFRESH_AFTER_MS = 20 * 3_600_000;

/** Options of {@link prepareDemo}. */
export interface PrepareDemoOptions {
  /** The data folder (DATA_DIR). */
  dataDir: string;
  /** The current time (default: now). */
  now?: Date;
  /** The seed (default 42). */
  seed?: number;
  /** Regenerate dated data when the last run is older than this (default 20 hours). */
  refreshAfterMs?: number;
}

/** What {@link prepareDemo} did. */
export interface PrepareDemoResult {
  /** `created` on the first run, `refreshed` when dates were moved to the new now, `skipped` otherwise. */
  action: 'created' | 'refreshed' | 'skipped';
  /** Sources generated (0 when skipped). */
  sources: number;
  /** Articles written to news feeds. */
  articles: number;
  /** Videos written to channel feeds. */
  videos: number;
  /** Podcast episodes written. */
  episodes: number;
  /** Mastodon statuses written. */
  posts: number;
  /** Players inserted. */
  players: number;
  /** Games stored. */
  games: number;
  /** Standings stored. */
  standings: number;
}

/** The feed folder under a data folder. */
export function demoFeedsDir(dataDir: string): string {
  return join(dataDir, 'demo', 'feeds');
}

/** The audio folder under a data folder. */
export function demoAudioDir(dataDir: string): string {
  return join(dataDir, 'demo', 'audio');
}

async function readReference(db: Queryable) {
  const sports = await db.query<{ slug: string; name: string; is_college: boolean }>(
    'SELECT slug, name, is_college FROM sports ORDER BY position, id',
  );
  const teams = await db.query<{
    slug: string;
    sport_slug: string;
    name: string;
    full_name: string;
    short_name: string;
    location: string;
  }>(
    `SELECT t.slug, s.slug AS sport_slug, t.name, t.full_name, t.short_name, t.location
     FROM teams t JOIN sports s ON s.id = t.sport_id ORDER BY t.id`,
  );
  const topics = await db.query<{ slug: string; name: string }>(
    'SELECT slug, name FROM topics ORDER BY position, id',
  );
  return {
    sports: sports.rows.map((s) => ({ slug: s.slug, name: s.name, isCollege: s.is_college })),
    teams: teams.rows.map((t) => ({
      slug: t.slug,
      sportSlug: t.sport_slug,
      name: t.name,
      fullName: t.full_name,
      shortName: t.short_name,
      location: t.location,
    })),
    topics: topics.rows,
  };
}

function writeFiles(demo: DemoData, dataDir: string): void {
  const feeds = demoFeedsDir(dataDir);
  mkdirSync(feeds, { recursive: true });
  for (const source of demo.sources) writeFileSync(join(feeds, source.feedFile), source.body);
  writeDemoAudio(demoAudioDir(dataDir));
}

const json = (rows: unknown[]) => JSON.stringify(rows);

async function storeCatalogue(tx: Queryable, demo: DemoData): Promise<number> {
  const domains = [...new Map(demo.sources.map((s) => [s.host, s])).values()].map((s) => ({
    host: s.host,
    name: s.name,
    description: s.kind === 'news' ? s.description : null,
    // The contract's `label` is the display name of the publication (cards show it): the name.
    label: s.name,
    is_youtube: s.format === 'youtube',
    paywall: s.paywall,
  }));
  await tx.query(
    `INSERT INTO domains (host, name, description, label, is_youtube, paywall)
     SELECT host, name, description, label, is_youtube, paywall
     FROM jsonb_to_recordset($1::jsonb) AS x(host text, name text, description text, label text, is_youtube boolean,
       paywall boolean)
     ON CONFLICT (host) DO NOTHING`,
    [json(domains)],
  );
  const sources = demo.sources.map((s, n) => ({
    host: s.host,
    kind: s.kind,
    feed_url: `${DEMO_FEED_PREFIX}${s.feedFile}`,
    title: s.title,
    description: s.description,
    sport_slug: s.sportSlug,
    topic_slug: s.topicSlug,
    n,
  }));
  const inserted = await tx.query(
    `INSERT INTO sources (domain_id, kind, feed_url, title, description, sport_id, topic_id)
     SELECT d.id, x.kind, x.feed_url, x.title, x.description, sp.id, tp.id
     FROM jsonb_to_recordset($1::jsonb) AS x(host text, kind text, feed_url text, title text, description text,
       sport_slug text, topic_slug text, n int)
     JOIN domains d ON d.host = x.host
     LEFT JOIN sports sp ON sp.slug = x.sport_slug
     LEFT JOIN topics tp ON tp.slug = x.topic_slug
     ORDER BY x.n
     ON CONFLICT (feed_url) DO NOTHING RETURNING id`,
    [json(sources)],
  );
  const links = demo.sources.flatMap((s) =>
    s.teamSlugs.map((team) => ({ feed_url: `${DEMO_FEED_PREFIX}${s.feedFile}`, team })),
  );
  await tx.query(
    `INSERT INTO source_teams (source_id, team_id)
     SELECT s.id, t.id FROM jsonb_to_recordset($1::jsonb) AS x(feed_url text, team text)
     JOIN sources s ON s.feed_url = x.feed_url JOIN teams t ON t.slug = x.team
     ON CONFLICT DO NOTHING`,
    [json(links)],
  );
  return inserted.rows.length;
}

async function storePlayers(tx: Queryable, demo: DemoData): Promise<number> {
  await tx.query(
    `INSERT INTO positions (sport_id, name, abbr, grp)
     SELECT s.id, x.name, x.abbr, x.grp FROM jsonb_to_recordset($1::jsonb) AS x(sport text, name text, abbr text, grp text)
     JOIN sports s ON s.slug = x.sport
     ON CONFLICT (sport_id, abbr) DO NOTHING`,
    [json(demo.positions.map((p) => ({ sport: p.sportSlug, name: p.name, abbr: p.abbr, grp: p.group })))],
  );
  const players = demo.players.map((p, n) => ({
    slug: p.slug,
    name: p.name,
    team: p.teamSlug,
    sport: p.sportSlug,
    position: p.position,
    number: p.number,
    injury: p.injury,
    hot: p.hot,
    trend: p.trend,
    n,
  }));
  const inserted = await tx.query(
    `INSERT INTO players (slug, name, team_id, sport_id, position_id, number, injured, injury, hot, trend)
     SELECT x.slug, x.name, t.id, s.id, p.id, x.number, x.injury IS NOT NULL, x.injury, x.hot, x.trend
     FROM jsonb_to_recordset($1::jsonb) AS x(slug text, name text, team text, sport text, position text, number text,
       injury text, hot boolean, trend real, n int)
     JOIN sports s ON s.slug = x.sport
     JOIN teams t ON t.slug = x.team
     LEFT JOIN positions p ON p.sport_id = s.id AND p.abbr = x.position
     ORDER BY x.n
     ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [json(players)],
  );
  return inserted.rows.length;
}

// The demo owns the games table: games exist only for the demo's ±7-day window and are replaced whole.
async function storeGamesAndStandings(tx: Queryable, demo: DemoData): Promise<void> {
  await tx.query('DELETE FROM games');
  await tx.query(
    `INSERT INTO games (sport_id, home_team_id, away_team_id, starts_at, status, progress, home_score, away_score)
     SELECT s.id, h.id, a.id, x.starts_at, x.status, x.progress, x.home_score, x.away_score
     FROM jsonb_to_recordset($1::jsonb) AS x(sport text, home text, away text, starts_at timestamptz, status text,
       progress text, home_score int, away_score int, n int)
     JOIN sports s ON s.slug = x.sport JOIN teams h ON h.slug = x.home JOIN teams a ON a.slug = x.away
     ORDER BY x.n`,
    [
      json(
        demo.games.map((g, n) => ({
          sport: g.sportSlug,
          home: g.homeSlug,
          away: g.awaySlug,
          starts_at: g.startsAt.toISOString(),
          status: g.status,
          progress: g.progress,
          home_score: g.homeScore,
          away_score: g.awayScore,
          n,
        })),
      ),
    ],
  );
  await tx.query(
    `INSERT INTO standings (team_id, season, wins, losses, ties)
     SELECT t.id, x.season, x.wins, x.losses, x.ties
     FROM jsonb_to_recordset($1::jsonb) AS x(team text, season text, wins int, losses int, ties int)
     JOIN teams t ON t.slug = x.team
     ON CONFLICT (team_id, season) DO UPDATE SET wins = EXCLUDED.wins, losses = EXCLUDED.losses, ties = EXCLUDED.ties`,
    [
      json(
        demo.standings.map((s) => ({
          team: s.teamSlug,
          season: s.season,
          wins: s.wins,
          losses: s.losses,
          ties: s.ties,
        })),
      ),
    ],
  );
}

/** The demo member's fantasy team (spec 3 §3 "Fantasy"): its name and the roster's positions. */
export const DEMO_FANTASY_TEAM = {
  name: 'Demo Dynasty',
  sportSlug: 'nfl',
  positions: ['QB', 'RB', 'RB', 'WR', 'WR', 'WR', 'TE', 'K'],
} as const;

/**
 * Gives the demo member (username `demo`) its NFL fantasy team once: eight of the most talked-about
 * players, each from a different team, rostered at their positions. Does nothing when the member or
 * the players are missing, or when the team exists already (one query then).
 *
 * @example
 * await storeDemoFantasyTeam(db);
 */
export async function storeDemoFantasyTeam(db: Queryable): Promise<void> {
  const { name, sportSlug, positions } = DEMO_FANTASY_TEAM;
  const exists = await db.query<{ id: number }>(
    `SELECT f.id FROM fantasy_teams f JOIN users u ON u.id = f.user_id
     WHERE u.username = 'demo' AND f.name = $1`,
    [name],
  );
  if (exists.rows.length > 0) return;
  const candidates = await db.query<{ id: number; team_id: number; position_id: number; abbr: string }>(
    `SELECT p.id, p.team_id, p.position_id, pos.abbr FROM players p
     JOIN sports s ON s.id = p.sport_id JOIN positions pos ON pos.id = p.position_id
     WHERE s.slug = $1 AND p.team_id IS NOT NULL AND pos.abbr = ANY($2::text[])
     ORDER BY p.trend DESC, p.id`,
    [sportSlug, [...new Set(positions)]],
  );
  const usedTeams = new Set<number>();
  const roster: { player_id: number; position_id: number }[] = [];
  for (const abbr of positions) {
    const pick = candidates.rows.find(
      (c) =>
        c.abbr === abbr && !usedTeams.has(Number(c.team_id)) && !roster.some((r) => r.player_id === c.id),
    );
    if (!pick) continue;
    usedTeams.add(Number(pick.team_id));
    roster.push({ player_id: Number(pick.id), position_id: Number(pick.position_id) });
  }
  if (roster.length === 0) return;
  // The team and its roster in one statement, so a crash never leaves an empty demo team behind.
  await db.query(
    `WITH team AS (
       INSERT INTO fantasy_teams (user_id, name, sport_id)
       SELECT u.id, $1, s.id FROM users u, sports s WHERE u.username = 'demo' AND s.slug = $2
       RETURNING id
     )
     INSERT INTO fantasy_rosters (fantasy_team_id, player_id, position_id)
     SELECT team.id, x.player_id, x.position_id
     FROM team, jsonb_to_recordset($3::jsonb) AS x(player_id int, position_id int, n int) ORDER BY x.n`,
    [name, sportSlug, json(roster.map((r, n) => ({ ...r, n })))],
  );
}

/**
 * Prepares the demo data once (see the module comment). Call after `migrate` and `seed`, before the
 * first ingest of the demo sources.
 *
 * @example
 * await migrate(db);
 * await seed(db);
 * const demo = await prepareDemo(db, { dataDir: config.dataDir });
 * // then ingest every enabled source whose feed_url starts with DEMO_FEED_PREFIX, and localiseDemoUrls(db)
 */
export async function prepareDemo(db: Database, options: PrepareDemoOptions): Promise<PrepareDemoResult> {
  const now = options.now ?? new Date();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const refreshAfter = options.refreshAfterMs ?? DEMO_REFRESH_AFTER_MS;
  const state = (
    await db.query<{ seed: number; generated_at: Date | string }>(
      'SELECT seed, generated_at FROM demo_state WHERE id = 1',
    )
  ).rows[0];
  const fresh = state && now.getTime() - new Date(state.generated_at).getTime() < refreshAfter;
  const filesThere = existsSync(demoFeedsDir(options.dataDir)) && existsSync(demoAudioDir(options.dataDir));
  const empty = {
    sources: 0,
    articles: 0,
    videos: 0,
    episodes: 0,
    posts: 0,
    players: 0,
    games: 0,
    standings: 0,
  };
  if (fresh && filesThere) {
    // A data folder prepared before the fantasy tables existed still gets the demo fantasy team.
    await storeDemoFantasyTeam(db);
    return { action: 'skipped', ...empty };
  }

  const demo = generateDemo({ now, seed, ...(await readReference(db)) });
  writeFiles(demo, options.dataDir);
  if (fresh) {
    await storeDemoFantasyTeam(db);
    return { action: 'skipped', ...empty };
  }
  const players = await db.transaction(async (tx) => {
    await storeCatalogue(tx, demo);
    const inserted = await storePlayers(tx, demo);
    await storeDemoFantasyTeam(tx);
    await storeGamesAndStandings(tx, demo);
    await tx.query(
      `INSERT INTO demo_state (id, seed, generated_at, sources_count) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET seed = EXCLUDED.seed, generated_at = EXCLUDED.generated_at,
         sources_count = EXCLUDED.sources_count`,
      [seed, demo.now.toISOString(), demo.sources.length],
    );
    return inserted;
  });
  return {
    action: state ? 'refreshed' : 'created',
    sources: demo.sources.length,
    ...demo.counts,
    players,
    games: demo.games.length,
    standings: demo.standings.length,
  };
}

/**
 * Rewrites the placeholder asset origin of ingested demo items to site-relative paths (`/logos/...`,
 * `/demo/audio/...`) so they load from whatever host and port the server runs on. Run after each ingest
 * of demo sources; cheap when nothing matches.
 *
 * @example
 * await localiseDemoUrls(db);
 */
export async function localiseDemoUrls(db: Queryable): Promise<void> {
  const origin = DEMO_ASSET_ORIGIN;
  const like = `${origin}%`;
  const text: [string, string][] = [
    ['articles', 'image_url'],
    ['podcasts', 'image_url'],
    ['podcast_episodes', 'enclosure_url'],
    ['podcast_episodes', 'image_url'],
    ['domains', 'favicon'],
  ];
  for (const [table, column] of text) {
    await db.query(`UPDATE ${table} SET ${column} = replace(${column}, $1, '') WHERE ${column} LIKE $2`, [
      origin,
      like,
    ]);
  }
  for (const column of ['photos', 'tweeter', 'quoted', 'link_preview']) {
    await db.query(
      `UPDATE posts SET ${column} = replace(${column}::text, $1, '')::jsonb WHERE strpos(${column}::text, $1) > 0`,
      [origin],
    );
  }
}
