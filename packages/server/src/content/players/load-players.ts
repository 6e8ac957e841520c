/**
 * Loads players as the contract's `Player`, batched (a fixed number of queries whatever the number
 * of ids) and in the order of the ids asked for: position, team, sport, flags, and the latest items
 * cards show (the last 2 articles and the latest episode, each one index probe per player).
 * @module
 */
import type { Player, Position } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { loadArticles } from '../articles/load-articles.js';
import { loadEpisodeRefs } from '../podcasts/podcast-refs.js';
import { loadSportRefs, loadTeamRefs, toId, uniqueIds } from './refs.js';

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

/** Latest item ids of each player from a tag table, newest first, `limit` per player. */
async function latestIds(
  db: Queryable,
  table: 'article_players' | 'episode_players',
  column: 'article_id' | 'episode_id',
  playerIds: number[],
  limit: number,
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (playerIds.length === 0) return out;
  // One index range scan per player on (player_id, published_at DESC, item DESC).
  const { rows } = await db.query<{ player_id: number; item_id: number }>(
    `SELECT p.id AS player_id, x.item_id
     FROM unnest($1::int[]) AS p(id)
     CROSS JOIN LATERAL (
       SELECT ${column} AS item_id, published_at FROM ${table}
       WHERE player_id = p.id ORDER BY published_at DESC, ${column} DESC LIMIT $2
     ) x
     ORDER BY p.id, x.published_at DESC, x.item_id DESC`,
    [playerIds, limit],
  );
  for (const row of rows) {
    const list = out.get(toId(row.player_id)) ?? [];
    list.push(toId(row.item_id));
    out.set(toId(row.player_id), list);
  }
  return out;
}

/**
 * Loads players by id, in the order of `ids` (unknown ids are skipped).
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
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) return [];
  const { rows } = await db.query<PlayerRow>(
    `SELECT p.id, p.name, p.slug, p.number, p.team_id, p.sport_id, p.injured, p.hot, p.trend,
            pos.id AS position_id, pos.name AS position_name, pos.abbr AS position_abbr, pos.grp AS position_grp
     FROM players p LEFT JOIN positions pos ON pos.id = p.position_id
     WHERE p.id = ANY($1::int[])`,
    [wanted],
  );
  const found = rows.map((row) => toId(row.id));
  const withLatest = options.withLatest !== false;
  const [teams, sports, articleIds, episodeIds] = await Promise.all([
    loadTeamRefs(
      db,
      rows.flatMap((row) => (row.team_id === null ? [] : [toId(row.team_id)])),
    ),
    loadSportRefs(
      db,
      rows.map((row) => toId(row.sport_id)),
    ),
    withLatest
      ? latestIds(db, 'article_players', 'article_id', found, PLAYER_LAST_ARTICLES)
      : new Map<number, number[]>(),
    withLatest
      ? latestIds(db, 'episode_players', 'episode_id', found, PLAYER_LAST_EPISODES)
      : new Map<number, number[]>(),
  ]);
  const [articles, episodes] = await Promise.all([
    loadArticles(db, [...articleIds.values()].flat(), { withSubarticles: false }),
    loadEpisodeRefs(db, [...episodeIds.values()].flat()),
  ]);
  const articleById = new Map(articles.map((a) => [a.id, a]));
  const episodeById = new Map(episodes.map((e) => [e.id, e]));

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
  return ids.flatMap((id) => byId.get(id) ?? []);
}
