/**
 * Topics: `GET api/v1/topics`, the other sports of the More menu, in reference-data order.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes, type Topic } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { listMeta } from './list-meta.js';

interface TopicRow {
  id: number;
  slug: string;
  name: string;
  icon_color: string;
  sendtonews_key: string | null;
  snack_key: string | null;
}

/** Loads every topic. */
export async function loadTopics(db: Database): Promise<Topic[]> {
  const { rows } = await db.query<TopicRow>('SELECT * FROM topics ORDER BY position, id');
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    iconColor: row.icon_color,
    sendtonewsKey: row.sendtonews_key,
    snackKey: row.snack_key,
  }));
}

/** Registers the topic routes. */
export async function topicRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const list = routes.listTopics;
  api.route({
    method: list.method,
    url: list.url,
    schema: { response: list.response },
    handler: async () => {
      const topics = await loadTopics(opts.db);
      return { topics, meta: listMeta(topics.length) };
    },
  });
}
