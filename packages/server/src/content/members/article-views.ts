/**
 * Article reads: `POST api/v1/articles/:articleId/article_views` records that an article was opened
 * (with the member when signed in), and `GET api/v1/profile/article_views` lists the member's
 * recently read articles (settings "reads" tab), newest read first, one entry per article.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ArticleView, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { currentUserId } from '../../http/current-user.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { paginationOf } from '../articles/feed-page.js';
import { loadArticles } from '../articles/load-articles.js';
import { requireMember } from './require-member.js';

interface ViewRow {
  id: number | string;
  article_id: number | string;
  created_at: Date | string;
}

/**
 * Loads a page of the member's reads: the latest read of each article, newest first, with the
 * articles in the contract's shape (articles deleted since are left out).
 *
 * @example
 * ```ts
 * const { articleViews, totalCount } = await loadArticleViews(db, userId, 1, 25);
 * ```
 */
export async function loadArticleViews(
  db: Database,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ articleViews: ArticleView[]; totalCount: number }> {
  const { rows } = await db.query<ViewRow>(
    `SELECT id, article_id, created_at FROM (
       SELECT DISTINCT ON (article_id) id, article_id, created_at
       FROM article_views WHERE user_id = $1
       ORDER BY article_id, created_at DESC, id DESC
     ) latest
     ORDER BY created_at DESC, id DESC
     LIMIT $2 OFFSET $3`,
    [userId, perPage, (page - 1) * perPage],
  );
  const count = await db.query<{ n: number }>(
    'SELECT count(DISTINCT article_id)::int AS n FROM article_views WHERE user_id = $1',
    [userId],
  );
  const articles = await loadArticles(
    db,
    rows.map((row) => Number(row.article_id)),
  );
  const byId = new Map(articles.map((article) => [article.id, article]));
  const articleViews: ArticleView[] = [];
  for (const row of rows) {
    const article = byId.get(Number(row.article_id));
    if (!article) continue;
    articleViews.push({ id: Number(row.id), createdAt: new Date(row.created_at).toISOString(), article });
  }
  return { articleViews, totalCount: Number(count.rows[0]?.n ?? 0) };
}

/** Registers the article-view routes. */
export async function articleViewRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: Pick<ServerConfig, 'production'> },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;

  const create = routes.createArticleView;
  api.route({
    method: create.method,
    url: create.url,
    schema: { params: create.params, body: create.body, response: create.response },
    handler: async (request, reply) => {
      const { body } = request;
      const userId = await currentUserId(request, db, config);
      // Inserting from the article row makes an unknown article insert nothing (a 404), not a 500.
      const { rows } = await db.query<{ id: number | string }>(
        `INSERT INTO article_views (article_id, hash, user_id, team_id, sport_id, p, first, v)
         SELECT a.id, $2::text, $3::int, $4::int, $5::int, $6::smallint, $7::boolean, $8::int
         FROM articles a WHERE a.id = $1
         RETURNING id`,
        [
          request.params.articleId,
          body.hash,
          userId,
          body.teamId ?? null,
          body.sportId ?? null,
          body.p ?? null,
          body.first ?? null,
          body.v ?? null,
        ],
      );
      const row = rows[0];
      if (!row) throw new HttpError(404, NOT_FOUND.errors);
      return reply.code(201).send({ articleView: { id: Number(row.id) } });
    },
  });

  const list = routes.listProfileArticleViews;
  api.route({
    method: list.method,
    url: list.url,
    schema: { querystring: list.querystring, response: list.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      // The contract's defaults filled these in (page 1, 25 per page).
      const query = request.query as { page?: number; perPage?: number };
      const page = query.page ?? 1;
      const perPage = query.perPage ?? 25;
      const { articleViews, totalCount } = await loadArticleViews(db, userId, page, perPage);
      return { articleViews, meta: { pagination: paginationOf(page, perPage, totalCount) } };
    },
  });
}
