/**
 * ArticleCommentsChannel `{ articleId }` and EpisodeCommentsChannel `{ episodeId }` (spec 3 §4, §7):
 * the live comments of an article or episode (new, deleted, like counts with likes meta), with stream
 * offsets and epochs. Open to everyone for an existing article or episode; rejected otherwise.
 * @module
 */
import { articleCommentsStream, episodeCommentsStream } from '../../chat/chat-streams.js';
import type { Queryable } from '../../db/database.js';
import type { Channel } from '../channel.js';
import { idParam } from './id-param.js';

function commentsChannel(
  db: Queryable,
  name: string,
  param: string,
  table: 'articles' | 'podcast_episodes',
  stream: (id: number) => string,
): Channel {
  return {
    name,
    subscribe: async ({ params }) => {
      const id = idParam(params[param]);
      if (id === null) return null;
      const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
      return rows.length > 0 ? [stream(id)] : null;
    },
  };
}

/** The comments of one article. */
export const articleCommentsChannel = (db: Queryable): Channel =>
  commentsChannel(db, 'ArticleCommentsChannel', 'articleId', 'articles', articleCommentsStream);

/** The comments of one episode. */
export const episodeCommentsChannel = (db: Queryable): Channel =>
  commentsChannel(db, 'EpisodeCommentsChannel', 'episodeId', 'podcast_episodes', episodeCommentsStream);
