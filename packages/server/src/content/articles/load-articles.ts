/**
 * Loads articles and videos by id into the contract's `Article` / `Video` shape, in the order of the
 * given ids, in one SQL statement: the rows (with domain and cluster), the grouped sub-articles, and
 * the teams and players of all of them come back as JSON columns of one row. A feed page appends the
 * same common table expressions to its id query ({@link articleDetailsSql}), so a whole page is one
 * statement (issue 15: PGlite runs one statement at a time, and each round trip costs more than the
 * index lookups it makes).
 * @module
 */
import type { Article, SubArticle, TeamRef, Video } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { jsonTupleSql, jsonTuples } from '../../db/json-tuples.js';
import { shiftPlaceholders } from '../../db/shift-placeholders.js';
import { DEMO_ARTICLE_SQL, demoPublisherUrl } from '../../demo/demo-publishers.js';
import type { OrderedIds } from '../ordered-ids.js';
import { jsonRows, toIso } from '../players/refs.js';
import { TeamDirectory } from './team-directory.js';

/** Sub-articles shown under one lead at most (the card shows 4, then "show more"). */
export const MAX_SUBARTICLES = 10;

/** Options of {@link loadArticles}. */
export interface LoadArticlesOptions {
  /** `video` adds `duration` (the contract's `Video`); default `article`. */
  kind?: 'article' | 'video';
  /** Skip the sub-articles (cards that never show them, e.g. player cards). */
  withSubarticles?: boolean;
}

interface ArticleRow {
  id: number | string;
  source_id: number;
  kind: string;
  url: string;
  title: string;
  summary: string | null;
  author: string | null;
  image_url: string | null;
  published_at: Date | string;
  spyder_at: Date | string;
  youtube_id: string | null;
  duration: number | null;
  paywall: boolean;
  hot: boolean;
  promoted: boolean;
  cluster_id: number | string | null;
  is_lead: boolean;
  domain_id: number;
  /** From a demo feed: its `.example` link goes to the server's own copy of the publication. */
  demo: boolean;
  domain_name: string;
  domain_favicon: string | null;
  domain_description: string | null;
  domain_label: string | null;
  domain_is_youtube: boolean;
  domain_paywall: boolean;
  cluster_hot: boolean | null;
}

interface TeamTagRow {
  article_id: number | string;
  team_id: number;
}

interface PlayerTagRow {
  article_id: number | string;
  id: number;
  name: string;
  slug: string;
}

/** The fields of {@link ARTICLE_COLUMNS}, in its order: an article row's JSON tuple (`db/json-tuples.ts`). */
const ARTICLE_FIELDS = [
  'id',
  'source_id',
  'kind',
  'url',
  'title',
  'summary',
  'author',
  'image_url',
  'published_at',
  'spyder_at',
  'youtube_id',
  'duration',
  'paywall',
  'hot',
  'promoted',
  'cluster_id',
  'is_lead',
  'domain_id',
  'domain_name',
  'domain_favicon',
  'domain_description',
  'domain_label',
  'domain_is_youtube',
  'domain_paywall',
  'cluster_hot',
  'demo',
] as const satisfies readonly (keyof ArticleRow)[];

const TEAM_TAG_FIELDS = ['article_id', 'team_id'] as const satisfies readonly (keyof TeamTagRow)[];

const PLAYER_TAG_FIELDS = [
  'article_id',
  'id',
  'name',
  'slug',
] as const satisfies readonly (keyof PlayerTagRow)[];

/**
 * The columns every article query selects (an article joined with its domain; `ARTICLE_FROM`). The
 * cluster's heat is read by primary key for each of the few rows: as a `LEFT JOIN clusters`, the
 * generic plans on a small database hashed every cluster on each call (0.1-0.4 ms of each details
 * statement at 10,000 articles, the same at 1,000,000; scratch A/B in one process, same answers).
 */
const ARTICLE_COLUMNS = `a.id, a.source_id, a.kind, a.url, a.title, a.summary, a.author, a.image_url,
  a.published_at, a.spyder_at, a.youtube_id, a.duration, a.paywall, a.hot, a.promoted, a.cluster_id,
  a.is_lead, d.id AS domain_id, d.name AS domain_name, d.favicon AS domain_favicon,
  d.description AS domain_description, d.label AS domain_label, d.is_youtube AS domain_is_youtube,
  d.paywall AS domain_paywall, (SELECT c.hot FROM clusters c WHERE c.id = a.cluster_id) AS cluster_hot,
  ${DEMO_ARTICLE_SQL} AS demo`;

