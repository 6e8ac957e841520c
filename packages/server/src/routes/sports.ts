/**
 * Sports: `GET api/v1/sports` (with `includes=teams`, the teams nested in divisions or conferences),
 * `GET api/v1/sports/:id` (slug or id) and `GET api/v1/sports/:sportId/teams` (the sport's teams).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes, type Sport, type Team } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { HttpError, NOT_FOUND } from '../http/errors.js';
import { listMeta } from './list-meta.js';
import { loadTeams } from './teams.js';

interface SportRow {
  id: number;
  slug: string;
  name: string;
  is_college: boolean;
  twitter_account: string | null;
  sendtonews_key: string | null;
  snack_key: string | null;
}

interface GroupRow {
  id: number;
  sport_id: number;
  name: string;
  short_name: string | null;
  kind: 'division' | 'conference';
}

/** URL of a sport's generated logo. */
export const sportLogoUrl = (slug: string) => `/logos/sports/${slug}.svg`;

/** True when an `includes` query value asks for teams (`includes=teams` or a comma list holding it). */
export function includesTeams(includes: string | undefined): boolean {
  return (includes ?? '').split(',').some((part) => part.trim() === 'teams');
}

/**
 * Loads sports in navigation order; with `withTeams`, each gets `divisions` (pro) or `conferences`
 * (college) holding their teams.
 */
export async function loadSports(
  db: Database,
  options: { withTeams: boolean; idOrSlug?: string },
): Promise<Sport[]> {
  const { rows } = await db.query<SportRow>(
    `SELECT * FROM sports WHERE ($1::text IS NULL OR slug = $1 OR id::text = $1) ORDER BY position, id`,
    [options.idOrSlug ?? null],
  );
  const sports: Sport[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: sportLogoUrl(row.slug),
    isCollege: row.is_college,
    twitterAccount: row.twitter_account,
    sendtonewsKey: row.sendtonews_key,
    snackKey: row.snack_key,
  }));
  if (!options.withTeams || sports.length === 0) return sports;

  const only = sports.length === 1 ? sports[0]?.id : undefined;
  const groups = (
    await db.query<GroupRow>(
      'SELECT * FROM divisions WHERE ($1::int IS NULL OR sport_id = $1) ORDER BY position, id',
      [only ?? null],
    )
  ).rows;
  const teams = await loadTeams(db, only === undefined ? {} : { sportId: only });
  const teamsByGroup = new Map<number, Team[]>();
  for (const team of teams) {
    const group = team.divisionId ?? team.conferenceId;
    if (group === null) continue;
    const list = teamsByGroup.get(group) ?? [];
    list.push(team);
    teamsByGroup.set(group, list);
  }
  for (const sport of sports) {
    const own = groups.filter((g) => g.sport_id === sport.id);
    if (sport.isCollege) {
      sport.conferences = own.map((g) => ({
        id: g.id,
        sportId: g.sport_id,
        name: g.name,
        ...(g.short_name ? { shortName: g.short_name } : {}),
        teams: teamsByGroup.get(g.id) ?? [],
      }));
    } else {
      sport.divisions = own.map((g) => ({
        id: g.id,
        sportId: g.sport_id,
        name: g.name,
        teams: teamsByGroup.get(g.id) ?? [],
      }));
    }
  }
  return sports;
}

/** Registers the sport routes. */
export async function sportRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  const list = routes.listSports;
  api.route({
    method: list.method,
    url: list.url,
    schema: { querystring: list.querystring, response: list.response },
    handler: async (request) => {
      const sports = await loadSports(db, { withTeams: includesTeams(request.query.includes) });
      return { sports, meta: listMeta(sports.length) };
    },
  });

  const one = routes.getSport;
  api.route({
    method: one.method,
    url: one.url,
    schema: { params: one.params, querystring: one.querystring, response: one.response },
    handler: async (request) => {
      // The single sport always carries its divisions/conferences and teams (contract summary).
      const [sport] = await loadSports(db, { withTeams: true, idOrSlug: request.params.id });
      if (!sport) throw new HttpError(404, NOT_FOUND.errors);
      return { sport };
    },
  });

  const teamsOfSport = routes.listSportTeams;
  api.route({
    method: teamsOfSport.method,
    url: teamsOfSport.url,
    schema: {
      params: teamsOfSport.params,
      querystring: teamsOfSport.querystring,
      response: teamsOfSport.response,
    },
    handler: async (request) => {
      const { rows } = await db.query<{ id: number }>(
        /^\d{1,9}$/.test(request.params.sportId)
          ? 'SELECT id FROM sports WHERE id = $1::int'
          : 'SELECT id FROM sports WHERE slug = $1',
        [request.params.sportId],
      );
      const sportId = rows[0]?.id;
      if (sportId === undefined) throw new HttpError(404, NOT_FOUND.errors);
      // The same teams, in the same order, as `GET api/v1/teams?sport=`, paged (a sport has at most a few
      // hundred teams, so slicing the loaded list is cheaper than a second count query).
      const all = await loadTeams(db, { sportId: Number(sportId) });
      // pagedQuery's generic extra keys widen the query's type; page and perPage are validated numbers.
      const query = request.query as { page?: number; perPage?: number };
      const page = query.page ?? 1;
      const perPage = query.perPage ?? 100;
      const teams = all.slice((page - 1) * perPage, page * perPage);
      return {
        teams,
        meta: {
          pagination: { page, perPage, totalPages: Math.ceil(all.length / perPage), totalCount: all.length },
        },
      };
    },
  });
}
