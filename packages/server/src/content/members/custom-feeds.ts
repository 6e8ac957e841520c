/**
 * The member's custom feeds (spec 2 §3 "Custom feed", the Configure screen): for a team, the
 * member's teams with the configured one selected, the sources and podcasts hidden from that team's
 * feeds (with their volume), and the hidden social accounts (none yet: posts cannot be hidden).
 * For a sport, the member's teams of that sport and everything hidden from their feeds.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type CustomFeed,
  type CustomFeedPodcast,
  type CustomFeedSource,
  routes,
} from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { listMeta } from '../../routes/list-meta.js';
import { findTeam, teamLogoUrl } from '../../routes/teams.js';
import { requireMember } from './require-member.js';

/** Which hides a custom feed answer carries (`type` query: only sources or only podcasts). */
export type CustomFeedType = 'sources' | 'podcasts' | undefined;

/** What a custom feed is about: one team, or every team of a sport. */
export type CustomFeedScope =
  | { kind: 'team'; teamId: number; slug: string }
  | { kind: 'sport'; sportId: number; slug: string };

interface TeamRow {
  id: number;
  slug: string;
  name: string;
  full_name: string;
  short_name: string;
  sport_id: number;
  sport_slug: string;
}

interface HiddenSourceRow {
  team_id: number;
  source_id: number;
  items_per_day: number;
  domain_id: number;
  domain_name: string;
  favicon: string | null;
  description: string | null;
  is_youtube: boolean;
  label: string | null;
}

interface HiddenPodcastRow {
  team_id: number;
  podcast_id: number;
  title: string;
  image_url: string | null;
  volume: number;
}

const TEAM_COLUMNS = `t.id, t.slug, t.name, t.full_name, t.short_name, t.sport_id, s.slug AS sport_slug`;

async function loadTeamRows(db: Database, sql: string, params: unknown[]): Promise<TeamRow[]> {
  const { rows } = await db.query<TeamRow>(sql, params);
  return rows;
}

/** Loads the hidden sources of the given teams, with each source's daily volume and domain. */
async function hiddenSourcesOf(db: Database, userId: number, teamIds: number[]): Promise<CustomFeedSource[]> {
  if (teamIds.length === 0) return [];
  const { rows } = await db.query<HiddenSourceRow>(
    `SELECT h.team_id, h.source_id, s.items_per_day, d.id AS domain_id, d.name AS domain_name, d.favicon,
            d.description, d.is_youtube, d.label
     FROM hidden_sources h
     JOIN sources s ON s.id = h.source_id
     JOIN domains d ON d.id = s.domain_id
     WHERE h.user_id = $1 AND h.team_id = ANY($2::int[])
     ORDER BY h.id`,
    [userId, teamIds],
  );
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    eggId: Number(row.source_id),
    volume: Math.round(Number(row.items_per_day) * 10) / 10,
    domain: {
      id: Number(row.domain_id),
      name: row.domain_name,
      favicon: row.favicon,
      description: row.description,
      isYoutube: row.is_youtube,
      label: row.label ?? row.domain_name,
    },
    egg: { id: Number(row.source_id) },
  }));
}

/** Loads the hidden podcasts of the given teams, with each podcast's episodes of the last 30 days. */
async function hiddenPodcastsOf(
  db: Database,
  userId: number,
  teamIds: number[],
): Promise<CustomFeedPodcast[]> {
  if (teamIds.length === 0) return [];
  const { rows } = await db.query<HiddenPodcastRow>(
    `SELECT h.team_id, h.podcast_id, p.title, p.image_url,
            (SELECT count(*)::int FROM podcast_episodes e
              WHERE e.podcast_id = p.id AND e.published_at > now() - interval '30 days') AS volume
     FROM hidden_podcasts h
     JOIN podcasts p ON p.id = h.podcast_id
     WHERE h.user_id = $1 AND h.team_id = ANY($2::int[])
     ORDER BY h.id`,
    [userId, teamIds],
  );
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    podcastId: Number(row.podcast_id),
    volume: Number(row.volume),
    podcast: { id: Number(row.podcast_id), title: row.title, imageUrl: row.image_url },
  }));
}

