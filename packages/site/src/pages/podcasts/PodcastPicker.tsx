/**
 * The toolbar of the sport and team podcast tabs (spec 2 §2): a podcast dropdown whose first entry
 * is "Top Podcasts" (the tab itself), then the sport's or team's podcasts (up to 100), a Customize
 * link (the podcasts of the team feeds) and a Discover link.
 * @module
 */
import {
  listSportPodcasts,
  listTeamPodcasts,
  PODCAST_PICKER_SIZE,
  TOP_PODCASTS_LABEL,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { Link, useNavigate } from 'react-router';
import { type PodcastScope, podcastPath, scopeBase } from './podcastScope.js';
import { usePodcastContent } from './usePodcastContent.js';

/** Props of {@link PodcastPicker}. */
export interface PodcastPickerProps {
  /** A sport or team scope. */
  scope: Extract<PodcastScope, { kind: 'sport' | 'team' }>;
  /** The podcast shown, or null on the tab itself. */
  selectedId: number | null;
}

/** The podcast dropdown with Customize and Discover. */
export function PodcastPicker({ scope, selectedId }: PodcastPickerProps) {
  const client = useClient();
  const navigate = useNavigate();
  const slug = scope.kind === 'sport' ? scope.sport.slug : scope.team.slug;
  const podcasts = usePodcastContent('picker', { scope: scope.kind, slug }, () =>
    scope.kind === 'sport'
      ? listSportPodcasts(client, { sportId: slug, perPage: PODCAST_PICKER_SIZE })
      : listTeamPodcasts(client, { teamId: slug, perPage: PODCAST_PICKER_SIZE }),
  );
  const list = podcasts.data?.podcasts ?? [];
  const base = scopeBase(scope);
  return (
    <div className="ss-podcast-picker">
      <label className="ss-podcast-picker__label">
        <span className="ss-visually-hidden">Podcast</span>
        <select
          className="ss-podcast-picker__select"
          value={selectedId == null ? '' : String(selectedId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            navigate(value ? podcastPath(scope, Number(value)) : `${base}/podcasts`);
          }}
        >
          <option value="">{TOP_PODCASTS_LABEL}</option>
          {selectedId != null && !list.some((p) => p.id === selectedId) && (
            <option value={String(selectedId)}>Podcast</option>
          )}
          {list.map((podcast) => (
            <option key={podcast.id} value={String(podcast.id)}>
              {podcast.shortTitle || podcast.title}
            </option>
          ))}
        </select>
      </label>
      <Link className="ss-button ss-button--ghost" to={`/settings/configure/podcasts/${slug}`}>
        Customize
      </Link>
      <Link className="ss-button" to={`${base}/podcasts/discover`}>
        Discover
      </Link>
    </div>
  );
}
