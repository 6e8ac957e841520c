/**
 * How each kind of search result is shown on the search pages: names as rows with the query marked
 * (teams, topics, sources, sites, podcasts, episodes), players as their cards, articles as the feed's
 * cards (with the matching passage), posts as post cards.
 * @module
 */
import type {
  Article,
  Domain,
  Player,
  Podcast,
  PodcastEpisode,
  Post,
  Source,
  Team,
  Topic,
} from '@sportspyder/contract';
import { dateTimeFormat } from '@sportspyder/core';
import { type NameResult, NameResultList, PlayerCard, PostCard } from '@sportspyder/react';
import type { ReactNode } from 'react';
import { useListSettings } from '../sport/useListSettings.js';
import { SearchArticles } from './SearchArticles.js';

/** The rows of found teams: full name, sport. */
export const teamRows = (teams: readonly Team[]): NameResult[] =>
  teams.map((team) => ({
    key: `team-${team.id}`,
    href: `/${team.sportSlug}/${team.slug}`,
    name: team.fullName,
    image: team.logo,
    detail: team.sportName,
  }));

/** The rows of found topics. */
export const topicRows = (topics: readonly Topic[]): NameResult[] =>
  topics.map((topic) => ({
    key: `topic-${topic.id}`,
    href: `/s/${topic.slug}`,
    name: topic.name,
    image: null,
    detail: 'Topic',
  }));

/** The rows of found sources: the publisher's name, what kind of feed. */
export const sourceRows = (sources: readonly Source[]): NameResult[] =>
  sources.map((source) => ({
    key: `source-${source.id}`,
    href: `/sources/${source.id}/news`,
    name: source.domain.label || source.domain.name,
    image: source.domain.favicon,
    detail: source.domain.isYoutube ? 'Video channel' : 'News source',
  }));

/** The rows of found publishers (sites); a site's page is its first source's news. */
export const siteRows = (sites: readonly Domain[]): NameResult[] =>
  sites.map((site) => ({
    key: `site-${site.id}`,
    href: `/search/sources?q=${encodeURIComponent(site.name)}`,
    name: site.label || site.name,
    image: site.favicon,
    detail: site.description ?? 'Publisher',
  }));

/** The rows of found podcasts. */
export const podcastRows = (podcasts: readonly Podcast[]): NameResult[] =>
  podcasts.map((podcast) => ({
    key: `podcast-${podcast.id}`,
    href: `/podcasts/${podcast.id}`,
    name: podcast.title,
    image: podcast.imageUrl,
    detail: podcast.author ? `Podcast · ${podcast.author}` : 'Podcast',
  }));

/** An episode's date in its row: "Nov 3, 2026". */
const EPISODE_DATE = dateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The rows of found episodes: title, podcast and date. */
export const episodeRows = (episodes: readonly PodcastEpisode[]): NameResult[] =>
  episodes.map((episode) => ({
    key: `episode-${episode.id}`,
    href: `/podcasts/${episode.podcastId}/episodes/${episode.id}`,
    name: episode.title,
    spoiler: episode.spoiler === true,
    image: episode.imageUrl ?? episode.podcast.imageUrl ?? null,
    detail: `${episode.podcast.title} · ${EPISODE_DATE.format(new Date(episode.publishedAt))}`,
  }));

/** Names as rows. */
export function NameRows({ rows, q }: { rows: NameResult[]; q: string }) {
  return <NameResultList items={rows} query={q} />;
}

/** Players as their cards. */
export function PlayerCards({ players }: { players: readonly Player[] }) {
  const { linksInNewWindow } = useListSettings();
  return (
    <div className="ss-player-cards">
      {players.map((player) => (
        <PlayerCard key={player.id} player={player} linksInNewWindow={linksInNewWindow} />
      ))}
    </div>
  );
}

/** Posts as their cards. */
export function PostCards({ posts }: { posts: readonly Post[] }) {
  return (
    <div className="ss-search-posts">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </div>
  );
}

/** Articles as feed cards (titles at `headingLevel`). */
export function ArticleCards({
  articles,
  headingLevel = 3,
}: {
  articles: readonly Article[];
  headingLevel?: 2 | 3;
}): ReactNode {
  return <SearchArticles articles={articles} headingLevel={headingLevel} />;
}
