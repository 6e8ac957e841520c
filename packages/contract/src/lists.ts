/**
 * The list answers of the API, each the list envelope `{ <plural>: [...], meta: { pagination } }`
 * around one entity. The issue-2 lists (sports, teams, topics) live in routes.ts.
 * @module
 */
import type { Static } from '@sinclair/typebox';
import { Article, ArticleView, SummarySection, Video } from './article.js';
import { ApiKey } from './billing.js';
import { Channel } from './chat.js';
import { FantasyTeam } from './fantasy.js';
import { Game } from './game.js';
import { Notification } from './notification.js';
import { listEnvelope } from './pagination.js';
import { Player, PlayerSearchResult, Position } from './player.js';
import { HiddenPodcast, Podcast, PodcastEpisode, PodcastFollow, PodcastListen } from './podcast.js';
import { Post } from './post.js';
import { CustomFeed, Domain, HiddenSource, Source, SourceFollow } from './source.js';
import { FollowingTeam } from './user.js';

/** A page of articles. */
export const ArticleList = listEnvelope('articles', Article);
/** A page of articles. */
export type ArticleList = Static<typeof ArticleList>;

/** A page of videos. */
export const VideoList = listEnvelope('videos', Video);
/** A page of videos. */
export type VideoList = Static<typeof VideoList>;

/** A page of recently-read records. */
export const ArticleViewList = listEnvelope('articleViews', ArticleView);
/** A page of recently-read records. */
export type ArticleViewList = Static<typeof ArticleViewList>;

/** A team's summary sections. */
export const SummarySectionList = listEnvelope('summarySections', SummarySection);
/** A team's summary sections. */
export type SummarySectionList = Static<typeof SummarySectionList>;

/** A page of games. */
export const GameList = listEnvelope('games', Game);
/** A page of games. */
export type GameList = Static<typeof GameList>;

/** A page of players. */
export const PlayerList = listEnvelope('players', Player);
/** A page of players. */
export type PlayerList = Static<typeof PlayerList>;

/** The positions of a sport. */
export const PositionList = listEnvelope('positions', Position);
/** The positions of a sport. */
export type PositionList = Static<typeof PositionList>;

/** A page of fantasy player search results. */
export const PlayerSearchList = listEnvelope('players', PlayerSearchResult);
/** A page of fantasy player search results. */
export type PlayerSearchList = Static<typeof PlayerSearchList>;

/** A page of podcasts. */
export const PodcastList = listEnvelope('podcasts', Podcast);
/** A page of podcasts. */
export type PodcastList = Static<typeof PodcastList>;

/** A page of podcast episodes. */
export const PodcastEpisodeList = listEnvelope('podcastEpisodes', PodcastEpisode);
/** A page of podcast episodes. */
export type PodcastEpisodeList = Static<typeof PodcastEpisodeList>;

/** Recent listens. */
export const PodcastListenList = listEnvelope('podcastListens', PodcastListen);
/** Recent listens. */
export type PodcastListenList = Static<typeof PodcastListenList>;

/** A page of social posts. */
export const PostList = listEnvelope('tweets', Post);
/** A page of social posts. */
export type PostList = Static<typeof PostList>;

/** A page of sources. */
export const SourceList = listEnvelope('sources', Source);
/** A page of sources. */
export type SourceList = Static<typeof SourceList>;

/** A page of domains. */
export const DomainList = listEnvelope('domains', Domain);
/** A page of domains. */
export type DomainList = Static<typeof DomainList>;

/** Chat channels. */
export const ChannelList = listEnvelope('channels', Channel);
/** Chat channels. */
export type ChannelList = Static<typeof ChannelList>;

/** A page of notifications. */
export const NotificationList = listEnvelope('notifications', Notification);
/** A page of notifications. */
export type NotificationList = Static<typeof NotificationList>;

/** The member's followed teams in their order. */
export const FollowingTeamList = listEnvelope('followingTeams', FollowingTeam);
/** The member's followed teams. */
export type FollowingTeamList = Static<typeof FollowingTeamList>;

/** The member's custom feeds. */
export const CustomFeedList = listEnvelope('customFeeds', CustomFeed);
/** The member's custom feeds. */
export type CustomFeedList = Static<typeof CustomFeedList>;

/** The member's source follows. */
export const SourceFollowList = listEnvelope('sourceFollows', SourceFollow);
/** The member's source follows. */
export type SourceFollowList = Static<typeof SourceFollowList>;

/** The member's hidden sources. */
export const HiddenSourceList = listEnvelope('hiddenSources', HiddenSource);
/** The member's hidden sources. */
export type HiddenSourceList = Static<typeof HiddenSourceList>;

/** The member's podcast follows. */
export const PodcastFollowList = listEnvelope('podcastFollows', PodcastFollow);
/** The member's podcast follows. */
export type PodcastFollowList = Static<typeof PodcastFollowList>;

/** The member's hidden podcasts. */
export const HiddenPodcastList = listEnvelope('hiddenPodcasts', HiddenPodcast);
/** The member's hidden podcasts. */
export type HiddenPodcastList = Static<typeof HiddenPodcastList>;

/** The member's fantasy teams. */
export const FantasyTeamList = listEnvelope('fantasyTeams', FantasyTeam);
/** The member's fantasy teams. */
export type FantasyTeamList = Static<typeof FantasyTeamList>;

/** The member's API keys. */
export const ApiKeyList = listEnvelope('apiKeys', ApiKey);
/** The member's API keys. */
export type ApiKeyList = Static<typeof ApiKeyList>;
