/**
 * The admin's view of the feeds SportSpyder reads (issue 44, "Managing sources while the server runs"):
 * each source with its health, the preview of a URL before it is added, and the bodies that add, edit,
 * import and remove sources. Only admins reach these calls.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable } from './common.js';

/** What a source carries (`social` feeds are stored as `mastodon` posts). */
export const AdminSourceKind = Type.Union([
  Type.Literal('news'),
  Type.Literal('video'),
  Type.Literal('podcast'),
  Type.Literal('mastodon'),
]);
/** What a source carries. */
export type AdminSourceKind = Static<typeof AdminSourceKind>;

/** A source's state: fetched and healthy, fetched but failing lately, or not fetched. */
export const AdminSourceState = Type.Union([
  Type.Literal('active'),
  Type.Literal('failing'),
  Type.Literal('disabled'),
]);
/** A source's state. */
export type AdminSourceState = Static<typeof AdminSourceState>;

/** Where a source came from: the demo, the shipped catalogue, or an admin (page, CLI, OPML). */
export const AdminSourceOrigin = Type.Union([
  Type.Literal('demo'),
  Type.Literal('catalogue'),
  Type.Literal('admin'),
]);
/** Where a source came from. */
export type AdminSourceOrigin = Static<typeof AdminSourceOrigin>;

/** A team or sport named by slug in the admin's calls. */
export const AdminTagRef = Type.Object({ id: Id, slug: Type.String(), name: Type.String() });
/** A team or sport named by slug. */
export type AdminTagRef = Static<typeof AdminTagRef>;

/** A source's WebSub subscription, when its feed names a hub. */
export const AdminWebSub = Type.Object({
  hub: Type.String(),
  state: Type.Union([
    Type.Literal('pending'),
    Type.Literal('active'),
    Type.Literal('failed'),
    Type.Literal('unsubscribed'),
  ]),
  leaseExpiresAt: Nullable(DateTime),
  pushes: Type.Integer({ minimum: 0, description: 'Signed pushes ingested.' }),
  rejectedPushes: Type.Integer({ minimum: 0, description: 'Unsigned or wrongly signed pushes ignored.' }),
});
/** A source's WebSub subscription. */
export type AdminWebSub = Static<typeof AdminWebSub>;

/** One source as the admin's health table shows it. */
export const AdminSource = Type.Object({
  id: Id,
  kind: AdminSourceKind,
  title: Type.String(),
  feedUrl: Type.String(),
  siteUrl: Nullable(Type.String()),
  origin: AdminSourceOrigin,
  sport: Nullable(AdminTagRef),
  teams: Type.Array(AdminTagRef),
  state: AdminSourceState,
  enabled: Type.Boolean(),
  lastFetchedAt: Nullable(DateTime),
  lastStatus: Nullable(Type.Integer({ description: 'HTTP status of the last fetch.' })),
  lastError: Nullable(Type.String()),
  lastErrorAt: Nullable(DateTime),
  failureCount: Type.Integer({ minimum: 0, description: 'Consecutive failed fetches.' }),
  failingSince: Nullable(DateTime),
  disabledReason: Nullable(Type.String()),
  itemsPerDay: Type.Number({ minimum: 0 }),
  medianFetchMs: Nullable(Type.Integer({ minimum: 0 })),
  nextFetchAt: Nullable(DateTime),
  articleCount: Type.Integer({ minimum: 0 }),
  websub: Nullable(AdminWebSub),
  createdAt: DateTime,
});
/** One source as the admin's health table shows it. */
export type AdminSource = Static<typeof AdminSource>;

/** The columns the health table sorts by; a leading `-` sorts descending. */
export const AdminSourceSort = Type.Union(
  [
    'title',
    'kind',
    'state',
    'lastFetchedAt',
    'failureCount',
    'itemsPerDay',
    'medianFetchMs',
    'nextFetchAt',
    'articleCount',
    'createdAt',
  ].flatMap((c) => [Type.Literal(c), Type.Literal(`-${c}`)]),
);
/** The columns the health table sorts by. */
export type AdminSourceSort = Static<typeof AdminSourceSort>;

/** The health table's query: paging, a text filter, filters by state, kind, origin, sport and team. */
export const AdminSourceQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the title or feed URL.' })),
  state: Type.Optional(AdminSourceState),
  kind: Type.Optional(AdminSourceKind),
  origin: Type.Optional(AdminSourceOrigin),
  sport: Type.Optional(Type.String({ maxLength: 60 })),
  team: Type.Optional(Type.String({ maxLength: 120 })),
  sort: Type.Optional(AdminSourceSort),
});
/** The health table's query. */
export type AdminSourceQuery = Static<typeof AdminSourceQuery>;