/** What {@link ARTICLE_COLUMNS} selects from. */
const ARTICLE_FROM = 'articles a JOIN domains d ON d.id = a.domain_id';

function toSubArticle(row: ArticleRow, teams: TeamRef[], players: SubArticle['players']): SubArticle {
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    finalUrl: demoPublisherUrl(row.url, row.demo),
    author: row.author,
    spyderDate: toIso(row.spyder_at),
    postedDate: toIso(row.published_at),
    articleImage: row.image_url ? { url: row.image_url, homeUrl: demoPublisherUrl(row.url, row.demo) } : null,
    domain: {
      id: row.domain_id,
      name: row.domain_name,
      favicon: row.domain_favicon,
      description: row.domain_description,
      isYoutube: row.domain_is_youtube,
      label: row.domain_label ?? row.domain_name,
    },
    egg: { id: row.source_id },
    players,
    teams,
    // A story is hot when its cluster is (many sources, fast); an article can also be marked on its own.
    hot: row.hot || row.cluster_hot === true,
    promoted: row.promoted,
    paywall: row.paywall || row.domain_paywall,
    isYoutube: row.kind === 'video' || row.youtube_id !== null || row.domain_is_youtube,
  };
}

/**
 * The columns of {@link articleDetailsSql}: JSON arrays of tuples (`db/json-tuples.ts`; PostgreSQL's
 * `json` type, which PGlite may give as text), read by {@link assembleArticles}.
 */
export interface ArticleDetailsRow {
  rows: unknown;
  subs: unknown;
  teams: unknown;
  players: unknown;
}

/**
 * The common table expressions and the select list that load the details of the articles whose ids
 * the CTE `idsCte` (a column `article_id`) yields: append `detailsCtes` after it in a WITH and select
 * `detailsColumns`. `maxSubParam` is the placeholder of {@link MAX_SUBARTICLES}. Every set of ids is
 * passed as an array (`= ANY(ARRAY(...))`), so the planner keeps the primary-key and cluster index
 * lookups whatever it guesses about the CTE's size. The team tags come back as team ids only: their
 * refs are the process's {@link TeamDirectory} (reading each tag's team and sport here was 0.3-1.0 ms
 * of the statement).
 */
export function articleDetailsSql(
  idsCte: string,
  maxSubParam: string,
  withSubarticles = true,
): { detailsCtes: string; detailsColumns: string } {
  const subs = withSubarticles
    ? `SELECT * FROM (
         SELECT ${ARTICLE_COLUMNS},
           row_number() OVER (PARTITION BY a.cluster_id ORDER BY a.published_at DESC, a.id DESC) AS rn
         FROM ${ARTICLE_FROM}
         WHERE a.cluster_id = ANY(ARRAY(SELECT cluster_id FROM d_rows WHERE is_lead AND cluster_id IS NOT NULL))
           AND NOT a.is_lead AND NOT (a.id = ANY(ARRAY(SELECT article_id FROM ${idsCte})))
       ) s WHERE rn <= ${maxSubParam}`
    : `SELECT ${ARTICLE_COLUMNS}, 0::bigint AS rn
       FROM ${ARTICLE_FROM}
       WHERE false AND ${maxSubParam}::int IS NOT NULL`;
  return {
    detailsCtes: `d_rows AS (
         SELECT ${ARTICLE_COLUMNS}
         FROM ${ARTICLE_FROM}
         WHERE a.id = ANY(ARRAY(SELECT article_id FROM ${idsCte}))),
       d_subs AS (${subs}),
       d_all AS (SELECT id FROM d_rows UNION ALL SELECT id FROM d_subs),
       d_teams AS (
         SELECT at.article_id, at.team_id FROM article_teams at
         WHERE at.article_id = ANY(ARRAY(SELECT id FROM d_all))),
       d_players AS (
         SELECT ap.article_id, p.id, p.name, p.slug
         FROM article_players ap JOIN players p ON p.id = ap.player_id
         WHERE ap.article_id = ANY(ARRAY(SELECT id FROM d_all)))`,
    detailsColumns: `(SELECT json_agg(${jsonTupleSql('d_rows', ARTICLE_FIELDS)}) FROM d_rows) AS rows,
       (SELECT json_agg(${jsonTupleSql('d_subs', ARTICLE_FIELDS)} ORDER BY published_at DESC, id DESC)
        FROM d_subs) AS subs,
       (SELECT json_agg(${jsonTupleSql('d_teams', TEAM_TAG_FIELDS)}) FROM d_teams) AS teams,
       (SELECT json_agg(${jsonTupleSql('d_players', PLAYER_TAG_FIELDS)} ORDER BY name) FROM d_players)
        AS players`,
  };
}

