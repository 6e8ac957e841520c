/**
 * The rows of the Configure screen: hidden sources or podcasts of a custom feed and the team's
 * other sources or podcasts, brought to one shape so one list renders both kinds.
 * @module
 */
import type { CustomFeed, PodcastList, SourceList } from '@sportspyder/contract';
import { articlesPerDayLabel, podcastsPerMonthLabel } from '@sportspyder/core';

/** The two kinds of things a team feed can hide. */
export type ConfigureType = 'sources' | 'podcasts';

/** True for the `:type` values of the Configure route. */
export function isConfigureType(value: string | undefined): value is ConfigureType {
  return value === 'sources' || value === 'podcasts';
}

/** The Configure screen of a type and a team (or sport) slug. */
export function configurePath(type: ConfigureType, slug: string): string {
  return `/settings/configure/${type}/${encodeURIComponent(slug)}`;
}

/** One row: a source (by egg id) or a podcast for one team. */
export interface ConfigureItem {
  /** Unique within the screen: kind, team and id. */
  readonly key: string;
  /** Source or podcast. */
  readonly type: ConfigureType;
  /** The egg (source) id or the podcast id. */
  readonly id: number;
  /** The team whose feed the row is about. */
  readonly teamId: number;
  /** The team's name, shown when the screen covers several teams (a sport). */
  readonly teamName: string | null;
  /** The source label or podcast title. */
  readonly name: string;
  /** The favicon or podcast image. */
  readonly image: string | null;
  /** "N articles/day", "N podcasts/month", or null when unknown. */
  readonly volume: string | null;
}

function itemKey(type: ConfigureType, teamId: number, id: number): string {
  return `${type}:${teamId}:${id}`;
}

/**
 * The hidden rows of `feed` and, for a team (`teamId`), the team's other sources or podcasts of
 * `all` (those not hidden).
 */
export function configureItems(
  type: ConfigureType,
  feed: CustomFeed,
  all: SourceList | PodcastList | undefined,
  teamId: number | undefined,
): { hidden: ConfigureItem[]; visible: ConfigureItem[] } {
  const several = feed.teams.length > 1 && teamId === undefined;
  const teamName = (id: number) => (several ? (feed.teams.find((t) => t.id === id)?.name ?? null) : null);
  const hidden: ConfigureItem[] =
    type === 'sources'
      ? feed.hiddenSources.map((s) => ({
          key: itemKey(type, s.teamId, s.eggId),
          type,
          id: s.eggId,
          teamId: s.teamId,
          teamName: teamName(s.teamId),
          name: s.domain.label || s.domain.name,
          image: s.domain.favicon,
          volume: articlesPerDayLabel(s.volume),
        }))
      : feed.hiddenPodcasts.map((p) => ({
          key: itemKey(type, p.teamId, p.podcastId),
          type,
          id: p.podcastId,
          teamId: p.teamId,
          teamName: teamName(p.teamId),
          name: p.podcast.title,
          image: p.podcast.imageUrl,
          volume: podcastsPerMonthLabel(p.volume),
        }));
  if (teamId === undefined || !all) return { hidden, visible: [] };
  const hiddenKeys = new Set(hidden.map((item) => item.key));
  const visible: ConfigureItem[] =
    'sources' in all
      ? all.sources.map((s) => {
          const id = s.egg?.id ?? s.id;
          return {
            key: itemKey('sources', teamId, id),
            type: 'sources' as const,
            id,
            teamId,
            teamName: null,
            name: s.domain.label || s.domain.name,
            image: s.domain.favicon,
            volume: articlesPerDayLabel(s.dailyVolume),
          };
        })
      : all.podcasts.map((p) => ({
          key: itemKey('podcasts', teamId, p.id),
          type: 'podcasts' as const,
          id: p.id,
          teamId,
          teamName: null,
          name: p.title,
          image: p.imageUrl,
          volume: null,
        }));
  return { hidden, visible: visible.filter((item) => !hiddenKeys.has(item.key)) };
}
