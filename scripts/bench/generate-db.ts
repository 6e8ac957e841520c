// Benchmark database generator (issue 3 "Scale"): makes a PGlite data folder the built server opens with
// DATA_DIR=<dir>, holding N articles (about 10,000 a day, newest now), 6,000 news/video sources and
// 6,000 podcasts with episodes. It runs the server's own migrations and seed, then fills the content
// tables with bulk `INSERT ... SELECT generate_series` SQL, not the pipeline: the feed pipeline would
// take hours for a million items, and the point here is the read path at scale.
//
// Distribution: sources are busy on a power law (source 1 the busiest); half the sources are team blogs
// (their items are filed under their team), a quarter are sport-wide outlets (items under a team of that
// sport), the rest general (items under a team drawn on a power law over the 447 teams, pro leagues
// first); a quarter of the items carry a second team of the same sport; every 20 items form one story
// cluster of 3 (one lead, 2 grouped sub-articles), so is_lead is true for 90% of items; 5% are videos.
// Secondary indexes are dropped during the load and re-created from their own definitions afterwards.
//
// Text reads like sports news, so that search is measured on realistic words (issue "Search"): every team
// gets 25 players named from the demo's name lists, and each article's title and summary are the demo's
// story templates (recaps, injuries, trades, signings, ...) filled with its team, an opponent of the same
// sport, players of both, a score, a position. `bench-meta.json` keeps a sample of team and player names
// for the search benchmark's queries, the generator version and the migrations the database was built
// with (a database of an older generator or older migrations is regenerated, not reused).
//
// Usage: npx tsx scripts/bench/generate-db.ts --dir=.data-bench/db-1m --articles=1000000
//        [--sources=6000] [--podcasts=6000]
// Writes <dir>/bench-meta.json (what was generated, how long it took, the team and source to query).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { PGliteDatabase } from '../../packages/server/src/db/pglite-database.js';
import { FIRST_NAMES, LAST_NAMES } from '../../packages/server/src/demo/names.js';
import { HEADLINES, type StoryKind, SUMMARIES } from '../../packages/server/src/demo/templates.js';
import { migrationsDir } from '../../packages/server/src/paths.js';
import { seed } from '../../packages/server/src/seed/seed.js';

/** Bumped when what the generator writes changes: databases of another version are regenerated. */
export const GENERATOR_VERSION = 2;