/**
 * Loads articles (or videos) by id, in the order of `ids`; unknown ids are skipped. Each lead article
 * carries the other articles of its cluster (`is_lead = false`, newest first, one level) as
 * `subarticles`.
 *
 * @example
 * ```ts
 * const articles = await loadArticles(db, [42, 41]);
 * const videos = await loadArticles(db, [7], { kind: 'video' });
 * ```
 */
export async function loadArticles(
  db: Queryable,
  ids: readonly number[],
  opts?: { kind?: 'article'; withSubarticles?: boolean },
): Promise<Article[]>;
/** Loads videos by id (see the article overload). */
export async function loadArticles(
  db: Queryable,
  ids: readonly number[],
  opts: { kind: 'video'; withSubarticles?: boolean },
): Promise<Video[]>;
export async function loadArticles(
  db: Queryable,
  ids: readonly number[],
  opts: LoadArticlesOptions = {},
): Promise<Article[] | Video[]> {
  if (ids.length === 0) return [];
  const { detailsCtes, detailsColumns } = articleDetailsSql('d_ids', '$2', opts.withSubarticles !== false);
  const { rows } = await db.query<ArticleDetailsRow>(
    `WITH d_ids AS (SELECT unnest($1::bigint[]) AS article_id), ${detailsCtes} SELECT ${detailsColumns}`,
    [ids, MAX_SUBARTICLES],
  );
  return assembleArticles(db, ids, rows[0], opts);
}

/**
 * Loads the articles (or videos) a statement chooses (see {@link OrderedIds}), in its order, with their
 * details in the same statement: a combined feed's list is picked and loaded in one round trip.
 *
 * @example
 * ```ts
 * const articles = await loadArticlesOf(db, newestOf(teamFeed(team.id), 13));
 * const videos = await loadArticlesOf(db, newestOf(teamFeed(team.id, { kind: 'video' }), 5), { kind: 'video' });
 * ```
 */
export async function loadArticlesOf(
  db: Queryable,
  chosen: OrderedIds,
  opts?: { kind?: 'article'; withSubarticles?: boolean },
): Promise<Article[]>;
/** Loads the videos a statement chooses (see the article overload). */
export async function loadArticlesOf(
  db: Queryable,
  chosen: OrderedIds,
  opts: { kind: 'video'; withSubarticles?: boolean },
): Promise<Video[]>;
export async function loadArticlesOf(
  db: Queryable,
  chosen: OrderedIds,
  opts: LoadArticlesOptions = {},
): Promise<Article[] | Video[]> {
  const n = chosen.params.length;
  const { detailsCtes, detailsColumns } = articleDetailsSql(
    'd_ids',
    `$${n + 1}`,
    opts.withSubarticles !== false,
  );
  const { rows } = await db.query<ArticleDetailsRow & { ord: unknown }>(
    `WITH wanted AS (${chosen.sql}), d_ids AS (SELECT id AS article_id FROM wanted), ${detailsCtes}
     SELECT (SELECT json_agg(id ORDER BY ord) FROM wanted) AS ord, ${detailsColumns}`,
    [...chosen.params, MAX_SUBARTICLES],
  );
  return assembleArticles(db, jsonRows<number | string>(rows[0]?.ord).map(Number), rows[0], opts);
}

/**
 * Loads a combined feed's articles and videos, each list as its statement chooses it (see
 * {@link OrderedIds}), in one statement whose details (rows, sub-articles, teams, players) are read once
 * for both lists: 0.5-0.7 ms less per team feed than two statements of {@link loadArticlesOf} folded
 * together (scratch A/B in one process, 40 teams, same answers, 10,000 and 1,000,000 articles). An item
 * that one list shows is not repeated as a sub-article in the other.
 *
 * @example
 * ```ts
 * const { articles, videos } = await loadArticlesAndVideosOf(db,
 *   newestOf(teamFeed(team.id), 13), newestOf(teamFeed(team.id, { kind: 'video' }), 5));
 * ```
 */
