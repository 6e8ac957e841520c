/**
 * The Fastify app factory: security headers, cookies, CSRF, rate limits, the API routes of the contract,
 * logos, health, the ActionCable endpoint and the static site, with one error handler for everything.
 * @module
 */
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_PATH_PARAM_LENGTH } from '@sportspyder/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/account-routes.js';
import { accountSettingsRoutes } from './accounts/account-settings-routes.js';
import { alertRoutes } from './alerts/alert-routes.js';
import { loadVapidKeys, type VapidDetails } from './alerts/vapid-keys.js';
import { registerApiKeyAuth } from './api-keys/api-key-auth.js';
import { apiKeyRoutes } from './api-keys/api-key-routes.js';
import { sessionListRoutes } from './auth/session-list-routes.js';
import { SessionMemo } from './auth/session-memo.js';
import type { PlaceLookup } from './auth/session-place.js';
import { findSessionUser } from './auth/sessions.js';
import type { BillingProvider } from './billing/billing-provider.js';
import { billingRoutes } from './billing/billing-routes.js';
import { billingProviderFor, sessionPushFor, stripePricesOf } from './billing/billing-setup.js';
import type { Broadcaster } from './cable/broadcaster.js';
import { CableServer } from './cable/cable-server.js';
import { adminModerationChannel } from './cable/channels/admin-moderation-channel.js';
import { chatChannel } from './cable/channels/chat-channel.js';
import { chatThreadChannel } from './cable/channels/chat-thread-channel.js';
import { articleCommentsChannel, episodeCommentsChannel } from './cable/channels/comments-channels.js';
import { gamesChannel } from './cable/channels/games-channel.js';
import { UserNotificationsChannel } from './cable/channels/user-notifications-channel.js';
import { UserVersionsChannel } from './cable/channels/user-versions-channel.js';
import { createBroadcaster } from './cable/create-broadcaster.js';
import { isOriginAllowed } from './cable/origin-allowlist.js';
import { streamLogHistory } from './cable/stream-log-history.js';
import { chatRoutes } from './chat/chat-routes.js';
import { moderationRoutes } from './chat/moderation-routes.js';
import type { ServerConfig } from './config.js';
import { forgetMemberNames } from './content/articles/resolve.js';
import { contentArticleRoutes } from './content/articles/routes.js';
import { contentFantasyTeamRoutes } from './content/fantasy/fantasy-routes.js';
import { profileFantasyRoutes } from './content/fantasy/profile-fantasy-routes.js';
import { contentFeedRoutes } from './content/feeds/routes.js';
import { contentGameRoutes } from './content/games/game-routes.js';
import type { Outbox } from './content/members/outbox.js';
import { profileSourceRoutes } from './content/members/profile-source-routes.js';
import { memberContentRoutes } from './content/members/routes.js';
import { contentFantasyPlayerRoutes, contentPlayerRoutes } from './content/players/player-routes.js';
import { episodeAudioRoutes } from './content/podcasts/episode-audio-routes.js';
import { contentPodcastRoutes } from './content/podcasts/podcast-routes.js';
import { contentPostRoutes } from './content/posts/post-routes.js';
import { contentRssRoutes } from './content/rss/routes.js';
import { contentSourceRoutes } from './content/sources/routes.js';
import { contentSummaryRoutes } from './content/summaries/summary-routes.js';
import { videoEventRoutes } from './content/videos/video-event-routes.js';
import type { Database } from './db/database.js';
import { demoAssetRoutes } from './demo/demo-asset-routes.js';
import { demoPublisherRoutes } from './demo/demo-publishers.js';
import {
  emailPageRoutes,
  oneClickUnsubscribeRoutes,
  registerEmailPageHeaders,
} from './email-pages/email-pages-routes.js';
import { chatEmbedAuth } from './embed/chat-embed-auth.js';
import { chatEmbedPageRoutes } from './embed/chat-embed-page.js';
import { feedbackRoutes } from './feedback/feedback-routes.js';
import { BackgroundRefresher } from './http/background-refresh.js';
import { CacheInvalidationBus } from './http/cache-invalidation.js';
import { registerCompression } from './http/compression.js';
import { sessionCookieName } from './http/cookies.js';
import { csrfPlugin } from './http/csrf.js';
import { registerDeveloperDocs } from './http/developer-docs.js';
import { handleFrameworkError, registerErrorHandler } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { LOG_SERIALIZERS, redactLogMethod } from './http/log-redaction.js';
import { MemberCache, registerMemberCache } from './http/member-cache.js';
import { partValidators } from './http/part-validators.js';
import { registerPublicCache } from './http/public-cache.js';
import {
  closeRateLimitRedis,
  createRateLimitRedis,
  type RateLimitRedis,
  rateLimitRedisReady,
  sharedWindowCounter,
} from './http/rate-limit-redis.js';
import { ResponseCache } from './http/response-cache.js';
import { registerRateLimit, registerSecurityHeaders } from './http/security.js';
import { sharedSerializers } from './http/shared-serializers.js';
import { registerStaticSite } from './http/static-site.js';
import { answersPublicRead } from './http/warm-public-reads.js';
import { registerWebManifest } from './http/web-manifest.js';
import { registerWidgets } from './http/widgets.js';
import { listeningRoutes } from './listening/listening-routes.js';
import { devMailRoutes } from './mail/dev-mail-routes.js';
import { notificationRoutes } from './notifications/notification-routes.js';
import { healthRoutes } from './routes/health.js';
import { logoRoutes } from './routes/logos.js';
import { sessionRoutes } from './routes/session.js';
import { sportRoutes } from './routes/sports.js';
import { teamRoutes } from './routes/teams.js';
import { topicRoutes } from './routes/topics.js';
import { viewRoutes } from './routes/views.js';
import { nameSearchRoutes } from './search/name-search-routes.js';
import { searchRoutes } from './search/search-routes.js';
import { registerSeo } from './seo/seo-routes.js';
import { adminSourceRoutes } from './sources/admin-source-routes.js';
import { webSubRoutes } from './sources/websub/websub-routes.js';
import { registerShieldAnswers } from './spoilers/shield-answers.js';
import { spoilerShieldRoutes } from './spoilers/shield-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ActionCable server at `/cable`. */
    cable: CableServer;
    /** Where the app publishes realtime messages (`broadcaster.publish('user_versions', { version })`). */
    broadcaster: Broadcaster;
    /** The database the app runs on. */
    db: Database;
    /** The configuration the app was built with. */
    config: ServerConfig;
    /** Visitors' content reads kept in memory; `invalidateAll()` after storing new content. */
    responseCache: ResponseCache;
    /**
     * The one way to make cached answers stale, here and in every other process (REDIS_URL):
     * `cacheInvalidation.invalidate({ scope: 'all' })`; caches subscribe to it.
     */
    cacheInvalidation: CacheInvalidationBus;
    /** Live sessions this process remembers; `ended(userId)` after deleting a member's sessions. */
    sessionMemo: SessionMemo;
    /** The Redis the rate limits count in (REDIS_URL), shared by every process; null: in memory. */
    rateLimitRedis: RateLimitRedis | null;
  }
}

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  /** A migrated (and seeded) database. */
  db: Database;
  /** Configuration (see `loadConfig`). */
  config: ServerConfig;
  /** A pino logger to use, `false` for none (tests); default: pino at `config.logLevel`. */
  logger?: FastifyBaseLogger | boolean;
  /** Where the default logger writes (default: stdout); tests read the log from it. */
  logStream?: { write(line: string): void };
  /** Realtime pub/sub (default: in process). */
  broadcaster?: Broadcaster;
  /** Content options: a pinned clock and no top-stories cache (tests), the mail outbox. */
  content?: ContentOptions;
  /** The card provider (default: Stripe when its keys are configured, else the local provider). */
  billingProvider?: BillingProvider;
  /** Where a session's address is (a local GeoIP database; default none: auth/session-place.ts). */
  placeLookup?: PlaceLookup;
}

