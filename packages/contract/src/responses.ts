/**
 * Single-resource answers (`{ <singular>: {...} }`) shared by several routes, named so the server
 * handlers and the client can refer to them.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Article } from './article.js';
import { Channel, Flag, Like } from './chat.js';
import { FantasyTeam, RosterEntry } from './fantasy.js';
import { Player } from './player.js';
import { HiddenPodcast, Podcast, PodcastEpisode, PodcastFollow, PodcastListen } from './podcast.js';
import { CustomFeed, HiddenSource, Source, SourceFollow } from './source.js';
import { FollowingTeam } from './user.js';

/** `{ article }`: one Article. */
export const ArticleResponse = Type.Object({ article: Article });
/** `{ article }`: one Article. */
export type ArticleResponse = Static<typeof ArticleResponse>;

/** `{ source }`: one Source. */
export const SourceResponse = Type.Object({ source: Source });
/** `{ source }`: one Source. */
export type SourceResponse = Static<typeof SourceResponse>;

/** `{ sourceFollow }`: one SourceFollow. */
export const SourceFollowResponse = Type.Object({ sourceFollow: SourceFollow });
/** `{ sourceFollow }`: one SourceFollow. */
export type SourceFollowResponse = Static<typeof SourceFollowResponse>;

/** `{ hiddenSource }`: one HiddenSource. */
export const HiddenSourceResponse = Type.Object({ hiddenSource: HiddenSource });
/** `{ hiddenSource }`: one HiddenSource. */
export type HiddenSourceResponse = Static<typeof HiddenSourceResponse>;

/** `{ customFeed }`: one CustomFeed. */
export const CustomFeedResponse = Type.Object({ customFeed: CustomFeed });
/** `{ customFeed }`: one CustomFeed. */
export type CustomFeedResponse = Static<typeof CustomFeedResponse>;

/** `{ podcast }`: one Podcast. */
export const PodcastResponse = Type.Object({ podcast: Podcast });
/** `{ podcast }`: one Podcast. */
export type PodcastResponse = Static<typeof PodcastResponse>;

/** `{ podcastEpisode }`: one PodcastEpisode. */
export const PodcastEpisodeResponse = Type.Object({ podcastEpisode: PodcastEpisode });
/** `{ podcastEpisode }`: one PodcastEpisode. */
export type PodcastEpisodeResponse = Static<typeof PodcastEpisodeResponse>;

/** `{ podcastListen }`: one PodcastListen. */
export const PodcastListenResponse = Type.Object({ podcastListen: PodcastListen });
/** `{ podcastListen }`: one PodcastListen. */
export type PodcastListenResponse = Static<typeof PodcastListenResponse>;

/** `{ podcastFollow }`: one PodcastFollow. */
export const PodcastFollowResponse = Type.Object({ podcastFollow: PodcastFollow });
/** `{ podcastFollow }`: one PodcastFollow. */
export type PodcastFollowResponse = Static<typeof PodcastFollowResponse>;

/** `{ hiddenPodcast }`: one HiddenPodcast. */
export const HiddenPodcastResponse = Type.Object({ hiddenPodcast: HiddenPodcast });
/** `{ hiddenPodcast }`: one HiddenPodcast. */
export type HiddenPodcastResponse = Static<typeof HiddenPodcastResponse>;

/** `{ player }`: one Player. */
export const PlayerResponse = Type.Object({ player: Player });
/** `{ player }`: one Player. */
export type PlayerResponse = Static<typeof PlayerResponse>;

/** `{ fantasyTeam }`: one FantasyTeam. */
export const FantasyTeamResponse = Type.Object({ fantasyTeam: FantasyTeam });
/** `{ fantasyTeam }`: one FantasyTeam. */
export type FantasyTeamResponse = Static<typeof FantasyTeamResponse>;

/** `{ roster }`: one RosterEntry. */
export const RosterEntryResponse = Type.Object({ roster: RosterEntry });
/** `{ roster }`: one RosterEntry. */
export type RosterEntryResponse = Static<typeof RosterEntryResponse>;

/** `{ followingTeam }`: one FollowingTeam. */
export const FollowingTeamResponse = Type.Object({ followingTeam: FollowingTeam });
/** `{ followingTeam }`: one FollowingTeam. */
export type FollowingTeamResponse = Static<typeof FollowingTeamResponse>;

/** `{ flag }`: one Flag. */
export const FlagResponse = Type.Object({ flag: Flag });
/** `{ flag }`: one Flag. */
export type FlagResponse = Static<typeof FlagResponse>;

/** `{ like }`: one Like. */
export const LikeResponse = Type.Object({ like: Like });
/** `{ like }`: one Like. */
export type LikeResponse = Static<typeof LikeResponse>;

/** `{ channel }`: one Channel. */
export const ChannelResponse = Type.Object({ channel: Channel });
/** `{ channel }`: one Channel. */
export type ChannelResponse = Static<typeof ChannelResponse>;
