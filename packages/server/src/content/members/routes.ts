/**
 * The signed-in member's content calls as one Fastify plugin: followed teams, custom feeds, follows
 * and hides of sources and podcasts, article reads, plus the (anonymous) newsletter signup.
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { mailerFor } from '../../mail/mailer.js';
import { articleViewRoutes } from './article-views.js';
import { customFeedRoutes } from './custom-feeds.js';
import { followAndHideRoutes } from './follow-and-hide-routes.js';
import { followingTeamRoutes } from './following-teams.js';
import { newsletterSignupRoutes } from './newsletter-signup.js';
import type { Outbox } from './outbox.js';

/** Options of {@link memberContentRoutes}. */
export interface MemberContentOptions {
  /** The app's database. */
  db: Database;
  /** The app's configuration (session cookie name); default: the app's `config` decoration. */
  config?: Pick<ServerConfig, 'production'>;
  /** Where the welcome mails of newsletter signups go; default: the app's mailer (SMTP or the database outbox). */
  outbox?: Outbox;
}

/**
 * Registers the member content routes.
 *
 * @example
 * ```ts
 * await api.register(memberContentRoutes, { db, config });
 * ```
 */
export async function memberContentRoutes(app: FastifyInstance, opts: MemberContentOptions): Promise<void> {
  const { db } = opts;
  const config = opts.config ?? (app as FastifyInstance & { config: ServerConfig }).config;
  const outbox =
    opts.outbox ?? mailerFor(db, (app as FastifyInstance & { config: ServerConfig }).config, app.log);
  await app.register(followingTeamRoutes, { db, config });
  await app.register(customFeedRoutes, { db, config });
  await app.register(followAndHideRoutes, { db, config });
  await app.register(articleViewRoutes, { db, config });
  await app.register(newsletterSignupRoutes, { db, outbox });
}
