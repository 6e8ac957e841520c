/**
 * The combined feeds of a sport, team, player or user page and the home page's top stories
 * (spec 1 §3 "Top stories", spec 2 §3 "Sport feed / team feed").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Article, Video } from './article.js';
import { Player } from './player.js';
import { PodcastEpisode } from './podcast.js';

/** A page's combined feed: top articles, videos, episodes and trending players. */
export const Feed = Type.Object({
  id: Type.String({ description: 'The sport, team, player or user slug the feed is for.' }),
  articles: Type.Array(Article),
  videos: Type.Array(Video),
  episodes: Type.Array(PodcastEpisode),
  players: Type.Array(Player),
});
/** A page's combined feed. */
export type Feed = Static<typeof Feed>;

/** `GET .../feeds` answer. */
export const FeedResponse = Type.Object({ feed: Feed });
/** `GET .../feeds` answer. */
export type FeedResponse = Static<typeof FeedResponse>;

/** The home page's top stories. */
export const TopStories = Type.Object({
  id: Type.String(),
  articles: Type.Array(Article),
  episodes: Type.Array(PodcastEpisode),
});
/** The home page's top stories. */
export type TopStories = Static<typeof TopStories>;

/** `GET api/v1/top_stories` answer. */
export const TopStoriesResponse = Type.Object({ topStories: TopStories });
/** `GET api/v1/top_stories` answer. */
export type TopStoriesResponse = Static<typeof TopStoriesResponse>;
