/**
 * The member's followed teams (spec 2 §4 "Follow team", §7): list in the member's order, follow,
 * stop following by the following id, and save a new order (`faveIds`). The order is the session
 * user's `followingTeams` order and decides which teams go in the recap newsletter.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type FollowingTeam, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { listMeta } from '../../routes/list-meta.js';
import { requireMember } from './require-member.js';

interface FollowingRow {
  id: number;
  team_id: number;
}

const toFollowingTeam = (row: FollowingRow): FollowingTeam => ({
  id: Number(row.id),
  teamId: Number(row.team_id),
});

/** Loads the member's followed teams in the member's order (the session user's order). */
export async function loadFollowingTeams(db: Queryable, userId: number): Promise<FollowingTeam[]> {
  const { rows } = await db.query<FollowingRow>(
    'SELECT id, team_id FROM following_teams WHERE user_id = $1 ORDER BY position, id',
    [userId],
  );
  return rows.map(toFollowingTeam);
}

/**
 * Computes the new order of followed teams: the teams of `faveIds` first, in that order, then the
 * followed teams `faveIds` left out, in their previous relative order. Ids of teams the member does
 * not follow are ignored. Leaving a team out never unfollows it: a stale list from another tab must
 * not drop follows (unfollowing is the DELETE call, behind a confirmation dialog).
 *
 * @example
 * ```ts
 * reorderedTeamIds([10, 20, 30], [30, 99]); // [30, 10, 20]
 * ```
 */
export function reorderedTeamIds(current: readonly number[], faveIds: readonly number[]): number[] {
  const followed = new Set(current);
  const first = faveIds.filter((id) => followed.has(id));
  const placed = new Set(first);
  return [...first, ...current.filter((id) => !placed.has(id))];
}

/** Registers the followed-team routes. */
export async function followingTeamRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: Pick<ServerConfig, 'production'> },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;

  const list = routes.listFollowingTeams;
  api.route({
    method: list.method,
    url: list.url,
    schema: { response: list.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      const followingTeams = await loadFollowingTeams(db, userId);
      return { followingTeams, meta: listMeta(followingTeams.length) };
    },
  });

  const create = routes.createFollowingTeam;
  api.route({
    method: create.method,
    url: create.url,
    schema: { body: create.body, response: create.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      // One statement: the team must exist, a repeated follow answers the existing record, and a new
      // one goes last in the member's order.
      const { rows } = await db.query<FollowingRow>(
        `INSERT INTO following_teams (user_id, team_id, position)
         SELECT $1::int, t.id, COALESCE((SELECT max(position) + 1 FROM following_teams WHERE user_id = $1), 0)
         FROM teams t WHERE t.id = $2
         ON CONFLICT (user_id, team_id) DO UPDATE SET team_id = EXCLUDED.team_id
         RETURNING id, team_id`,
        [userId, request.body.teamId],
      );
      const row = rows[0];
      if (!row) throw new HttpError(404, [{ code: 'not_found', field: 'teamId', title: 'Team not found' }]);
      return reply.code(201).send({ followingTeam: toFollowingTeam(row) });
    },
  });

  const reorder = routes.reorderFollowingTeams;
  api.route({
    method: reorder.method,
    url: reorder.url,
    schema: { body: reorder.body, response: reorder.response },
    handler: async (request) => {
      const userId = await requireMember(request, db, config);
      const followingTeams = await db.transaction(async (tx) => {
        const current = await loadFollowingTeams(tx, userId);
        const order = reorderedTeamIds(
          current.map((f) => f.teamId),
          request.body.faveIds,
        );
        if (order.length > 0) {
          await tx.query(
            `UPDATE following_teams f SET position = v.position
             FROM unnest($2::int[], $3::int[]) AS v(team_id, position)
             WHERE f.user_id = $1 AND f.team_id = v.team_id`,
            [userId, order, order.map((_, index) => index)],
          );
        }
        return loadFollowingTeams(tx, userId);
      });
      return { followingTeams, meta: listMeta(followingTeams.length) };
    },
  });

  const remove = routes.deleteFollowingTeam;
  api.route({
    method: remove.method,
    url: remove.url,
    schema: { params: remove.params, response: remove.response },
    handler: async (request) => {
      const userId = await requireMember(request, db, config);
      const { rows } = await db.query<FollowingRow>(
        'DELETE FROM following_teams WHERE id = $1 AND user_id = $2 RETURNING id, team_id',
        [request.params.id, userId],
      );
      const row = rows[0];
      if (!row) throw new HttpError(404, NOT_FOUND.errors);
      return { followingTeam: toFollowingTeam(row) };
    },
  });
}
