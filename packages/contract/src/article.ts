/**
 * Articles and videos (spec 2 §3), the recently-read record, top stories, AI summary sections and
 * the tracking bodies of article and video views.
 * @module
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';
import {
  DateTime,
  DeviceHash,
  Id,
  IdCursor,
  MediaSeconds,
  Nullable,
  PlatformFlag,
  TeamRef,
  VariantNumber,
} from './common.js';
import { Domain, EggRef } from './source.js';

/** The article's picture: the image and the page it links to. */
export const ArticleImage = Type.Object({ url: Type.String(), homeUrl: Nullable(Type.String()) });
/** The article's picture. */
export type ArticleImage = Static<typeof ArticleImage>;

/** A player named on an article card. */
export const ArticlePlayer = Type.Object({ id: Id, name: Type.String(), slug: Type.String() });
/** A player named on an article card. */
export type ArticlePlayer = Static<typeof ArticlePlayer>;

// Fields shared by an article and its grouped sub-articles (which have no sub-articles themselves:
// a non-recursive shape keeps the schemas free of `$id`/`$ref`).
const articleFields = {
  id: Id,
  title: Type.String(),
  summary: Nullable(Type.String()),
  finalUrl: Type.String({ description: 'The article on the publisher site.' }),
  author: Nullable(Type.String()),
  spyderDate: DateTime,
  postedDate: Type.String({ description: 'Publication time as the publisher gave it (ISO date-time).' }),
  articleImage: Nullable(ArticleImage),
  domain: Domain,
  egg: Nullable(EggRef),
  players: Type.Array(ArticlePlayer),
  teams: Type.Array(TeamRef),
  hot: Type.Boolean(),
  promoted: Type.Boolean(),
  paywall: Type.Boolean({ description: 'May be behind a paywall (shows the paywall hint).' }),
  context: Type.Optional(Nullable(Type.String({ description: 'Context snippet, e.g. a search match.' }))),
  isYoutube: Type.Boolean(),
  spoiler: Type.Optional(
    Type.Boolean({
      description:
        "True when the line gives away the result of a game the signed-in member's spoiler shield hides: the client blurs it until revealed (issue 49).",
    }),
  ),
};

/** An article grouped under another one (same story from another source). */
export const SubArticle: TObject<typeof articleFields> = Type.Object(articleFields);
/** An article grouped under another one. */
export type SubArticle = Static<typeof SubArticle>;

/** A news article, with the articles grouped under it. */
export const Article = Type.Object({ ...articleFields, subarticles: Type.Array(SubArticle) });
/** A news article. */
export type Article = Static<typeof Article>;

/** A video: an article (usually from YouTube) with a duration in seconds. */
export const Video = Type.Object({
  ...articleFields,
  subarticles: Type.Array(SubArticle),
  duration: Nullable(Type.Number({ minimum: 0 })),
});
/** A video. */
export type Video = Static<typeof Video>;

/** A recently-read record of the member (settings "reads" tab). */
export const ArticleView = Type.Object({ id: Id, createdAt: DateTime, article: Article });
/** A recently-read record. */
export type ArticleView = Static<typeof ArticleView>;

/** `POST api/v1/articles/:articleId/article_views` body. */
export const ArticleViewBody = Type.Object({
  hash: DeviceHash,
  teamId: Type.Optional(Nullable(Id)),
  sportId: Type.Optional(Nullable(Id)),
  p: Type.Optional(PlatformFlag),
  first: Type.Optional(Type.Boolean()),
  v: Type.Optional(Nullable(VariantNumber)),
});
/** `POST api/v1/articles/:articleId/article_views` body. */
export type ArticleViewBody = Static<typeof ArticleViewBody>;

/** `POST api/v1/articles/:articleId/article_views` answer. */
export const ArticleViewResponse = Type.Object({ articleView: Type.Object({ id: Id }) });
/** `POST api/v1/articles/:articleId/article_views` answer. */
export type ArticleViewResponse = Static<typeof ArticleViewResponse>;

/** Media event types sent by the podcast player and the article video player. */
export const MediaEventType = Type.Union([
  Type.Literal('play'),
  Type.Literal('pause'),
  Type.Literal('seek'),
  Type.Literal('complete'),
]);
/** Media event types. */
export type MediaEventType = Static<typeof MediaEventType>;

/** The context a play happened in (sent on play only): a team or a sport page. */
export const MediaContextType = Type.Union([Type.Literal('Team'), Type.Literal('Sport')]);
/** The context a play happened in. */
export type MediaContextType = Static<typeof MediaContextType>;

/** `POST api/v1/videos/:articleId/events` body (article video play, pause and complete). */
export const VideoEventBody = Type.Object({
  platform: PlatformFlag,
  time: MediaSeconds,
  duration: MediaSeconds,
  p: Type.Optional(PlatformFlag),
  v: Type.Optional(Nullable(VariantNumber)),
  first: Type.Optional(Type.Boolean()),
  hash: DeviceHash,
  eventType: MediaEventType,
  speed: Type.Optional(Type.Number({ minimum: 0.5, maximum: 4 })),
  ctype: Type.Optional(MediaContextType),
  cid: Type.Optional(Id),
  auto: Type.Optional(Type.Boolean()),
});
/** `POST api/v1/videos/:articleId/events` body. */
export type VideoEventBody = Static<typeof VideoEventBody>;

/** `POST api/v1/videos/:articleId/events` answer. */
export const VideoEventResponse = Type.Object({ event: Type.Object({ id: Id }) });
/** `POST api/v1/videos/:articleId/events` answer. */
export type VideoEventResponse = Static<typeof VideoEventResponse>;

/** One AI summary of a team's news, with highlights and the articles it draws on. */
export const Summary = Type.Object({
  id: Id,
  text: Type.String(),
  highlights: Type.Array(Type.String()),
  articles: Type.Array(Article),
});
/** One AI summary of a team's news. */
export type Summary = Static<typeof Summary>;

/** A summary section (a pill) of a team page. */
export const SummarySection = Type.Object({ id: Id, label: Type.String(), summaries: Type.Array(Summary) });
/** A summary section of a team page. */
export type SummarySection = Static<typeof SummarySection>;

/** Count of items newer than a given id, for the new-items banner (spec 1 §4.7). */
export const NewItemsCount = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  latestId: Nullable(Id),
});
/** Count of items newer than a given id. */
export type NewItemsCount = Static<typeof NewItemsCount>;

/** Query of the new-items polls: `since` is the newest item id the page shows. */
export const NewItemsQuery = Type.Object({ since: IdCursor });
/** Query of the new-items polls. */
export type NewItemsQuery = Static<typeof NewItemsQuery>;

/** Answer of the new-items polls. */
export const NewItemsResponse = Type.Object({ newItems: NewItemsCount });
/** Answer of the new-items polls. */
export type NewItemsResponse = Static<typeof NewItemsResponse>;