/** The migration files of the server, in order: a database built with other ones is regenerated. */
export function migrationNames(): string[] {
  return readdirSync(migrationsDir())
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** Names found in the generated text, for the search benchmark's queries. */
export interface SearchSample {
  /** Every team: full name, nickname, location. */
  teams: { fullName: string; name: string; location: string }[];
  /** 300 distinct player names that appear in titles. */
  players: string[];
}

/** What a generated database holds; saved as `bench-meta.json` next to the `pglite` folder. */
export interface BenchDbMeta {
  articles: number;
  sources: number;
  podcasts: number;
  episodes: number;
  teams: number;
  generatedAt: string;
  seconds: number;
  /** The team the benchmark pages through (the busiest general-coverage team). */
  teamSlug: string;
  /** The source the benchmark reads (the busiest). */
  sourceId: number;
  /** Articles filed under that team. */
  teamArticles: number;
  /** Articles of that source. */
  sourceArticles: number;
  /** Players generated (25 per team). */
  players: number;
  /** {@link GENERATOR_VERSION} of the generator that wrote it. */
  generator: number;
  /** The migrations it was built with ({@link migrationNames}). */
  migrations: string[];
  /** Names for search queries. */
  searchSample: SearchSample;
}

/** Players per team. */
const PLAYERS_PER_TEAM = 25;
const KINDS_WITH_PEOPLE: StoryKind[] = [
  'recap',
  'draw',
  'preview',
  'injury',
  'trade',
  'signing',
  'coaching',
  'rankings',
  'draft',
  'recruiting',
  'fantasy',
  'feature',
];

const ARTICLES_PER_DAY = 10_000;
const BATCH = 100_000;
const TABLES = ['articles', 'article_teams', 'article_sports', 'clusters'];

function arg(name: string, fallback?: number): number {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (found) return Number(found.split('=')[1]);
  if (fallback === undefined) throw new Error(`--${name}= is required`);
  return fallback;
}

async function reference(db: Database): Promise<void> {
  // Teams numbered 1..T, pro leagues first (they get more coverage), and 0..cnt-1 within their sport.
  await db.exec(`
    CREATE TEMP TABLE bench_teams AS
      SELECT row_number() OVER (ORDER BY s.is_college, s.position, t.id)::int AS n, t.id, t.sport_id,
             (row_number() OVER (PARTITION BY t.sport_id ORDER BY t.id) - 1)::int AS sn,
             (count(*) OVER (PARTITION BY t.sport_id))::int AS cnt
        FROM teams t JOIN sports s ON s.id = t.sport_id;
    CREATE INDEX ON bench_teams (n);
    CREATE INDEX ON bench_teams (sport_id, sn);
    CREATE INDEX ON bench_teams (id);`);
}

async function players(db: Database): Promise<void> {
  // Deterministic names: team n's player k is FIRST[(7n + 3k) mod F] LAST[(11n + 5k) mod L].
  await db.query(
    `INSERT INTO players (slug, name, team_id, sport_id, hot, trend)
     SELECT lower(f || '-' || l) || '-' || b.n || '-' || k, f || ' ' || l, b.id, b.sport_id, k = 0, (k % 5)::real
       FROM bench_teams b, generate_series(0, ${PLAYERS_PER_TEAM - 1}) k,
            LATERAL (SELECT ($1::text[])[1 + (b.n * 7 + k * 3) % cardinality($1::text[])] AS f,
                            ($2::text[])[1 + (b.n * 11 + k * 5) % cardinality($2::text[])] AS l) x
     ON CONFLICT (slug) DO NOTHING`,
    [FIRST_NAMES, LAST_NAMES],
  );
  await db.exec(`
    CREATE TEMP TABLE bench_players AS
      SELECT team_id, (row_number() OVER (PARTITION BY team_id ORDER BY id) - 1)::int AS k, name
        FROM players WHERE team_id IS NOT NULL;
    CREATE INDEX ON bench_players (team_id, k);`);
  // Fills a demo template: {T} team, {N} nickname, {L} location, {O}/{ON} opponent, {P}/{Q} players,
  // {C} coach, {R} prospect, {S} score, {POS}, {INJ}, {ST}, {Y} years, {M} money.
  await db.exec(`
    CREATE FUNCTION pg_temp.bench_fill(tmpl text, t text, n text, l text, o text, onn text, p text, q text,
                                       c text, r text, g bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
      SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
             replace(replace(replace(tmpl,
               '{T}', t), '{N}', n), '{L}', l), '{ON}', onn), '{O}', o), '{P}', p), '{Q}', q), '{C}', c),
               '{R}', r), '{S}', (14 + g % 21) || '-' || (7 + g % 13)),
               '{POS}', (ARRAY['quarterback','guard','forward','pitcher','goalie','midfielder','linebacker','shortstop'])[1 + g % 8]),
               '{INJ}', (ARRAY['hamstring','ankle','knee','shoulder','concussion','groin'])[1 + g % 6]),
               '{ST}', (ARRAY['questionable','doubtful','out','day-to-day'])[1 + g % 4]),
               '{Y}', (2 + g % 4)::text), '{M}', (10 + g % 90)::text)
    $f$;`);
}

async function catalogue(db: Database, sources: number, podcasts: number, t0: string): Promise<void> {
  const S = sources;
  await db.query(
    `INSERT INTO domains (id, host, name, label, is_youtube, paywall)
     SELECT g, 'bench-' || g || '.example', 'Bench Outlet ' || g,
            CASE WHEN g % 20 = 0 THEN 'Video' WHEN g % 4 >= 2 THEN 'Blog' ELSE 'News' END, g % 20 = 0, g % 50 = 7
       FROM generate_series(1, $1::int + $2::int) g`,
    [S, podcasts],
  );
  // Kinds: every 20th source a video channel; g % 4 = 1 sport outlet, 2..3 team blog, 0 general.
  await db.query(
    `INSERT INTO sources (id, domain_id, kind, feed_url, title, sport_id, next_fetch_at)
     SELECT g, g, CASE WHEN g > $1 THEN 'podcast' WHEN g % 20 = 0 THEN 'video' ELSE 'news' END,
            'https://bench-' || g || '.example/feed', 'Bench Feed ' || g,
            CASE WHEN g <= $1 AND g % 4 = 1
                 THEN (SELECT sport_id FROM bench_teams WHERE n = 1 + (g * 7) % (SELECT count(*) FROM bench_teams)) END,
            $3::timestamptz + interval '30 days'
       FROM generate_series(1, $1::int + $2::int) g`,
    [S, podcasts, t0],
  );
  await db.query(
    `INSERT INTO source_teams (source_id, team_id)
     SELECT g, (SELECT id FROM bench_teams WHERE n = 1 + g % (SELECT count(*) FROM bench_teams))
       FROM generate_series(1, $1::int) g WHERE g % 4 >= 2`,
    [S],
  );
  await db.exec(`
    CREATE TEMP TABLE bench_sources AS
      SELECT s.id, s.kind, st.team_id AS blog_team, COALESCE(s.sport_id, bt.sport_id) AS sport_id,
             (SELECT count(*) FROM bench_teams x WHERE x.sport_id = s.sport_id)::int AS sport_cnt
        FROM sources s LEFT JOIN source_teams st ON st.source_id = s.id
        LEFT JOIN bench_teams bt ON bt.id = st.team_id WHERE s.kind <> 'podcast';
    CREATE INDEX ON bench_sources (id);`);
  await db.query(
    `INSERT INTO podcasts (id, source_id, feed_url, title, author, episodes_count, explicit)
     SELECT g, $1::int + g, 'https://bench-' || ($1::int + g) || '.example/feed', 'Bench Podcast ' || g,
            'Host ' || g, 5, false
       FROM generate_series(1, $2::int) g`,
    [S, podcasts],
  );
  await db.query(
    `INSERT INTO podcast_teams (podcast_id, team_id)
     SELECT g, (SELECT id FROM bench_teams WHERE n = 1 + g % (SELECT count(*) FROM bench_teams))
       FROM generate_series(1, $1::int) g WHERE g % 2 = 0`,
    [podcasts],
  );
  await db.query(
    `INSERT INTO podcast_sports (podcast_id, sport_id)
     SELECT g, (SELECT sport_id FROM bench_teams WHERE n = 1 + g % (SELECT count(*) FROM bench_teams))
       FROM generate_series(1, $1::int) g`,
    [podcasts],
  );
  // Five episodes per podcast, one every ~3 days, the newest within the last day.
  await db.query(
    `INSERT INTO podcast_episodes (podcast_id, guid, title, summary, enclosure_url, enclosure_type, duration,
                                   published_at, hot)
     SELECT p, 'ep-' || p || '-' || e, 'Episode ' || e || ' of podcast ' || p, 'What we talked about.',
            'https://bench-' || p || '.example/ep' || e || '.mp3', 'audio/mpeg', 1800 + (p * e) % 1800,
            $2::timestamptz - make_interval(hours => e * 72 + p % 24), p % 97 = 0
       FROM generate_series(1, $1::int) p, generate_series(0, 4) e`,
    [podcasts, t0],
  );
}

async function articles(db: Database, total: number, S: number, t0: string): Promise<void> {
  const headlines = KINDS_WITH_PEOPLE.flatMap((kind) => HEADLINES[kind]);
  const summaries = KINDS_WITH_PEOPLE.flatMap((kind) => SUMMARIES[kind]);
  const T = Number((await db.query<{ c: number }>('SELECT count(*)::int AS c FROM bench_teams')).rows[0]?.c);
  const spanSeconds = Math.max(1, total / ARTICLES_PER_DAY) * 86_400;
  // Story clusters: items g with (g-1) % 20 in 0..2 share cluster (g-1)/20 + 1, the first one leads.
  await db.query(
    `INSERT INTO clusters (id, lead_article_id, sources_count, first_seen_at, last_seen_at, hot, signature)
     SELECT k + 1, k * 20 + 1, 3, t, t + interval '2 hours', k % 10 = 0, 'bench ' || k
       FROM (SELECT k, $2::timestamptz - make_interval(secs => ($1::float8 - (k * 20 + 1)) * $3::float8 / $1::float8)
                     AS t FROM generate_series(0, ($1::int - 1) / 20) k) c`,
    [total, t0, spanSeconds],
  );
  for (let lo = 1; lo <= total; lo += BATCH) {
    const hi = Math.min(total, lo + BATCH - 1);
    const started = performance.now();
    await db.query('DROP TABLE IF EXISTS bench_batch');
    await db.query(
      `CREATE TEMP TABLE bench_batch AS
       WITH base AS (
         SELECT g, (1 + floor($5::int * power(random(), 2)))::int AS src, random() AS r1, random() AS r2,
                random() AS r3,
                $2::timestamptz - make_interval(secs => ($1::float8 - g) * $3::float8 / $1::float8) AS pub
           FROM generate_series($6::int, $7::int) g
       )
       SELECT b.g, b.src, b.pub, b.r2, b.r3, bs.kind, (b.g - 1) % 20 NOT IN (1, 2) AS is_lead,
              CASE WHEN (b.g - 1) % 20 < 3 THEN (b.g - 1) / 20 + 1 END AS cluster_id,
              COALESCE(bs.blog_team, ts.id, tg.id) AS team1
         FROM base b JOIN bench_sources bs ON bs.id = b.src
         LEFT JOIN bench_teams ts ON bs.blog_team IS NULL AND ts.sport_id = bs.sport_id
                                  AND ts.sn = floor(b.r1 * bs.sport_cnt)::int
         LEFT JOIN bench_teams tg ON tg.n = 1 + floor($4::int * power(b.r1, 1.6))::int`,
      [total, t0, spanSeconds, T, S, lo, hi],
    );
    await db.query(
      `INSERT INTO articles (id, source_id, domain_id, kind, guid, url, canonical_url, title, summary, author,
                            published_at, spyder_at, paywall, hot, cluster_id, is_lead)
      SELECT b.g, b.src, b.src, CASE WHEN b.kind = 'video' THEN 'video' ELSE 'article' END, 'bench-' || b.g,
             'https://bench-' || b.src || '.example/story/' || b.g, 'https://bench-' || b.src || '.example/story/' || b.g,
             pg_temp.bench_fill(($1::text[])[1 + b.g % cardinality($1::text[])], t.full_name, t.name, t.location,
                                o.full_name, o.name, coalesce(p.name, t.name), coalesce(q.name, o.name),
                                coalesce(c.name, t.name), coalesce(r.name, o.name), b.g),
             pg_temp.bench_fill(($2::text[])[1 + b.g % cardinality($2::text[])] || ' ' ||
                                ($2::text[])[1 + (b.g / 7) % cardinality($2::text[])], t.full_name, t.name,
                                t.location, o.full_name, o.name, coalesce(p.name, t.name), coalesce(q.name, o.name),
                                coalesce(c.name, t.name), coalesce(r.name, o.name), b.g),
             'Writer ' || (b.g % 500), b.pub, b.pub, b.src % 50 = 7, false, b.cluster_id, b.is_lead
        FROM bench_batch b
        JOIN teams t ON t.id = b.team1
        JOIN bench_teams bt ON bt.id = b.team1
        JOIN bench_teams bo ON bo.sport_id = bt.sport_id
         AND bo.sn = (bt.sn + 1 + b.g % greatest(bt.cnt - 1, 1)) % bt.cnt
        JOIN teams o ON o.id = bo.id
        LEFT JOIN bench_players p ON p.team_id = b.team1 AND p.k = b.g % ${PLAYERS_PER_TEAM}
        LEFT JOIN bench_players q ON q.team_id = bo.id AND q.k = (b.g / 3) % ${PLAYERS_PER_TEAM}
        LEFT JOIN bench_players c ON c.team_id = b.team1 AND c.k = (b.g / 11) % ${PLAYERS_PER_TEAM}
        LEFT JOIN bench_players r ON r.team_id = bo.id AND r.k = (b.g / 5) % ${PLAYERS_PER_TEAM}`,
      [headlines, summaries],
    );
    await db.exec(`
      CREATE TEMP TABLE bench_tags AS
        SELECT b.g, b.src, b.pub, b.kind, b.is_lead, b.team1 AS team_id FROM bench_batch b
        UNION ALL
        SELECT b.g, b.src, b.pub, b.kind, b.is_lead, t2.id FROM bench_batch b JOIN bench_teams t1 ON t1.id = b.team1
          JOIN bench_teams t2 ON t2.sport_id = t1.sport_id
           AND t2.sn = (t1.sn + 1 + floor(b.r3 * (t1.cnt - 1))::int) % t1.cnt
         WHERE b.r2 < 0.25 AND t1.cnt > 1;
      INSERT INTO article_teams (article_id, team_id, published_at, kind, is_lead, source_id)
        SELECT g, team_id, pub, CASE WHEN kind = 'video' THEN 'video' ELSE 'article' END, is_lead, src FROM bench_tags;
      INSERT INTO article_sports (article_id, sport_id, published_at, kind, is_lead)
        SELECT DISTINCT x.g, t.sport_id, x.pub, CASE WHEN x.kind = 'video' THEN 'video' ELSE 'article' END, x.is_lead
          FROM bench_tags x JOIN bench_teams t ON t.id = x.team_id;
      DROP TABLE bench_tags;`);
    console.log(`  articles ${lo}..${hi} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

async function droppableIndexes(db: Database): Promise<{ name: string; def: string }[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [TABLES],
  );
  return rows;
}

/** Generates a benchmark database in `<dir>/pglite` (replacing any) and returns what it holds. */
export async function generateBenchDb(options: {
  dir: string;
  articles: number;
  sources: number;
  podcasts: number;
}): Promise<BenchDbMeta> {
  const started = performance.now();
  const dir = resolve(options.dir);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'pglite'), { recursive: true });
  const db = await PGliteDatabase.open({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(db);
    await seed(db);
    const t0 = new Date().toISOString();
    await db.query('SELECT setseed(0.42)');
    await reference(db);
    await players(db);
    await catalogue(db, options.sources, options.podcasts, t0);
    const indexes = await droppableIndexes(db);
    for (const index of indexes) await db.exec(`DROP INDEX ${index.name}`);
    await articles(db, options.articles, options.sources, t0);
    const indexing = performance.now();
    for (const index of indexes) await db.exec(index.def);
    console.log(
      `  ${indexes.length} indexes rebuilt in ${((performance.now() - indexing) / 1000).toFixed(1)} s`,
    );
    for (const [table, column] of [
      ['domains', 'id'],
      ['sources', 'id'],
      ['podcasts', 'id'],
      ['articles', 'id'],
      ['clusters', 'id'],
    ]) {
      await db.query(
        `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`,
      );
    }
    await db.exec('VACUUM ANALYZE');
    const team = (
      await db.query<{ slug: string; c: number }>(
        `SELECT t.slug, (SELECT count(*)::int FROM article_teams a WHERE a.team_id = t.id) AS c
           FROM bench_teams b JOIN teams t ON t.id = b.id WHERE b.n = 1`,
      )
    ).rows[0];
    const source = (
      await db.query<{ c: number }>('SELECT count(*)::int AS c FROM articles WHERE source_id = 1')
    ).rows[0];
    const counts = (
      await db.query<{ teams: number; episodes: number }>(
        `SELECT (SELECT count(*)::int FROM teams) AS teams,
                (SELECT count(*)::int FROM podcast_episodes) AS episodes`,
      )
    ).rows[0];
    const teamNames = await db.query<{ fullName: string; name: string; location: string }>(
      'SELECT full_name AS "fullName", name, location FROM teams ORDER BY id',
    );
    const playerNames = await db.query<{ name: string; c: number }>(
      `SELECT name, count(*)::int AS c FROM bench_players GROUP BY name ORDER BY md5(name) LIMIT 300`,
    );
    const playerCount = await db.query<{ c: number }>('SELECT count(*)::int AS c FROM players');
    const meta: BenchDbMeta = {
      articles: options.articles,
      sources: options.sources,
      podcasts: options.podcasts,
      episodes: Number(counts?.episodes),
      teams: Number(counts?.teams),
      generatedAt: t0,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      teamSlug: String(team?.slug),
      sourceId: 1,
      teamArticles: Number(team?.c),
      sourceArticles: Number(source?.c),
      players: Number(playerCount.rows[0]?.c),
      generator: GENERATOR_VERSION,
      migrations: migrationNames(),
      searchSample: { teams: teamNames.rows, players: playerNames.rows.map((r) => r.name) },
    };
    writeFileSync(join(dir, 'bench-meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
    return meta;
  } finally {
    await db.close();
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'));
if (isMain) {
  const dirArg = process.argv.find((a) => a.startsWith('--dir='))?.slice('--dir='.length);
  if (!dirArg) throw new Error('--dir= is required');
  const meta = await generateBenchDb({
    dir: dirArg,
    articles: arg('articles'),
    sources: arg('sources', 6000),
    podcasts: arg('podcasts', 6000),
  });
  const { searchSample: _sample, ...summary } = meta;
  console.log(JSON.stringify(summary));
}
