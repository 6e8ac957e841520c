/**
 * The options every group-B content route plugin takes: the database, the config (to read the
 * session cookie for the current member) and an optional clock (tests pin "now").
 * @module
 */
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';

/** Options of the content read route plugins (podcasts, players, games, posts, summaries). */
export interface ContentRouteOptions {
  /** The database. */
  db: Database;
  /** Whether cookies are the production ones (`__Host-` prefix), to find the session. */
  config: Pick<ServerConfig, 'production'>;
  /** The clock; defaults to the system time. */
  now?: () => Date;
}