export async function loadArticlesAndVideosOf(
  db: Queryable,
  articles: OrderedIds,
  videos: OrderedIds,
): Promise<{ articles: Article[]; videos: Video[] }> {
  const n = articles.params.length;
  const maxSub = `$${n + videos.params.length + 1}`;
  const { detailsCtes, detailsColumns } = articleDetailsSql('d_ids', maxSub);
  const { rows } = await db.query<ArticleDetailsRow & { ord_articles: unknown; ord_videos: unknown }>(
    `WITH w_articles AS (${articles.sql}), w_videos AS (${shiftPlaceholders(videos.sql, n)}),
       d_ids AS (SELECT id AS article_id FROM w_articles UNION ALL SELECT id FROM w_videos), ${detailsCtes}
     SELECT (SELECT json_agg(id ORDER BY ord) FROM w_articles) AS ord_articles,
       (SELECT json_agg(id ORDER BY ord) FROM w_videos) AS ord_videos, ${detailsColumns}`,
    [...articles.params, ...videos.params, MAX_SUBARTICLES],
  );
  const row = rows[0];
  const idsOf = (ord: unknown) => jsonRows<number | string>(ord).map(Number);
  const assemble = await articleAssembler(db, row);
  return {
    articles: assemble(idsOf(row?.ord_articles)) as Article[],
    videos: assemble(idsOf(row?.ord_videos), { kind: 'video' }) as Video[],
  };
}

/**
 * Turns the JSON columns of {@link articleDetailsSql} into articles (or videos) in the order of `ids`;
 * `db` is where they were read (its {@link TeamDirectory} names the tagged teams).
 */
export async function assembleArticles(
  db: Queryable,
  ids: readonly number[],
  details: ArticleDetailsRow | undefined,
  opts: LoadArticlesOptions = {},
): Promise<Article[] | Video[]> {
  return (await articleAssembler(db, details))(ids, opts);
}

/**
 * Reads the JSON columns of {@link articleDetailsSql} once, and answers the articles (or videos) of
 * any list of ids among them: a combined feed's articles and videos share one set of details.
 */
async function articleAssembler(
  db: Queryable,
  details: ArticleDetailsRow | undefined,
): Promise<(ids: readonly number[], opts?: LoadArticlesOptions) => Article[] | Video[]> {
  const rows = jsonTuples<ArticleRow>(details?.rows, ARTICLE_FIELDS);
  const subRows = jsonTuples<ArticleRow>(details?.subs, ARTICLE_FIELDS);
  const teamIdsOf = new Map<number, number[]>();
  for (const t of jsonTuples<TeamTagRow>(details?.teams, TEAM_TAG_FIELDS)) {
    const list = teamIdsOf.get(Number(t.article_id)) ?? [];
    list.push(Number(t.team_id));
    teamIdsOf.set(Number(t.article_id), list);
  }
  const directory = await TeamDirectory.of(db).lookup(new Set([...teamIdsOf.values()].flat()));
  const teamsOf = new Map<number, TeamRef[]>();
  for (const [articleId, teamIds] of teamIdsOf) teamsOf.set(articleId, directory.sorted(teamIds));
  const playersOf = new Map<number, SubArticle['players']>();
  for (const p of jsonTuples<PlayerTagRow>(details?.players, PLAYER_TAG_FIELDS)) {
    const list = playersOf.get(Number(p.article_id)) ?? [];
    list.push({ id: p.id, name: p.name, slug: p.slug });
    playersOf.set(Number(p.article_id), list);
  }
  const build = (row: ArticleRow) =>
    toSubArticle(row, teamsOf.get(Number(row.id)) ?? [], playersOf.get(Number(row.id)) ?? []);

  const subsByCluster = new Map<number, SubArticle[]>();
  for (const row of subRows) {
    const list = subsByCluster.get(Number(row.cluster_id)) ?? [];
    list.push(build(row));
    subsByCluster.set(Number(row.cluster_id), list);
  }

  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return (ids, opts = {}) => {
    const out: (Article | Video)[] = [];
    // One card per outlet and headline on a page (issue 48): an outlet that runs the same headline again
    // (a weekly column, a re-post) shows it once, the newest, with the others among its subarticles.
    const cardOf = new Map<string, Article | Video>();
    for (const id of ids) {
      const row = byId.get(Number(id));
      if (!row) continue;
      const key = `${row.source_id} ${row.title.trim().toLowerCase().replace(/\s+/g, ' ')}`;
      const card = cardOf.get(key);
      if (card) {
        card.subarticles = [...card.subarticles, build(row)];
        continue;
      }
      const subarticles =
        row.is_lead && row.cluster_id !== null ? subsByCluster.get(Number(row.cluster_id)) : [];
      const article = { ...build(row), subarticles: subarticles ?? [] };
      const item = opts.kind === 'video' ? { ...article, duration: row.duration } : article;
      cardOf.set(key, item);
      out.push(item);
    }
    return out as Article[] | Video[];
  };
}