/**
 * Builds one custom feed. For a team, `teams` are the member's followed teams (plus the team itself
 * when not followed) with that team selected; for a sport, the member's followed teams of the sport,
 * all selected, and the hides of all of them.
 *
 * @example
 * ```ts
 * const feed = await loadCustomFeed(db, userId, { kind: 'team', teamId: 7, slug: 'green-bay-packers' });
 * ```
 */
export async function loadCustomFeed(
  db: Database,
  userId: number,
  scope: CustomFeedScope,
  type?: CustomFeedType,
): Promise<CustomFeed> {
  const followed = await loadTeamRows(
    db,
    `SELECT ${TEAM_COLUMNS} FROM following_teams f
     JOIN teams t ON t.id = f.team_id JOIN sports s ON s.id = t.sport_id
     WHERE f.user_id = $1 ORDER BY f.position, f.id`,
    [userId],
  );
  let teams: TeamRow[];
  let selected: (team: TeamRow) => boolean;
  if (scope.kind === 'team') {
    teams = followed;
    if (!followed.some((team) => team.id === scope.teamId)) {
      const own = await loadTeamRows(
        db,
        `SELECT ${TEAM_COLUMNS} FROM teams t JOIN sports s ON s.id = t.sport_id WHERE t.id = $1`,
        [scope.teamId],
      );
      teams = [...own, ...followed];
    }
    selected = (team) => team.id === scope.teamId;
  } else {
    teams = followed.filter((team) => team.sport_id === scope.sportId);
    selected = () => true;
  }
  const hideTeamIds = scope.kind === 'team' ? [scope.teamId] : teams.map((team) => team.id);
  return {
    id: scope.slug,
    teams: teams.map((team) => ({
      id: team.id,
      slug: team.slug,
      sportSlug: team.sport_slug,
      name: team.name,
      fullName: team.full_name,
      shortName: team.short_name,
      logo: teamLogoUrl(team.slug),
      selected: selected(team),
    })),
    hiddenSources: type === 'podcasts' ? [] : await hiddenSourcesOf(db, userId, hideTeamIds),
    hiddenTweeters: [],
    hiddenPodcasts: type === 'sources' ? [] : await hiddenPodcastsOf(db, userId, hideTeamIds),
  };
}

/** Registers the custom feed routes. */
export async function customFeedRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: Pick<ServerConfig, 'production'> },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;

  const list = routes.listCustomFeeds;
  api.route({
    method: list.method,
    url: list.url,
    schema: { response: list.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      const { rows } = await db.query<{ team_id: number; slug: string }>(
        `SELECT f.team_id, t.slug FROM following_teams f JOIN teams t ON t.id = f.team_id
         WHERE f.user_id = $1 ORDER BY f.position, f.id`,
        [userId],
      );
      const customFeeds: CustomFeed[] = [];
      for (const row of rows) {
        customFeeds.push(
          await loadCustomFeed(db, userId, { kind: 'team', teamId: Number(row.team_id), slug: row.slug }),
        );
      }
      return { customFeeds, meta: listMeta(customFeeds.length) };
    },
  });

  const one = routes.getCustomFeed;
  api.route({
    method: one.method,
    url: one.url,
    schema: { params: one.params, querystring: one.querystring, response: one.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      const found = await findTeam(db, id);
      let scope: CustomFeedScope | null = found
        ? { kind: 'team', teamId: found.team.id, slug: found.team.slug }
        : null;
      if (!scope) {
        const { rows } = await db.query<{ id: number; slug: string }>(
          'SELECT id, slug FROM sports WHERE slug = $1',
          [id],
        );
        const sport = rows[0];
        if (sport) scope = { kind: 'sport', sportId: Number(sport.id), slug: sport.slug };
      }
      if (!scope) throw new HttpError(404, NOT_FOUND.errors);
      return { customFeed: await loadCustomFeed(db, userId, scope, request.query.type) };
    },
  });
}
