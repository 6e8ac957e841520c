/**
 * The signed-in follow and hide calls of sources and podcasts (spec 2 §7 "Follow and hide"):
 * `profile/source_follows`, `profile/hidden_sources`, `profile/podcast_follows` and
 * `profile/hidden_podcasts`, each with GET (list), POST (create, idempotent) and DELETE to `.../x`
 * with the create's body (or to `.../<id>`).
 * @module
 */
import { type RouteDef, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { listMeta } from '../../routes/list-meta.js';
import {
  createLink,
  deleteLink,
  HIDDEN_PODCASTS,
  HIDDEN_SOURCES,
  type Link,
  type LinkSpec,
  listLinks,
  PODCAST_FOLLOWS,
  SOURCE_FOLLOWS,
} from './member-links.js';
import { requireMember } from './require-member.js';

/** One kind of follow or hide and its three contract operations. */
interface LinkRoutes {
  spec: LinkSpec;
  listKey: string;
  list: RouteDef;
  create: RouteDef;
  remove: RouteDef;
  /** Extra answer fields (a source follow repeats its source id as `eggId`, the lists' name). */
  extra?: (link: Link) => Record<string, number>;
}

const KINDS: readonly LinkRoutes[] = [
  {
    spec: SOURCE_FOLLOWS,
    listKey: 'sourceFollows',
    list: routes.listSourceFollows,
    create: routes.createSourceFollow,
    remove: routes.deleteSourceFollow,
    extra: (link) => ({ eggId: link.values.sourceId as number }),
  },
  {
    spec: HIDDEN_SOURCES,
    listKey: 'hiddenSources',
    list: routes.listHiddenSources,
    create: routes.createHiddenSource,
    remove: routes.deleteHiddenSource,
  },
  {
    spec: PODCAST_FOLLOWS,
    listKey: 'podcastFollows',
    list: routes.listPodcastFollows,
    create: routes.createPodcastFollow,
    remove: routes.deletePodcastFollow,
  },
  {
    spec: HIDDEN_PODCASTS,
    listKey: 'hiddenPodcasts',
    list: routes.listHiddenPodcasts,
    create: routes.createHiddenPodcast,
    remove: routes.deleteHiddenPodcast,
  },
];

const schemaOf = (def: RouteDef) => ({
  ...(def.params ? { params: def.params } : {}),
  ...(def.body ? { body: def.body } : {}),
  response: def.response,
});

/** Registers the follow and hide routes of sources and podcasts. */
export async function followAndHideRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: Pick<ServerConfig, 'production'> },
): Promise<void> {
  const { db, config } = opts;

  for (const kind of KINDS) {
    const { spec } = kind;
    const toJson = (link: Link) => ({ id: link.id, ...link.values, ...kind.extra?.(link) });
    // The contract validated the body: `{ <key>: { <field>: id, ... } }`.
    const valuesOf = (body: unknown) => (body as Record<string, Record<string, number>>)[spec.key] ?? {};

    app.route({
      method: kind.list.method,
      url: kind.list.url,
      schema: schemaOf(kind.list),
      handler: async (request, reply) => {
        const userId = await requireMember(request, db, config);
        reply.header('cache-control', 'no-store');
        const links = await listLinks(db, spec, userId);
        return { [kind.listKey]: links.map(toJson), meta: listMeta(links.length) };
      },
    });

    app.route({
      method: kind.create.method,
      url: kind.create.url,
      schema: schemaOf(kind.create),
      handler: async (request, reply) => {
        const userId = await requireMember(request, db, config);
        const result = await createLink(db, spec, userId, valuesOf(request.body));
        if ('missing' in result) {
          throw new HttpError(404, [
            {
              code: 'not_found',
              field: `${spec.key}.${result.missing.field}`,
              title: result.missing.missingTitle,
            },
          ]);
        }
        return reply.code(201).send({ [spec.key]: toJson(result.link) });
      },
    });

    app.route({
      method: kind.remove.method,
      url: kind.remove.url,
      schema: schemaOf(kind.remove),
      handler: async (request) => {
        const userId = await requireMember(request, db, config);
        const { id } = request.params as { id: string };
        const deleted = await deleteLink(
          db,
          spec,
          userId,
          id === 'x' ? { values: valuesOf(request.body) } : { id: Number(id) },
        );
        if (!deleted) throw new HttpError(404, NOT_FOUND.errors);
        return { [spec.key]: toJson(deleted) };
      },
    });
  }
}
