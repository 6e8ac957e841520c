/**
 * The spoiler shield's routes (issue 49): `GET`/`PUT api/v1/profile/spoiler_shields` (one entry per
 * followed team) and `POST api/v1/profile/spoiler_shields/reveals` (a game the member wants to see).
 * Changing either is a member's change, so the members' page cache drops their answers
 * (`http/member-cache.ts`) and the next read is marked anew (`shield-answers.ts`).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes, type SpoilerShields } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database, Queryable } from '../db/database.js';
import { HttpError, NOT_FOUND } from '../http/errors.js';

/** Reads the member's shields: every followed team, in the member's order, off unless set. */
export async function loadSpoilerShields(db: Queryable, userId: number): Promise<SpoilerShields> {
  const { rows } = await db.query<{ team_id: number; on: boolean | null; hide_hours: number | null }>(
    `SELECT f.team_id, s."on", s.hide_hours
       FROM following_teams f
       LEFT JOIN spoiler_shields s ON s.user_id = f.user_id AND s.team_id = f.team_id
      WHERE f.user_id = $1 ORDER BY f.position, f.id`,
    [userId],
  );
  return {
    teams: rows.map((row) => ({
      teamId: Number(row.team_id),
      on: row.on === true,
      hideHours: (row.hide_hours === null ? null : Number(row.hide_hours)) as 12 | 24 | 48 | null,
    })),
  };
}

/** Registers the spoiler shield routes. */
export async function spoilerShieldRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: Pick<ServerConfig, 'production'>; now?: () => Date },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const now = opts.now ?? (() => new Date());

  const get = routes.getSpoilerShields;
  api.route({
    method: get.method,
    url: get.url,
    schema: { response: get.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      return loadSpoilerShields(db, userId);
    },
  });

  const put = routes.updateSpoilerShields;
  api.route({
    method: put.method,
    url: put.url,
    schema: { body: put.body, response: put.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const { teams } = request.body;
      const followed = new Set(
        (
          await db.query<{ team_id: number }>('SELECT team_id FROM following_teams WHERE user_id = $1', [
            userId,
          ])
        ).rows.map((row) => Number(row.team_id)),
      );
      // A shield is per followed team: naming another team is the member's mistake, said per entry.
      const problems = teams.flatMap((team, index) =>
        followed.has(team.teamId)
          ? []
          : [{ field: `teams/${index}/teamId`, code: 'invalid', title: 'Team is not one you follow' }],
      );
      if (problems.length > 0) throw new HttpError(422, problems);
      await db.query(
        `INSERT INTO spoiler_shields (user_id, team_id, "on", hide_hours, updated_at)
         SELECT $1, t.team_id, t.on_, t.hide_hours, $5
           FROM unnest($2::int[], $3::boolean[], $4::int[]) AS t(team_id, on_, hide_hours)
         ON CONFLICT (user_id, team_id) DO UPDATE
           SET "on" = EXCLUDED."on", hide_hours = EXCLUDED.hide_hours, updated_at = EXCLUDED.updated_at`,
        [
          userId,
          teams.map((team) => team.teamId),
          teams.map((team) => team.on),
          teams.map((team) => team.hideHours),
          now().toISOString(),
        ],
      );
      reply.header('cache-control', 'no-store');
      return loadSpoilerShields(db, userId);
    },
  });

  const reveal = routes.revealSpoiler;
  api.route({
    method: reveal.method,
    url: reveal.url,
    schema: { body: reveal.body, response: reveal.response },
    handler: async (request) => {
      const userId = await requireMember(request, db, config);
      const { gameId } = request.body;
      const at = now();
      const { rows } = await db.query<{ revealed_at: Date | string }>(
        `INSERT INTO spoiler_reveals (user_id, game_id, revealed_at)
         SELECT $1, g.id, $3 FROM games g WHERE g.id = $2
         ON CONFLICT (user_id, game_id) DO UPDATE SET revealed_at = spoiler_reveals.revealed_at
         RETURNING revealed_at`,
        [userId, gameId, at.toISOString()],
      );
      const row = rows[0];
      if (!row) throw new HttpError(404, NOT_FOUND.errors);
      return { gameId, revealedAt: new Date(row.revealed_at).toISOString() };
    },
  });
}
