/**
 * Loads players as the contract's `Player`, batched (one statement whatever the number of ids) and
 * in the order of the ids asked for: position, team, sport, flags, and the latest items cards show
 * (the last 2 articles and the latest episode, each one index probe per player).
 * @module
 */
import type { Player, Position } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import {
  type ArticleDetailsRow,
  articleDetailsSql,
  assembleArticles,
  MAX_SUBARTICLES,
} from '../articles/load-articles.js';
import { type OrderedIds, orderedIdsOf } from '../ordered-ids.js';
import { episodeRefsJson, episodeRefsOf } from '../podcasts/podcast-refs.js';
import {
  jsonRows,
  sportRefsOf,
  sportRefsSql,
  type TeamRefRow,
  teamRefsOf,
  teamRefsSql,
  toId,
  uniqueIds,
} from './refs.js';

/** Articles a player card shows (spec 2 §2 "the last 2 articles"). */
export const PLAYER_LAST_ARTICLES = 2;
/** Episodes a player card shows (spec 2 §2 "the latest episode"). */
export const PLAYER_LAST_EPISODES = 1;

/** Options of {@link loadPlayers}. */
export interface LoadPlayersOptions {
  /** Load `lastArticles` and `lastEpisodes` (default true; rosters may skip them). */
  withLatest?: boolean;
}

interface PlayerRow {
  id: number;
  name: string;
  slug: string;
  number: string | null;
  team_id: number | null;
  sport_id: number;
  injured: boolean;
  hot: boolean;
  trend: number;
  position_id: number | null;
  position_name: string | null;
  position_abbr: string | null;
  position_grp: string | null;
}

/** Latest items of each player from a tag table: one index range scan per player, newest first. */
function latestSql(
  table: 'article_players' | 'episode_players',
  column: 'article_id' | 'episode_id',
  limit: string,
) {
  return `SELECT pl.id AS player_id, x.item_id, x.published_at
     FROM pl CROSS JOIN LATERAL (
       SELECT ${column} AS item_id, published_at FROM ${table}
       WHERE player_id = pl.id ORDER BY published_at DESC, ${column} DESC LIMIT ${limit}
     ) x`;
}

/** Each player's item ids, newest first, from the JSON rows of a latest CTE. */
function latestByPlayer(value: unknown): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const row of jsonRows<{ player_id: number; item_id: number }>(value)) {
    const list = out.get(toId(row.player_id)) ?? [];
    list.push(toId(row.item_id));
    out.set(toId(row.player_id), list);
  }
  return out;
}

// Without the latest items, the two CTEs read nothing (a second statement text, planned apart); the
// limit stays in the text so that every parameter has a type.
const noLatest = (limit: string) =>
  `SELECT 0 AS player_id, 0::bigint AS item_id, now() AS published_at WHERE false AND ${limit}::int > 0`;

/**
 * Loads players by id, in the order of `ids` (unknown ids are skipped), in one statement: the
 * players, their teams and sports, and the latest articles (with their details) and episodes.
 *
 * @example
 * ```ts
 * const players = await loadPlayers(db, [12, 7]);
 * const roster = await loadPlayers(db, rosterIds, { withLatest: false });
 * ```
 */
