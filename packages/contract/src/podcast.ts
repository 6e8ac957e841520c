/**
 * Podcasts and episodes (spec 1 §3, spec 2 §3), the player's event call, listens, and the
 * member's podcast follows and hides.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { MediaContextType } from './article.js';
import {
  DateTime,
  DeviceHash,
  Id,
  MAX_MEDIA_SECONDS,
  MediaSeconds,
  Nullable,
  PlatformFlag,
  SportRef,
  VariantNumber,
} from './common.js';

/** The podcast as referenced from an episode. */
export const EpisodePodcastRef = Type.Object({
  id: Id,
  title: Type.String(),
  shortTitle: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
});
/** The podcast as referenced from an episode. */
export type EpisodePodcastRef = Static<typeof EpisodePodcastRef>;

// The spoiler shield's mark of an episode (issue 49), on every episode shape the site lists.
const episodeSpoiler = Type.Optional(
  Type.Boolean({
    description:
      "True when the episode's title or summary gives away the result of a game the signed-in member's spoiler shield hides: the client blurs the title until revealed (issue 49).",
  }),
);

/** What the player needs of an episode: enough to play it and label it. */
export const EpisodeRef = Type.Object({
  id: Id,
  title: Type.String(),
  imageUrl: Nullable(Type.String()),
  enclosureUrl: Type.String(),
  duration: Nullable(Type.Number({ minimum: 0, description: 'Seconds.' })),
  publishedAt: DateTime,
  podcast: EpisodePodcastRef,
  spoiler: episodeSpoiler,
});
/** What the player needs of an episode. */
export type EpisodeRef = Static<typeof EpisodeRef>;

/** A team a podcast covers, with its episode count. */
export const PodcastTeam = Type.Object({
  id: Id,
  slug: Type.String(),
  sportSlug: Type.String(),
  logo: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  episodes: Type.Integer({ minimum: 0 }),
});
/** A team a podcast covers. */
export type PodcastTeam = Static<typeof PodcastTeam>;

/** A related podcast suggestion. */
export const PodcastSuggestion = Type.Object({
  id: Id,
  title: Type.String(),
  shortTitle: Nullable(Type.String()),
  author: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
});
/** A related podcast suggestion. */
export type PodcastSuggestion = Static<typeof PodcastSuggestion>;

/** A podcast (show). `following` is false for visitors. */
export const Podcast = Type.Object({
  id: Id,
  feedUrl: Type.String(),
  title: Type.String(),
  shortTitle: Nullable(Type.String()),
  description: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  author: Nullable(Type.String()),
  website: Nullable(Type.String()),
  ownerName: Nullable(Type.String()),
  ownerEmail: Nullable(Type.String()),
  podcastType: Nullable(Type.String({ description: 'iTunes type: episodic or serial.' })),
  copyright: Nullable(Type.String()),
  explicit: Type.Boolean(),
  imageUrl: Nullable(Type.String()),
  episodesCount: Type.Integer({ minimum: 0 }),
  twitter: Nullable(Type.String()),
  youtube: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  tiktok: Nullable(Type.String()),
  facebook: Nullable(Type.String()),
  twitch: Nullable(Type.String()),
  lastEpisode: Nullable(EpisodeRef),
  following: Type.Boolean(),
  teams: Type.Array(PodcastTeam),
  sports: Type.Array(SportRef),
  suggestions: Type.Array(PodcastSuggestion),
});
/** A podcast (show). */
export type Podcast = Static<typeof Podcast>;

/** The podcast as embedded in a full episode: with the teams and sports it covers. */
export const EpisodePodcast = Type.Object({
  ...EpisodePodcastRef.properties,
  teams: Type.Array(PodcastTeam),
  sports: Type.Array(SportRef),
});
/** The podcast as embedded in a full episode. */
export type EpisodePodcast = Static<typeof EpisodePodcast>;

// Fields of an episode and of the episodes grouped under it (non-recursive on purpose).
const episodeFields = {
  id: Id,
  podcastId: Id,
  guid: Type.String(),
  title: Type.String(),
  enclosureUrl: Type.String(),
  enclosureType: Nullable(Type.String()),
  enclosureLength: Nullable(Type.Integer({ minimum: 0 })),
  description: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  episodeType: Nullable(Type.String({ description: 'iTunes type: full, trailer or bonus.' })),
  explicit: Type.Boolean(),
  webpage: Nullable(Type.String()),
  season: Nullable(Type.Integer()),
  episode: Nullable(Type.Integer()),
  author: Nullable(Type.String()),
  duration: Nullable(Type.Number({ minimum: 0, description: 'Seconds.' })),
  publishedAt: DateTime,
  mostRecent: Type.Boolean(),
  postedDate: Type.String({ description: 'Publication time as the feed gave it (ISO date-time).' }),
  hot: Type.Boolean(),
  imageUrl: Nullable(Type.String()),
  promoted: Type.Boolean(),
  messagesCount: Type.Integer({ minimum: 0 }),
  podcast: EpisodePodcast,
  spoiler: episodeSpoiler,
};

