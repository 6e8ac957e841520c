/**
 * Teams: `GET api/v1/teams` (all teams, optional `sport` filter) and `GET api/v1/teams/:teamId`
 * (slug or id, following legacy slug renames), plus the team query the sports routes reuse.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes, type Team } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database.js';
import { HttpError, NOT_FOUND } from '../http/errors.js';
import { listMeta } from './list-meta.js';

interface TeamRow {
  id: number;
  slug: string;
  name: string;
  full_name: string;
  short_name: string;
  location: string;
  primary_color: string;
  description: string | null;
  twitter_account: string | null;
  sendtonews_key: string | null;
  snack_key: string | null;
  list_id: string | null;
  podcasts_enabled: boolean;
  summarize: boolean;
  sport_id: number;
  sport_slug: string;
  sport_name: string;
  division_id: number | null;
  division_name: string | null;
  division_kind: 'division' | 'conference' | null;
}

/** Filters of {@link loadTeams}. */
export interface TeamFilter {
  /** Only this sport's teams (id). */
  sportId?: number;
  /** Only the team with this slug. */
  slug?: string;
  /** Only the team with this id. */
  id?: number;
  /** Only the teams with these ids. */
  ids?: readonly number[];
}

/** URL of a team's generated logo. */
export const teamLogoUrl = (slug: string) => `/logos/teams/${slug}.svg`;

/** Turns a team row into the contract's `Team`. */
function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    teamId: row.id,
    slug: row.slug,
    name: row.name,
    fullName: row.full_name,
    shortName: row.short_name,
    meta: row.division_name ?? '',
    sport: row.sport_slug,
    logo: teamLogoUrl(row.slug),
    count: 0,
    sportId: row.sport_id,
    divisionId: row.division_kind === 'division' ? row.division_id : null,
    conferenceId: row.division_kind === 'conference' ? row.division_id : null,
    location: row.location,
    sportSlug: row.sport_slug,
    sportName: row.sport_name,
    description: row.description,
    twitterAccount: row.twitter_account,
    sendtonewsKey: row.sendtonews_key,
    snackKey: row.snack_key,
    listId: row.list_id,
    podcastsEnabled: row.podcasts_enabled,
    summarize: row.summarize,
    iconColor: row.primary_color,
  };
}

/**
 * Loads teams in navigation order: by sport, then by full name (pro) or location (college, which the
 * navigation shows instead of the nickname).
 */
export async function loadTeams(db: Queryable, filter: TeamFilter = {}): Promise<Team[]> {
  const { rows } = await db.query<TeamRow>(
    `SELECT t.*, s.slug AS sport_slug, s.name AS sport_name, d.name AS division_name, d.kind AS division_kind
     FROM teams t
     JOIN sports s ON s.id = t.sport_id
     LEFT JOIN divisions d ON d.id = t.division_id
     WHERE ($1::int IS NULL OR t.sport_id = $1)
       AND ($2::text IS NULL OR t.slug = $2)
       AND ($3::int IS NULL OR t.id = $3)
       AND ($4::int[] IS NULL OR t.id = ANY($4::int[]))
     ORDER BY s.position, CASE WHEN s.is_college THEN t.location ELSE t.full_name END, t.slug`,
    [filter.sportId ?? null, filter.slug ?? null, filter.id ?? null, filter.ids ?? null],
  );
  return rows.map(toTeam);
}

/**
 * Finds a team by slug or numeric id; an old slug follows its rename, and `redirectedFrom` tells the
 * client to replace the URL.
 */
export async function findTeam(
  db: Database,
  idOrSlug: string,
): Promise<{ team: Team; redirectedFrom?: string } | null> {
  if (/^\d+$/.test(idOrSlug)) {
    const [team] = await loadTeams(db, { id: Number(idOrSlug) });
    return team ? { team } : null;
  }
  const [team] = await loadTeams(db, { slug: idOrSlug });
  if (team) return { team };
  // Renames are stored resolved, but follow chains anyway in case rows were added by hand.
  let slug = idOrSlug;
  for (let hop = 0; hop < 10; hop += 1) {
    const { rows } = await db.query<{ to_slug: string }>(
      'SELECT to_slug FROM team_slug_renames WHERE from_slug = $1',
      [slug],
    );
    const next = rows[0]?.to_slug;
    if (!next) return null;
    const [renamed] = await loadTeams(db, { slug: next });
    if (renamed) return { team: renamed, redirectedFrom: idOrSlug };
    slug = next;
  }
  return null;
}

/** Registers the team routes. */
export async function teamRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  const list = routes.listTeams;
  api.route({
    method: list.method,
    url: list.url,
    schema: { querystring: list.querystring, response: list.response },
    handler: async (request) => {
      let sportId: number | undefined;
      if (request.query.sport) {
        const { rows } = await db.query<{ id: number }>(
          'SELECT id FROM sports WHERE slug = $1 OR id::text = $1',
          [request.query.sport],
        );
        // An unknown sport filters everything out rather than silently listing all teams.
        sportId = rows[0]?.id ?? -1;
      }
      const teams = await loadTeams(db, sportId === undefined ? {} : { sportId });
      return { teams, meta: listMeta(teams.length) };
    },
  });

  const one = routes.getTeam;
  api.route({
    method: one.method,
    url: one.url,
    schema: { params: one.params, response: one.response },
    handler: async (request) => {
      const found = await findTeam(db, request.params.teamId);
      if (!found) throw new HttpError(404, NOT_FOUND.errors);
      return found;
    },
  });
}