/** The health table: a page of sources, the paging facts and the count of each state over all sources. */
export const AdminSourceList = Type.Object({
  sources: Type.Array(AdminSource),
  meta: Type.Object({
    pagination: Type.Object({
      page: Type.Integer({ minimum: 1 }),
      perPage: Type.Integer({ minimum: 1 }),
      totalPages: Type.Integer({ minimum: 0 }),
      totalCount: Type.Integer({ minimum: 0 }),
    }),
    states: Type.Object({
      active: Type.Integer({ minimum: 0 }),
      failing: Type.Integer({ minimum: 0 }),
      disabled: Type.Integer({ minimum: 0 }),
    }),
  }),
});
/** The health table. */
export type AdminSourceList = Static<typeof AdminSourceList>;

/** One item of a feed as read, in a preview or a source's latest items. */
export const AdminFeedItem = Type.Object({
  title: Type.String(),
  url: Nullable(Type.String()),
  publishedAt: Nullable(DateTime),
});
/** One item of a feed as read. */
export type AdminFeedItem = Static<typeof AdminFeedItem>;

/** What to preview: a feed URL, or a site's page from which the feed is discovered. */
export const AdminSourcePreviewBody = Type.Object({
  url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description: 'A feed URL or a page URL (http or https).',
  }),
});
/** What to preview. */
export type AdminSourcePreviewBody = Static<typeof AdminSourcePreviewBody>;

/** How the feed of a previewed URL was found. */
export const DiscoveredBy = Type.Union([
  Type.Literal('feed'),
  Type.Literal('link'),
  Type.Literal('path'),
  Type.Literal('youtube'),
]);
/** How the feed of a previewed URL was found. */
export type DiscoveredBy = Static<typeof DiscoveredBy>;

/** The preview of a URL before it is added: the feed found, its first items and the tags suggested. */
export const AdminSourcePreview = Type.Object({
  feedUrl: Type.String(),
  discoveredBy: DiscoveredBy,
  candidates: Type.Array(
    Type.Object({ url: Type.String(), title: Nullable(Type.String()), type: Type.String() }),
    { description: 'Every feed the page names; the first is previewed.' },
  ),
  kind: AdminSourceKind,
  title: Type.String(),
  siteUrl: Nullable(Type.String()),
  items: Type.Array(AdminFeedItem, { maxItems: 10 }),
  suggested: Type.Object({
    sport: Nullable(AdminTagRef),
    teams: Type.Array(AdminTagRef),
  }),
  existingSourceId: Nullable(Id),
});
/** The preview of a URL. */
export type AdminSourcePreview = Static<typeof AdminSourcePreview>;

const Slugs = Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { maxItems: 50, uniqueItems: true });

/** Adds a source. */
export const AdminSourceCreateBody = Type.Object({
  feedUrl: Type.String({ minLength: 1, maxLength: 2000 }),
  kind: Type.Optional(AdminSourceKind),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  sport: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 60 }))),
  teams: Type.Optional(Slugs),
});
/** Adds a source. */
export type AdminSourceCreateBody = Static<typeof AdminSourceCreateBody>;

/** Edits a source: enable or disable it, rename it, change its sport and teams. */
export const AdminSourceUpdateBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    sport: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 60 }))),
    teams: Type.Optional(Slugs),
  },
  { minProperties: 1 },
);
/** Edits a source. */
export type AdminSourceUpdateBody = Static<typeof AdminSourceUpdateBody>;

/** Whether a removed source's articles stay on the site or go with it. */
export const AdminSourceDeleteQuery = Type.Object({
  articles: Type.Union([Type.Literal('keep'), Type.Literal('delete')]),
});
/** Whether a removed source's articles stay. */
export type AdminSourceDeleteQuery = Static<typeof AdminSourceDeleteQuery>;

/** An OPML document to import. */
export const AdminOpmlImportBody = Type.Object({
  opml: Type.String({ minLength: 1, maxLength: 5_000_000 }),
});
/** An OPML document to import. */
export type AdminOpmlImportBody = Static<typeof AdminOpmlImportBody>;

/** What an OPML import did. */
export const AdminOpmlImportResult = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  existing: Type.Integer({ minimum: 0 }),
  failed: Type.Array(Type.Object({ feedUrl: Type.String(), reason: Type.String() })),
});
/** What an OPML import did. */
export type AdminOpmlImportResult = Static<typeof AdminOpmlImportResult>;

/** One source with its latest stored items. */
export const AdminSourceDetail = Type.Object({
  source: AdminSource,
  items: Type.Array(AdminFeedItem, { maxItems: 20 }),
});
/** One source with its latest stored items. */
export type AdminSourceDetail = Static<typeof AdminSourceDetail>;
