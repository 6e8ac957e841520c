/**
 * The team, topic and player searches in the contract's shapes (issue "Search"; `search/teams`,
 * `search/topics`, `search/players`, the name sections of `search/results`), and the fantasy editor's
 * player search (`search/fantasy_players`, spec 3 §7). Matching and ranking are `name-match.ts`.
 * @module
 */
import type { Player, PlayerSearchResult, Team, Topic } from '@sportspyder/contract';
import { loadPlayers } from '../content/players/load-players.js';
import { loadTeamRefs } from '../content/players/refs.js';
import type { Database } from '../db/database.js';
import { loadTeams } from '../routes/teams.js';
import { loadTopics } from '../routes/topics.js';
import {
  matchNames,
  type NameFilters,
  type NameKind,
  type NameMatchPage,
  toNameQuery,
} from './name-match.js';

/** Paging and filters of a name search. */
export interface NameSearchOptions extends NameFilters {
  /** Items to answer. */
  limit: number;
  /** Items to skip (default 0). */
  offset?: number;
}

/** A page of found items and the number of all matches. */
export interface NameSearchPage<T> {
  items: T[];
  total: number;
}

async function page(
  db: Database,
  kind: NameKind,
  q: string,
  options: NameSearchOptions,
): Promise<NameMatchPage> {
  const query = toNameQuery(q);
  if (!query) return { matches: [], total: 0 };
  return matchNames(db, kind, query, { limit: options.limit, offset: options.offset ?? 0 }, options);
}

/** Puts loaded items in the order of the matches. */
function inOrder<T extends { id: number }>(ids: readonly number[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Teams matching `q`: names, nicknames, abbreviations and aliases, best first.
 *
 * @example
 * ```ts
 * const { items, total } = await searchTeams(db, 'packrs', { limit: 25 }); // the Green Bay Packers
 * ```
 */
export async function searchTeams(
  db: Database,
  q: string,
  options: NameSearchOptions,
): Promise<NameSearchPage<Team>> {
  const { matches, total } = await page(db, 'team', q, options);
  const ids = matches.map((m) => m.id);
  return { items: ids.length === 0 ? [] : inOrder(ids, await loadTeams(db, { ids })), total };
}

/**
 * Topics (the other sports of the More menu) matching `q`, aliases included ("PGA" finds golf).
 *
 * @example
 * ```ts
 * const { items } = await searchTopics(db, 'golf', { limit: 25 });
 * ```
 */
export async function searchTopics(
  db: Database,
  q: string,
  options: NameSearchOptions,
): Promise<NameSearchPage<Topic>> {
  const { matches, total } = await page(db, 'topic', q, options);
  const ids = matches.map((m) => m.id);
  return { items: ids.length === 0 ? [] : inOrder(ids, await loadTopics(db)), total };
}

/**
 * Players matching `q`, trending first among equal matches.
 *
 * @example
 * ```ts
 * const { items } = await searchPlayers(db, 'corliss', { limit: 25, sportId: 2 });
 * ```
 */
export async function searchPlayers(
  db: Database,
  q: string,
  options: NameSearchOptions,
): Promise<NameSearchPage<Player>> {
  const { matches, total } = await page(db, 'player', q, options);
  return {
    items: await loadPlayers(
      db,
      matches.map((m) => m.id),
    ),
    total,
  };
}

interface FantasyRow {
  id: number;
  name: string;
  team_id: number | null;
  position_id: number | null;
  position_name: string | null;
  total: number | string;
}

/**
 * Players of a sport for the fantasy editor (spec 3 §7): by name when `q` is given (the name search's
 * rules), otherwise the sport's players, trending first; narrowed by team and position.
 *
 * @example
 * ```ts
 * const { items } = await searchFantasyPlayers(db, { sportId: 2, q: 'cor', positionId: 3 }, { limit: 25 });
 * ```
 */
export async function searchFantasyPlayers(
  db: Database,
  filters: NameFilters & { q?: string | undefined },
  options: { limit: number; offset: number },
): Promise<NameSearchPage<PlayerSearchResult>> {
  const q = (filters.q ?? '').trim();
  let ids: number[];
  let total: number;
  if (q !== '' && toNameQuery(q)) {
    // Players on a roster now: a retired or released player (inactive) cannot be drafted.
    const found = await page(db, 'player', q, {
      ...filters,
      activeOnly: true,
      limit: options.limit,
      offset: options.offset,
    });
    ids = found.matches.map((m) => m.id);
    total = found.total;
  } else {
    const { rows } = await db.query<{ id: number; total: number | string }>(
      `SELECT p.id, count(*) OVER () AS total FROM players p
       WHERE p.sport_id = $1 AND ($2::int IS NULL OR p.team_id = $2) AND ($3::int IS NULL OR p.position_id = $3)
         AND p.active
       ORDER BY p.trend DESC, p.name, p.id LIMIT $4 OFFSET $5`,
      [filters.sportId, filters.teamId ?? null, filters.positionId ?? null, options.limit, options.offset],
    );
    ids = rows.map((row) => Number(row.id));
    total = rows[0] ? Number(rows[0].total) : 0;
  }
  if (ids.length === 0) return { items: [], total };
  const { rows } = await db.query<FantasyRow>(
    `SELECT p.id, p.name, p.team_id, p.position_id, pos.name AS position_name, 0 AS total
     FROM players p LEFT JOIN positions pos ON pos.id = p.position_id WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  const teams = await loadTeamRefs(
    db,
    rows.flatMap((row) => (row.team_id === null ? [] : [row.team_id])),
  );
  const items = rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    position:
      row.position_id === null ? null : { id: Number(row.position_id), name: row.position_name ?? '' },
    team: row.team_id === null ? null : (teams.get(Number(row.team_id)) ?? null),
  }));
  return { items: inOrder(ids, items), total };
}