/** An episode grouped under another one. */
export const SubEpisode = Type.Object(episodeFields);
/** An episode grouped under another one. */
export type SubEpisode = Static<typeof SubEpisode>;

/** A podcast episode, with grouped episodes and suggestions. */
export const PodcastEpisode = Type.Object({
  ...episodeFields,
  subepisodes: Type.Array(SubEpisode),
  suggestions: Type.Array(EpisodeRef),
});
/** A podcast episode. */
export type PodcastEpisode = Static<typeof PodcastEpisode>;

/** Player event types (spec 1 §7). */
export const EpisodeEventType = Type.Union([
  Type.Literal('play'),
  Type.Literal('pause'),
  Type.Literal('seek'),
]);
/** Player event types. */
export type EpisodeEventType = Static<typeof EpisodeEventType>;

/** `POST api/v1/podcast_episodes/:podcastEpisodeId/events` body. `ctype`/`cid` are sent on play only. */
export const EpisodeEventBody = Type.Object({
  platform: PlatformFlag,
  time: Type.Integer({ minimum: 0, maximum: MAX_MEDIA_SECONDS, description: 'Rounded seconds.' }),
  duration: Type.Optional(Nullable(MediaSeconds)),
  p: Type.Optional(PlatformFlag),
  v: Type.Optional(Nullable(VariantNumber)),
  first: Type.Optional(Type.Boolean()),
  hash: DeviceHash,
  eventType: EpisodeEventType,
  speed: Type.Optional(Type.Number({ minimum: 0.5, maximum: 4 })),
  ctype: Type.Optional(MediaContextType),
  cid: Type.Optional(Id),
  auto: Type.Optional(Type.Boolean({ description: 'Continuing automatically after the previous episode.' })),
});
/** `POST api/v1/podcast_episodes/:podcastEpisodeId/events` body. */
export type EpisodeEventBody = Static<typeof EpisodeEventBody>;

/** One recorded player event with the episodes before and after it (for previous/next). */
export const EpisodeEventResponse = Type.Object({
  id: Id,
  episode: EpisodeRef,
  prevEpisode: Nullable(EpisodeRef),
  nextEpisode: Nullable(EpisodeRef),
});
/** One recorded player event. */
export type EpisodeEventResponse = Static<typeof EpisodeEventResponse>;

/** `POST api/v1/podcast_episodes/:podcastEpisodeId/events` answer: `events[0]` holds prev/next. */
export const EpisodeEventsResponse = Type.Object({
  events: Type.Array(EpisodeEventResponse, { minItems: 1 }),
});
/** `POST api/v1/podcast_episodes/:podcastEpisodeId/events` answer. */
export type EpisodeEventsResponse = Static<typeof EpisodeEventsResponse>;

/** A listen: the saved position of an episode for a member or a device. */
export const PodcastListen = Type.Object({
  id: Id,
  time: Type.Number({ minimum: 0, description: 'Seconds, one decimal.' }),
  completedAt: Nullable(DateTime),
  podcastEpisode: EpisodeRef,
});
/** A listen. */
export type PodcastListen = Static<typeof PodcastListen>;

/** `GET api/v1/podcast_listens` query: the device hash and how many (3 in the menu, 8 on dashboards). */
export const PodcastListenQuery = Type.Object({
  hash: DeviceHash,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 3 })),
});
/** `GET api/v1/podcast_listens` query. */
export type PodcastListenQuery = Static<typeof PodcastListenQuery>;

/** A member's follow of a podcast. */
export const PodcastFollow = Type.Object({ id: Id, podcastId: Id });
/** A member's follow of a podcast. */
export type PodcastFollow = Static<typeof PodcastFollow>;

/** A podcast hidden from one team's feed. */
export const HiddenPodcast = Type.Object({ id: Id, podcastId: Id, teamId: Id });
/** A podcast hidden from one team's feed. */
export type HiddenPodcast = Static<typeof HiddenPodcast>;

/** `POST/DELETE api/v1/profile/podcast_follows` body. */
export const PodcastFollowBody = Type.Object({ podcastFollow: Type.Object({ podcastId: Id }) });
/** `POST/DELETE api/v1/profile/podcast_follows` body. */
export type PodcastFollowBody = Static<typeof PodcastFollowBody>;

/** `POST/DELETE api/v1/profile/hidden_podcasts` body. */
export const HiddenPodcastBody = Type.Object({ hiddenPodcast: Type.Object({ podcastId: Id, teamId: Id }) });
/** `POST/DELETE api/v1/profile/hidden_podcasts` body. */
export type HiddenPodcastBody = Static<typeof HiddenPodcastBody>;
