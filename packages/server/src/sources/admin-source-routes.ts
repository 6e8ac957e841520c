/**
 * The admin's source management under `api/v1/admin/sources` (issue 44, "Managing sources while the
 * server runs"): the health table, one source with its latest items, preview and add by URL, edit,
 * enable and disable, remove, fetch now, and OPML import and export. Admins only (`require-admin.ts`).
 *
 * Everything works on the running server's own database, so an admin on the embedded PGlite needs no
 * restart: a new or re-enabled source is due at once and the running scheduler fetches it within
 * seconds. Changes that alter what visitors see empty the page cache.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type AdminSourceDetail, type AdminWebSub, routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';
import { HttpError, NOT_FOUND } from '../http/errors.js';
import { feedUserAgent } from '../ingest/feeds/fetch-feed.js';
import { createFeedFetch } from '../ingest/feeds/public-address.js';
import { loadTagIndex } from '../ingest/pipeline/load-tag-index.js';
import type { TagIndex } from '../ingest/tagging/build-index.js';
import { deleteSource, fetchSourceNow, retireSource, updateSource } from './admin-source-changes.js';
import { findAdminSourceRow, latestSourceItems, listAdminSourceRows } from './admin-source-queries.js';
import type { DiscoverFeedOptions } from './discovery/discover-feed.js';
import { exportOpml, OPML_EXPORT_FILENAME } from './opml-export.js';
import { importOpml } from './opml-import.js';
import { requireAdmin } from './require-admin.js';
import { toAdminSource } from './source-health.js';
import { previewSource } from './source-preview.js';
import { createSource, SourceInputError } from './source-store.js';
import { websubBySource } from './websub/websub-store.js';
import { wakeWebSubJob } from './websub/websub-wake.js';

/** Previews an admin may ask for per minute: each one fetches a page and a feed from the web. */
export const PREVIEW_RATE_LIMIT = 20;
/** How long the tagger's index built for previews is reused (rosters change rarely). */
const TAG_INDEX_TTL_MS = 10 * 60 * 1000;

/** Options of {@link adminSourceRoutes}. */
export interface AdminSourceRoutesOptions {
  /** The app's database. */
  db: Database;
  /** The app's configuration. */
  config: ServerConfig;
  /** Empties the visitors' page cache (default: the app's `cacheInvalidation`). */
  invalidate?: () => void;
  /**
   * Options of the feed discovery of previews (default: the server's fetch, which refuses private
   * addresses in production unless FEEDS_ALLOW_PRIVATE, and its User-Agent).
   */
  discovery?: DiscoverFeedOptions;
}

/** The 422 of a store refusal, naming its field. */
function inputProblem(error: unknown): never {
  if (error instanceof SourceInputError) {
    throw new HttpError(422, [{ field: error.field, code: error.code, title: error.message }]);
  }
  throw error;
}

/**
 * Registers the admin's source routes.
 * @example
 * await api.register(adminSourceRoutes, { db, config });
 */
