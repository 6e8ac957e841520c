/**
 * Where a podcast page sits (spec 1 §2.1): at the top level (/podcasts/:id, /episodes/:id), inside a
 * sport (/sports/:sportId/...) or inside a team (/:sportId/:teamId/...). The scope decides the links
 * between the podcast pages and the context sent with plays.
 * @module
 */
import type { Sport, Team } from '@sportspyder/contract';
import type { EpisodeContext } from '@sportspyder/core';

/** The frame of a podcast page. */
export type PodcastScope = { kind: 'site' } | { kind: 'sport'; sport: Sport } | { kind: 'team'; team: Team };

/** The path prefix of the scope ('' at the top level). */
export function scopeBase(scope: PodcastScope): string {
  if (scope.kind === 'sport') return `/sports/${scope.sport.slug}`;
  if (scope.kind === 'team') return `/${scope.team.sportSlug}/${scope.team.slug}`;
  return '';
}

/** A podcast's page in the scope. */
export function podcastPath(scope: PodcastScope, podcastId: number): string {
  return `${scopeBase(scope)}/podcasts/${podcastId}`;
}

/** An episode's page in the scope (top level: under its podcast). */
export function episodePath(scope: PodcastScope, episode: { id: number; podcast: { id: number } }): string {
  if (scope.kind === 'site') return `/podcasts/${episode.podcast.id}/episodes/${episode.id}`;
  return `${scopeBase(scope)}/episodes/${episode.id}`;
}

/** The play context of the scope (team or sport pages), or null. */
export function scopeContext(scope: PodcastScope): EpisodeContext | null {
  if (scope.kind === 'sport') return { ctype: 'Sport', cid: scope.sport.id };
  if (scope.kind === 'team') return { ctype: 'Team', cid: scope.team.id };
  return null;
}

/** The name of the scope's sport or team ("NFL", "Green Bay Packers"), or null. */
export function scopeName(scope: PodcastScope): string | null {
  if (scope.kind === 'sport') return scope.sport.name;
  if (scope.kind === 'team') return scope.team.fullName;
  return null;
}
