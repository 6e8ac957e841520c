/**
 * Player read routes: a player page (`players/:id`, slug or id), trending players of a sport and of
 * a team, a team's roster (grouped by position group), a sport's positions, and the players of a
 * fantasy team (404 until the fantasy tables exist).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Position, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { listMeta } from '../../routes/list-meta.js';
import { fantasyRosterPlayerIds } from '../articles/fantasy-roster.js';
import { loadPlayers } from './load-players.js';
import { notFound, pageMeta, pageOf, resolvePlayerId, resolveSportId, resolveTeamId } from './paging.js';
import { toId } from './refs.js';
import type { ContentRouteOptions } from './route-options.js';

/** A page of player ids and the size of the whole list. */
async function playerIdPage(
  db: Queryable,
  where: string,
  order: string,
  params: unknown[],
  window: { offset: number; limit: number },
): Promise<{ ids: number[]; totalCount: number }> {
  const n = params.length;
  const [list, count] = await Promise.all([
    db.query<{ id: number }>(
      `SELECT p.id FROM players p LEFT JOIN positions pos ON pos.id = p.position_id WHERE ${where}
       ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, window.limit, window.offset],
    ),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM players p WHERE ${where}`, params),
  ]);
  return { ids: list.rows.map((row) => toId(row.id)), totalCount: Number(count.rows[0]?.count ?? 0) };
}

// Trending: flagged hot or with a positive trend score, highest first (players (sport_id, trend DESC)).
const TRENDING = '(p.hot OR p.trend > 0)';
const TRENDING_ORDER = 'p.trend DESC, p.id';

// Roster order: position groups in the order the sport's positions were defined (offense before
// defense...), then positions, then jersey number and name; players without a position last.
const ROSTER_ORDER = `(SELECT min(g.id) FROM positions g WHERE g.sport_id = pos.sport_id AND g.grp = pos.grp) NULLS LAST,
  pos.id NULLS LAST, length(p.number) NULLS LAST, p.number, p.name, p.id`;

/**
 * Registers the player read routes.
 *
 * @example
 * ```ts
 * await app.register(contentPlayerRoutes, { db, config });
 * ```
 */
export async function contentPlayerRoutes(app: FastifyInstance, opts: ContentRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  const getPlayer = routes.getPlayer;
  api.route({
    method: getPlayer.method,
    url: getPlayer.url,
    schema: { params: getPlayer.params, response: getPlayer.response },
    handler: async (request) => {
      const id = await resolvePlayerId(db, request.params.id);
      const [player] = await loadPlayers(db, [id]);
      return player ? { player } : notFound();
    },
  });

  const sportHot = routes.listSportHotPlayers;
  api.route({
    method: sportHot.method,
    url: sportHot.url,
    schema: { params: sportHot.params, querystring: sportHot.querystring, response: sportHot.response },
    handler: async (request) => {
      const sportId = await resolveSportId(db, request.params.sportId);
      const paging = pageOf(request.query, 8);
      const found = await playerIdPage(db, `p.sport_id = $1 AND ${TRENDING}`, TRENDING_ORDER, [sportId], {
        offset: paging.offset,
        limit: paging.perPage,
      });
      const players = await loadPlayers(db, found.ids);
      return { players, meta: pageMeta(paging.page, paging.perPage, found.totalCount) };
    },
  });

  const teamHot = routes.listTeamHotPlayers;
  api.route({
    method: teamHot.method,
    url: teamHot.url,
    schema: { params: teamHot.params, querystring: teamHot.querystring, response: teamHot.response },
    handler: async (request) => {
      const teamId = await resolveTeamId(db, request.params.teamId);
      const paging = pageOf(request.query, 8);
      const found = await playerIdPage(db, `p.team_id = $1 AND ${TRENDING}`, TRENDING_ORDER, [teamId], {
        offset: paging.offset,
        limit: paging.perPage,
      });
      const players = await loadPlayers(db, found.ids);
      return { players, meta: pageMeta(paging.page, paging.perPage, found.totalCount) };
    },
  });

  const roster = routes.listTeamPlayers;
  api.route({
    method: roster.method,
    url: roster.url,
    schema: { params: roster.params, querystring: roster.querystring, response: roster.response },
    handler: async (request) => {
      const teamId = await resolveTeamId(db, request.params.teamId);
      const paging = pageOf(request.query, 100);
      // The team's players now: one the provider no longer lists is inactive (their page and articles stay).
      const found = await playerIdPage(db, 'p.team_id = $1 AND p.active', ROSTER_ORDER, [teamId], {
        offset: paging.offset,
        limit: paging.perPage,
      });
      // The roster lists names and positions; the latest items are for trending cards.
      const players = await loadPlayers(db, found.ids, { withLatest: false });
      return { players, meta: pageMeta(paging.page, paging.perPage, found.totalCount) };
    },
  });

  const positions = routes.listSportPositions;
  api.route({
    method: positions.method,
    url: positions.url,
    schema: { params: positions.params, response: positions.response },
    handler: async (request) => {
      const sportId = await resolveSportId(db, request.params.sportId);
      const { rows } = await db.query<{ id: number; name: string; abbr: string; grp: string | null }>(
        'SELECT id, name, abbr, grp FROM positions WHERE sport_id = $1 ORDER BY id',
        [sportId],
      );
      const list: Position[] = rows.map((row) => ({
        id: toId(row.id),
        name: row.name,
        abbr: row.abbr,
        group: row.grp,
      }));
      return { positions: list, meta: listMeta(list.length) };
    },
  });
}

/**
 * Registers `GET api/v1/fantasy_teams/:id/players`: the roster players of a fantasy team with their
 * latest items. The fantasy tables come with the fantasy module; until they exist every fantasy team
 * is unknown and answers 404 (see `fantasyRosterPlayerIds`).
 *
 * @example
 * ```ts
 * await app.register(contentFantasyPlayerRoutes, { db, config });
 * ```
 */
export async function contentFantasyPlayerRoutes(
  app: FastifyInstance,
  opts: ContentRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  const fantasy = routes.listFantasyTeamPlayers;
  api.route({
    method: fantasy.method,
    url: fantasy.url,
    schema: { params: fantasy.params, querystring: fantasy.querystring, response: fantasy.response },
    handler: async (request) => {
      const rosterIds = await fantasyRosterPlayerIds(db, request.params.id);
      const paging = pageOf(request.query, 100);
      const players = await loadPlayers(db, rosterIds.slice(paging.offset, paging.offset + paging.perPage));
      return { players, meta: pageMeta(paging.page, paging.perPage, rosterIds.length) };
    },
  });
}