export async function adminSourceRoutes(app: FastifyInstance, opts: AdminSourceRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const invalidate =
    opts.invalidate ??
    (() => {
      if (app.hasDecorator('cacheInvalidation')) app.cacheInvalidation.invalidate({ scope: 'all' });
    });
  const websubOf = (ids: number[]): Promise<Map<number, AdminWebSub>> => websubBySource(db, ids);
  const discovery: DiscoverFeedOptions = opts.discovery ?? {
    fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
    userAgent: feedUserAgent(config.version, config.publicOrigin),
  };

  let tagIndex: { index: Promise<TagIndex>; at: number } | null = null;
  const currentTagIndex = (): Promise<TagIndex> => {
    if (!tagIndex || Date.now() - tagIndex.at > TAG_INDEX_TTL_MS) {
      const index = loadTagIndex(db);
      tagIndex = { index, at: Date.now() };
      index.catch(() => {
        tagIndex = null;
      });
    }
    return tagIndex.index;
  };

  const detail = async (id: number): Promise<AdminSourceDetail> => {
    const row = await findAdminSourceRow(db, id);
    if (!row) throw new HttpError(404, NOT_FOUND.errors);
    const [items, websub] = [await latestSourceItems(db, id, row.kind), await websubOf([id])];
    return { source: toAdminSource(row, websub.get(id) ?? null), items };
  };
  const noStore = { 'cache-control': 'no-store' };
  // Who may call is settled before the input is validated: a visitor learns nothing of the API's rules.
  app.addHook('preValidation', async (request) => {
    await requireAdmin(request, db, config);
  });

  const list = routes.listAdminSources;
  api.route({
    method: list.method,
    url: list.url,
    schema: { querystring: list.querystring, response: list.response },
    handler: async (request, reply) => {
      await requireAdmin(request, db, config);
      const { rows, meta } = await listAdminSourceRows(db, request.query);
      const websub = await websubOf(rows.map((r) => r.id));
      reply.headers(noStore);
      return { sources: rows.map((row) => toAdminSource(row, websub.get(row.id) ?? null)), meta };
    },
  });

  const exportDef = routes.exportAdminSourcesOpml;
  api.route({
    method: exportDef.method,
    url: exportDef.url,
    // The 200 is a file, sent as it is (no JSON serializer); the errors are the error handler's.
    handler: async (request, reply) => {
      await requireAdmin(request, db, config);
      const opml = await exportOpml(db);
      return reply
        .headers({ ...noStore, 'content-disposition': `attachment; filename="${OPML_EXPORT_FILENAME}"` })
        .type('text/x-opml; charset=utf-8')
        .send(opml);
    },
  });

  const getOne = routes.getAdminSource;
  api.route({
    method: getOne.method,
    url: getOne.url,
    schema: { params: getOne.params, response: getOne.response },
    handler: async (request, reply) => {
      await requireAdmin(request, db, config);
      reply.headers(noStore);
      return detail(request.params.id);
    },
  });

  const preview = routes.previewAdminSource;
  api.route({
    method: preview.method,
    url: preview.url,
    schema: { body: preview.body, response: preview.response },
    config: {
      rateLimit: {
        max: PREVIEW_RATE_LIMIT,
        timeWindow: 60_000,
        // Per admin: each preview makes the server fetch from the web.
        keyGenerator: async (request: FastifyRequest) =>
          `admin-preview:${(await currentUserId(request, db, config)) ?? request.ip}`,
      },
    },
    handler: async (request) => {
      await requireAdmin(request, db, config);
      return previewSource(db, request.body.url, {
        tagIndex: await currentTagIndex(),
        discovery,
      }).catch(inputProblem);
    },
  });

  const create = routes.createAdminSource;
  api.route({
    method: create.method,
    url: create.url,
    schema: { body: create.body, response: create.response },
    handler: async (request, reply) => {
      await requireAdmin(request, db, config);
      const { feedUrl, kind, title, sport, teams } = request.body;
      const source = await createSource(
        db,
        {
          feedUrl,
          ...(kind ? { kind } : {}),
          ...(title ? { title } : {}),
          ...(sport ? { sportSlug: sport } : {}),
          teamSlugs: teams ?? [],
          origin: 'admin',
        },
        { webOnly: true },
      ).catch(inputProblem);
      invalidate();
      return reply.code(201).send(await detail(source.id));
    },
  });

  const update = routes.updateAdminSource;
  api.route({
    method: update.method,
    url: update.url,
    schema: { params: update.params, body: update.body, response: update.response },
    handler: async (request) => {
      const admin = await requireAdmin(request, db, config);
      const found = await updateSource(db, request.params.id, request.body, admin.username).catch(
        inputProblem,
      );
      if (!found) throw new HttpError(404, NOT_FOUND.errors);
      invalidate();
      // A disabled source's hub is told to stop pushing at once (the WebSub job's next look).
      if (request.body.enabled === false) wakeWebSubJob();
      return detail(request.params.id);
    },
  });

  const remove = routes.deleteAdminSource;
  api.route({
    method: remove.method,
    url: remove.url,
    schema: { params: remove.params, querystring: remove.querystring, response: remove.response },
    handler: async (request) => {
      const admin = await requireAdmin(request, db, config);
      const { id } = request.params;
      let removedArticles: number;
      if (request.query.articles === 'keep') {
        if (!(await retireSource(db, id, admin.username))) throw new HttpError(404, NOT_FOUND.errors);
        removedArticles = 0;
      } else {
        const removed = await deleteSource(db, id);
        if (removed === null) throw new HttpError(404, NOT_FOUND.errors);
        removedArticles = removed;
      }
      invalidate();
      wakeWebSubJob();
      return { removedArticles };
    },
  });

  const fetchNow = routes.fetchAdminSource;
  api.route({
    method: fetchNow.method,
    url: fetchNow.url,
    schema: { params: fetchNow.params, response: fetchNow.response },
    handler: async (request) => {
      await requireAdmin(request, db, config);
      const enabled = await fetchSourceNow(db, request.params.id);
      if (enabled === null) throw new HttpError(404, NOT_FOUND.errors);
      if (!enabled) {
        throw new HttpError(422, [
          { field: 'enabled', code: 'invalid', title: 'This source is disabled: enable it to fetch it.' },
        ]);
      }
      return detail(request.params.id);
    },
  });

  const importDef = routes.importAdminSourcesOpml;
  api.route({
    method: importDef.method,
    url: importDef.url,
    schema: { body: importDef.body, response: importDef.response },
    bodyLimit: 6 * 1024 * 1024,
    handler: async (request) => {
      await requireAdmin(request, db, config);
      const result = await importOpml(db, request.body.opml, { webOnly: true, origin: 'admin' }).catch(
        inputProblem,
      );
      if (result.created.length > 0) invalidate();
      return { created: result.created.length, existing: result.existing.length, failed: result.failed };
    },
  });
}