/** Options the content routes take (tests pin the clock and read the outbox). */
export interface ContentOptions {
  /** The clock of games, summaries and podcasts (default: the real time). */
  now?: () => Date;
  /** How long the parts every reader shares (top stories, feeds' trending players) are reused (default 30 s; 0 in tests). */
  sharedTtlMs?: number;
  /** Where mails go (default: the app's mailer: the database outbox, or SMTP with SMTP_URL). */
  outbox?: Outbox;
}

/** The app with the project's decorations. */
export type SportSpyderApp = FastifyInstance;

/**
 * Builds the app (not listening yet): use `app.inject()` in tests or `app.listen()` to serve.
 *
 * @example
 * ```ts
 * const app = await buildApp({ db, config: loadConfig(), logger: false });
 * const res = await app.inject({ method: 'GET', url: '/api/v1/sports?includes=teams' });
 * ```
 */
export async function buildApp(options: BuildAppOptions): Promise<SportSpyderApp> {
  const { db, config } = options;
  const content = options.content ?? {};
  const clock = content.now ? { now: content.now } : {};
  const logger = options.logger ?? true;
  const app = Fastify({
    // Hash links carry their secret in the URL: every line is redacted (http/log-redaction.ts).
    ...(typeof logger === 'object'
      ? { loggerInstance: logger.child({}, { serializers: LOG_SERIALIZERS }) }
      : {
          logger: logger
            ? {
                level: config.logLevel,
                redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
                serializers: LOG_SERIALIZERS,
                hooks: { logMethod: redactLogMethod },
                ...(options.logStream ? { stream: options.logStream } : {}),
              }
            : false,
        }),
    trustProxy: config.trustProxy,
    // Every validation problem is reported (one error item per field), not only the first. Query strings
    // and paths are coerced to the contract's types; JSON bodies never are (http/part-validators.ts).
    ajv: {
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
    },
    // The router reads a path segment as long as the contract's longest parameter, percent-encoded (up to
    // 12 characters per character); a longer one answers 414 in the error envelope, as do undecodable ones.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH * 12 },
    frameworkErrors: handleFrameworkError,
    // A graceful stop (SIGTERM, a rolling restart) lets the requests in flight finish and closes only
    // idle keep-alive connections; a request that still arrives on an open connection meanwhile is served
    // (not answered 503): the process is serving until its last connection ends.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // One response serializer per schema, shared by the routes that answer it (http/shared-serializers.ts);
    // those of the public reads warmed at start have their union validators compiled with them.
    schemaController: {
      compilersFactory: {
        buildSerializer: sharedSerializers(undefined, answersPublicRead),
        buildValidator: partValidators(),
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const broadcaster = options.broadcaster ?? createBroadcaster(config, app.log);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('broadcaster', broadcaster);
  const responseCache = new ResponseCache({
    ttlMs: config.responseCacheTtlMs,
    maxBytes: config.responseCacheMb * 1024 * 1024,
    compression: config.compression,
  });
  app.decorate('responseCache', responseCache);
  const cacheInvalidation = new CacheInvalidationBus(broadcaster, app.log);
  cacheInvalidation.subscribe((event) => {
    if (event.scope !== 'all') return;
    // Ingestion's new content outdates the pages (served while recomputed); a change drops them.
    if (event.serveStale) responseCache.markStale();
    else responseCache.invalidateAll();
  });
  app.decorate('cacheInvalidation', cacheInvalidation);
  // Members' answers share the cache's budget and its 'all' invalidations (http/member-cache.ts).
  const memberCache = new MemberCache(responseCache);
  cacheInvalidation.subscribe((event) => {
    if (event.scope === 'member') memberCache.invalidateMember(event.userId);
  });
  // A member invalidation also makes every process look the member's sessions up again (sign-out,
  // a password change and account deletion send one; auth/session-memo.ts).
  const sessionMemo = new SessionMemo((userId) => cacheInvalidation.invalidate({ scope: 'member', userId }));
  cacheInvalidation.subscribe((event) => {
    if (event.scope !== 'member') return;
    sessionMemo.forgetUser(event.userId);
    forgetMemberNames(db, event.userId); // a rename or deletion: the combined feeds' names (resolve.ts)
  });
  app.decorate('sessionMemo', sessionMemo);
  const rateLimitRedis = config.redisUrl
    ? createRateLimitRedis(config.redisUrl, config.redisPrefix, app.log)
    : null;
  app.decorate('rateLimitRedis', rateLimitRedis);
  if (rateLimitRedis) {
    // Requests are counted from the first one on (an unreachable Redis delays the start by 2 s at most).
    app.addHook('onReady', async () => {
      if (!(await rateLimitRedisReady(rateLimitRedis))) {
        app.log.warn('rate limits: Redis not reachable at start, limits not enforced until it is');
      }
    });
  }

  registerErrorHandler(app);
  registerInputGuard(app);
  registerSecurityHeaders(app, config);
  registerEmailPageHeaders(app);
  await app.register(fastifyCookie);
  await app.register(csrfPlugin, { config });
  // Before every route: its hook is added to each route registered after it (http/compression.ts).
  if (config.compression) await registerCompression(app);

  const billingProvider = options.billingProvider ?? (await billingProviderFor(config, db));
  await app.register(async (api) => {
    await registerRateLimit(api, config);
    registerApiKeyAuth(api, {
      db,
      ...(rateLimitRedis ? { counter: sharedWindowCounter(rateLimitRedis, 'api-key') } : {}),
    });
    chatEmbedAuth(api, { db, config });
    // One refresher for both sides of the page cache: any API request delays either side's refresh.
    const refresher = new BackgroundRefresher(api);
    registerPublicCache(api, responseCache, config, refresher, () =>
      cacheInvalidation.invalidate({ scope: 'all' }),
    );
    registerMemberCache(api, memberCache, {
      refresher,
      db,
      config,
      invalidate: (userId) => cacheInvalidation.invalidate({ scope: 'member', userId }),
    });
    // A member's spoiler shield takes results out of every answer (issue 49, spoilers/shield-answers.ts).
    registerShieldAnswers(api, { db, config, ...clock });
    await api.register(spoilerShieldRoutes, { db, config, ...clock });
    await api.register(sessionRoutes, { db, config });
    await api.register(sportRoutes, { db });
    await api.register(teamRoutes, { db });
    await api.register(topicRoutes, { db });
    await api.register(viewRoutes, { db, config });
    // Content (issue 3): reads of spec 2 §7, then the member's follows, hides and newsletter signup.
    await api.register(contentArticleRoutes, { db });
    await api.register(contentSourceRoutes, { db });
    await api.register(contentFeedRoutes, {
      db,
      ...clock,
      ...(content.sharedTtlMs === undefined ? {} : { sharedTtlMs: content.sharedTtlMs }),
    });
    await api.register(contentPodcastRoutes, { db, config, ...clock });
    // Members' downloads of real episodes go through the server (issue 49: the page reaches only its origin).
    await api.register(episodeAudioRoutes, { db, config });
    await api.register(contentPlayerRoutes, { db, config, ...clock });
    await api.register(contentFantasyPlayerRoutes, { db, config, ...clock });
    await api.register(contentFantasyTeamRoutes, { db, ...clock });
    await api.register(profileFantasyRoutes, { db, config, ...clock });
    await api.register(contentGameRoutes, { db, config, ...clock });
    await api.register(contentPostRoutes, { db, config, ...clock });
    await api.register(contentSummaryRoutes, { db, config, ...clock });
    await api.register(listeningRoutes, { db, config, ...clock });
    await api.register(videoEventRoutes, { db, config, ...clock });
    await api.register(nameSearchRoutes, { db, config });
    await api.register(searchRoutes, { db, config, ...clock });
    await api.register(memberContentRoutes, {
      db,
      config,
      ...(content.outbox ? { outbox: content.outbox } : {}),
    });
    await api.register(profileSourceRoutes, { db, config });
    await api.register(accountRoutes, { db, config, outbox: content.outbox });
    await api.register(feedbackRoutes, { db, config, outbox: content.outbox });
    await api.register(emailPageRoutes, { db });
    await api.register(notificationRoutes, { db, config, outbox: content.outbox });
    await api.register(apiKeyRoutes, { db, config });
    await api.register(accountSettingsRoutes, { db, config, billingProvider });
    await api.register(sessionListRoutes, { db, config, placeLookup: options.placeLookup });
    await api.register(chatRoutes, { db, config, broadcaster });
    await api.register(billingRoutes, {
      db,
      config,
      provider: billingProvider,
      notify: sessionPushFor(db, broadcaster),
    });
    // Admins manage the sources while the server runs (issue 44).
    await api.register(adminSourceRoutes, { db, config });
    await api.register(moderationRoutes, { db, config, broadcaster });
    // Web Push alerts (issue 49): subscriptions and choices; the key pair is read once, on first use.
    let vapid: Promise<VapidDetails> | undefined;
    await api.register(alertRoutes, {
      db,
      config,
      vapid: () => {
        vapid ??= loadVapidKeys(db, config).catch((error) => {
          vapid = undefined;
          throw error;
        });
        return vapid;
      },
    });
  });
  if (!config.production) await app.register(devMailRoutes, { db });
  await app.register(oneClickUnsubscribeRoutes, { db, config });
  const stripePrices = stripePricesOf(config);
  if (config.stripeWebhookSecret && stripePrices) {
    // Loaded only when configured, as the Stripe library it needs (billing/billing-setup.ts).
    const { stripeWebhookRoutes } = await import('./billing/stripe-webhook-routes.js');
    await app.register(stripeWebhookRoutes, {
      db,
      secret: config.stripeWebhookSecret,
      prices: stripePrices,
      notify: sessionPushFor(db, broadcaster),
    });
  }
  // WebSub hubs call back here (verification of intent, signed pushes): every web process answers,
  // whether it ingests or not; outside /api, the token and the HMAC are the credentials.
  await app.register(webSubRoutes, {
    db,
    onStored: () => cacheInvalidation.invalidate({ scope: 'all', serveStale: true }),
  });
  await app.register(logoRoutes, { db });
  await app.register(contentRssRoutes, { db });
  await app.register(demoAssetRoutes, { dataDir: config.dataDir });
  await app.register(demoPublisherRoutes, { db, publicOrigin: config.publicOrigin });
  await app.register(chatEmbedPageRoutes, { config });
  await app.register(healthRoutes, { db });
  await registerWidgets(app, config.widgetsDir);
  await registerDeveloperDocs(app, config.docsDir);
  // Crawlers: robots.txt, sitemaps, and each page's own head in the site's index.html (issue 46).
  const sitePages = await registerSeo(app, { db, siteDir: config.siteDir, ...clock });
  // The installable app's manifest, with the member's followed teams as shortcuts (issue 49).
  registerWebManifest(app, { db, config });
  await registerStaticSite(app, config.siteDir, sitePages);

  const cable = new CableServer({
    broadcaster,
    channels: [
      UserNotificationsChannel,
      UserVersionsChannel,
      chatChannel(db),
      chatThreadChannel(db),
      articleCommentsChannel(db),
      episodeCommentsChannel(db),
      gamesChannel(db),
      adminModerationChannel(db),
    ],
    logger: app.log,
    // The extended protocol's `history` reads the durable stream log.
    history: streamLogHistory(db),
    identify: async (request) => {
      const cookies = app.parseCookie(request.headers.cookie ?? '');
      return findSessionUser(db, cookies[sessionCookieName(config)], sessionMemo);
    },
    isOriginAllowed: (origin, request) =>
      isOriginAllowed(origin, request, {
        allowedOrigins: config.allowedOrigins,
        port: (app.server.address() as AddressInfo | null)?.port,
      }),
  });
  app.decorate('cable', cable);
  app.server.on('upgrade', (request, socket, head) => cable.handleUpgrade(request, socket, head));
  // Sockets are told to reconnect before the HTTP server stops accepting.
  app.addHook('preClose', async () => {
    await cable.close();
  });
  app.addHook('onClose', async () => {
    cacheInvalidation.close();
    await broadcaster.close();
    if (rateLimitRedis) await closeRateLimitRedis(rateLimitRedis);
  });

  return app as unknown as SportSpyderApp;
}
