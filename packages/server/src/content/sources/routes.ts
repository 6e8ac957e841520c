/**
 * Source and domain routes of spec 2 §7: `sources` (optionally of a team or domain), `sources/{id}`,
 * `teams/{id}/sources` (`full`, `video`), `domains` and `topics/{id}/domains`.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { currentUserId } from '../../http/current-user.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { resolveTeam, resolveTopic } from '../articles/resolve.js';
import { loadDomains } from './load-domains.js';
import { loadSources } from './load-sources.js';
import { pageIds } from './page-ids.js';

/** Days of a team's articles that decide which sources cover it (beyond its default sources). */
export const TEAM_SOURCE_DAYS = 30;

/** Loose paged query (contract `pagedQuery` without extra fields). */
type PageQuery = { page?: number; perPage?: number };

/**
 * Registers the source and domain routes.
 *
 * @example
 * ```ts
 * await api.register(contentSourceRoutes, { db });
 * ```
 */
export async function contentSourceRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  const list = routes.listSources;
  api.route({
    method: list.method,
    url: list.url,
    schema: { querystring: list.querystring, response: list.response },
    handler: async (request) => {
      const { teamId, domainId, page = 1, perPage = 25 } = request.query;
      const { ids, pagination } = await pageIds(
        db,
        `SELECT s.id, lower(d.name) AS name FROM sources s JOIN domains d ON d.id = s.domain_id
         WHERE s.kind IN ('news', 'video') AND s.enabled
           AND ($1::int IS NULL OR EXISTS (
             SELECT 1 FROM source_teams st WHERE st.source_id = s.id AND st.team_id = $1))
           AND ($2::int IS NULL OR s.domain_id = $2)`,
        'name, id',
        [teamId ?? null, domainId ?? null],
        page,
        perPage,
      );
      const userId = await currentUserId(request, db, app.config);
      return { sources: await loadSources(db, ids, { userId }), meta: { pagination } };
    },
  });

  const one = routes.getSource;
  api.route({
    method: one.method,
    url: one.url,
    schema: { params: one.params, response: one.response },
    handler: async (request) => {
      const userId = await currentUserId(request, db, app.config);
      const [source] = await loadSources(db, [request.params.id], { userId });
      if (!source) throw new HttpError(404, NOT_FOUND.errors);
      return { source };
    },
  });

  const team = routes.listTeamSources;
  api.route({
    method: team.method,
    url: team.url,
    schema: { params: team.params, querystring: team.querystring, response: team.response },
    // A team's sources: its default sources plus those that filed articles under it lately, busiest
    // first. Without `full` the member's hidden sources for the team are left out; `video` lists the
    // video channels instead of the news sources.
    handler: async (request) => {
      const found = await resolveTeam(db, request.params.teamId);
      const { full = false, video = false, page = 1, perPage = 25 } = request.query;
      const userId = await currentUserId(request, db, app.config);
      const { ids, pagination } = await pageIds(
        db,
        `SELECT s.id, c.n FROM (
           SELECT source_id, max(n) AS n FROM (
             SELECT a.source_id, count(*) AS n FROM article_teams at JOIN articles a ON a.id = at.article_id
             WHERE at.team_id = $1 AND at.published_at > now() - make_interval(days => $5)
             GROUP BY a.source_id
             UNION ALL
             SELECT st.source_id, 0 FROM source_teams st WHERE st.team_id = $1
           ) u GROUP BY source_id
         ) c JOIN sources s ON s.id = c.source_id JOIN domains d ON d.id = s.domain_id
         WHERE s.kind IN ('news', 'video')
           AND (CASE WHEN $2 THEN s.kind = 'video' OR d.is_youtube ELSE s.kind = 'news' AND NOT d.is_youtube END)
           AND ($3 OR $4::int IS NULL OR NOT EXISTS (
             SELECT 1 FROM hidden_sources h WHERE h.user_id = $4 AND h.team_id = $1 AND h.source_id = s.id))`,
        'n DESC, id',
        [found.id, video, full, userId, TEAM_SOURCE_DAYS],
        page,
        perPage,
      );
      return { sources: await loadSources(db, ids, { userId }), meta: { pagination } };
    },
  });

  const domains = routes.listDomains;
  api.route({
    method: domains.method,
    url: domains.url,
    schema: { querystring: domains.querystring, response: domains.response },
    handler: async (request) => {
      const { page = 1, perPage = 25 } = request.query as PageQuery;
      const { ids, pagination } = await pageIds(
        db,
        'SELECT id, lower(name) AS name FROM domains',
        'name, id',
        [],
        page,
        perPage,
      );
      return { domains: await loadDomains(db, ids), meta: { pagination } };
    },
  });

  const topicDomains = routes.listTopicDomains;
  api.route({
    method: topicDomains.method,
    url: topicDomains.url,
    schema: {
      params: topicDomains.params,
      querystring: topicDomains.querystring,
      response: topicDomains.response,
    },
    // The domains of the topic's own sources plus those that published on it lately, busiest first.
    handler: async (request) => {
      const topic = await resolveTopic(db, request.params.topicId);
      const { page = 1, perPage = 25 } = request.query as PageQuery;
      const { ids, pagination } = await pageIds(
        db,
        `SELECT domain_id AS id, max(n) AS n FROM (
           SELECT a.domain_id, count(*) AS n FROM article_topics t JOIN articles a ON a.id = t.article_id
           WHERE t.topic_id = $1 AND t.published_at > now() - make_interval(days => $2)
           GROUP BY a.domain_id
           UNION ALL
           SELECT s.domain_id, 0 FROM sources s WHERE s.topic_id = $1 AND s.kind IN ('news', 'video')
         ) u GROUP BY domain_id`,
        'n DESC, id',
        [topic.id, TEAM_SOURCE_DAYS],
        page,
        perPage,
      );
      return { domains: await loadDomains(db, ids), meta: { pagination } };
    },
  });
}