export async function loadPlayers(
  db: Queryable,
  ids: readonly number[],
  options: LoadPlayersOptions = {},
): Promise<Player[]> {
  if (uniqueIds(ids).length === 0) return [];
  const { byId } = await playersOf(db, orderedIdsOf(ids), options);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Loads the players a statement chooses (see {@link OrderedIds}), in its order, in the same
 * statement: a combined feed's trending players are picked and loaded in one round trip.
 *
 * @example
 * ```ts
 * const players = await loadPlayersOf(db, { sql: 'SELECT id, 1 AS ord FROM players WHERE id = $1', params: [12] });
 * ```
 */
export async function loadPlayersOf(
  db: Queryable,
  chosen: OrderedIds,
  options: LoadPlayersOptions = {},
): Promise<Player[]> {
  const { order, byId } = await playersOf(db, chosen, options);
  return order.flatMap((id) => byId.get(id) ?? []);
}

/** The chosen players by id, and their ids in the statement's order. */
async function playersOf(
  db: Queryable,
  chosen: OrderedIds,
  options: LoadPlayersOptions,
): Promise<{ order: number[]; byId: Map<number, Player> }> {
  const withLatest = options.withLatest !== false;
  // This statement's own placeholders come after the chosen ids' ones.
  const n = chosen.params.length;
  const [articlesLimit, episodesLimit, maxSubs] = [`$${n + 1}`, `$${n + 2}`, `$${n + 3}`];
  const { detailsCtes, detailsColumns } = articleDetailsSql('la', maxSubs, false);
  const { rows: found } = await db.query<
    ArticleDetailsRow & {
      ord: unknown;
      pl_rows: unknown;
      ref_teams: unknown;
      ref_sports: unknown;
      latest_articles: unknown;
      latest_episodes: unknown;
      le_refs: unknown;
    }
  >(
    `WITH wanted AS (${chosen.sql}),
     pl AS (
       SELECT p.id, p.name, p.slug, p.number, p.team_id, p.sport_id, p.injured, p.hot, p.trend,
              pos.id AS position_id, pos.name AS position_name, pos.abbr AS position_abbr, pos.grp AS position_grp
       FROM players p LEFT JOIN positions pos ON pos.id = p.position_id
       WHERE p.id = ANY(ARRAY(SELECT id FROM wanted)::int[])),
     la_rows AS (${withLatest ? latestSql('article_players', 'article_id', articlesLimit) : noLatest(articlesLimit)}),
     la AS (SELECT DISTINCT item_id AS article_id FROM la_rows),
     le_rows AS (${withLatest ? latestSql('episode_players', 'episode_id', episodesLimit) : noLatest(episodesLimit)}),
     ${detailsCtes}
     SELECT (SELECT json_agg(id ORDER BY ord) FROM wanted) AS ord,
       (SELECT json_agg(pl) FROM pl) AS pl_rows,
       (SELECT json_agg(x) FROM (${teamRefsSql('ARRAY(SELECT team_id FROM pl WHERE team_id IS NOT NULL)')}) x) AS ref_teams,
       (SELECT json_agg(x) FROM (${sportRefsSql('ARRAY(SELECT sport_id FROM pl)')}) x) AS ref_sports,
       (SELECT json_agg(la_rows ORDER BY player_id, published_at DESC, item_id DESC) FROM la_rows) AS latest_articles,
       (SELECT json_agg(le_rows ORDER BY player_id, published_at DESC, item_id DESC) FROM le_rows) AS latest_episodes,
       ${episodeRefsJson('ARRAY(SELECT item_id FROM le_rows)')} AS le_refs,
       ${detailsColumns}`,
    [...chosen.params, PLAYER_LAST_ARTICLES, PLAYER_LAST_EPISODES, MAX_SUBARTICLES],
  );
  const row = found[0];
  const rows = jsonRows<PlayerRow>(row?.pl_rows);
  const teams = teamRefsOf(jsonRows<TeamRefRow>(row?.ref_teams));
  const sports = sportRefsOf(jsonRows<{ id: number; slug: string; name: string }>(row?.ref_sports));
  const articleIds = latestByPlayer(row?.latest_articles);
  const episodeIds = latestByPlayer(row?.latest_episodes);
  const articles = await assembleArticles(db, [...new Set([...articleIds.values()].flat())], row, {
    withSubarticles: false,
  });
  const articleById = new Map(articles.map((a) => [a.id, a]));
  const episodeById = episodeRefsOf(row?.le_refs);

  const byId = new Map<number, Player>();
  for (const row of rows) {
    const id = toId(row.id);
    const sport = sports.get(toId(row.sport_id));
    if (!sport) continue;
    const position: Position | null =
      row.position_id === null
        ? null
        : {
            id: toId(row.position_id),
            name: row.position_name ?? '',
            abbr: row.position_abbr ?? '',
            group: row.position_grp,
          };
    byId.set(id, {
      id,
      name: row.name,
      slug: row.slug,
      number: row.number,
      position,
      team: row.team_id === null ? null : (teams.get(toId(row.team_id)) ?? null),
      sport,
      injured: row.injured,
      hot: row.hot,
      // The stored trend is a real score; the contract counts whole recent mentions.
      trends: Math.max(0, Math.round(Number(row.trend))),
      lastArticles: (articleIds.get(id) ?? []).flatMap((a) => articleById.get(a) ?? []),
      lastEpisodes: (episodeIds.get(id) ?? []).flatMap((e) => episodeById.get(e) ?? []),
    });
  }
  return { order: jsonRows<number | string>(found[0]?.ord).map(toId), byId };
}
