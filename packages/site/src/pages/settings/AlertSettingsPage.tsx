/**
 * /settings/alerts (issue 49, Web Push): whether this device receives alerts, and which alerts are sent
 * for the member's followed teams and podcasts, with quiet hours. Team names come from the reference
 * data, podcast titles from the member's followed podcasts (the alert choices carry only ids).
 * @module
 */
import type { PodcastList } from '@sportspyder/contract';
import { listProfilePodcasts } from '@sportspyder/core';
import { useAlertSettings, useClient, useReference } from '@sportspyder/react';
import { useCallback, useMemo } from 'react';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { usePodcastContent } from '../podcasts/usePodcastContent.js';
import { AlertChoicesForm } from './AlertChoicesForm.js';
import { DeviceAlertsSection } from './DeviceAlertsSection.js';
import { SettingsLoad } from './SettingsLoad.js';
import './settings.css';

// The server lists at most 100 podcasts a page; titles of any further follows fall back to a number.
const FOLLOWED_PODCASTS = { type: 'following', perPage: 100 } as const;

/** The alert settings screen. */
export function AlertSettingsPage() {
  useDocumentTitle('Alert Settings');
  const client = useClient();
  const settings = useAlertSettings();
  const { teamsBySlug } = useReference();
  // Under the podcast pages' cache prefix, which a follow or unfollow anywhere invalidates.
  const podcasts = usePodcastContent<PodcastList>(
    'followed-titles',
    FOLLOWED_PODCASTS,
    () => listProfilePodcasts(client, FOLLOWED_PODCASTS),
    (settings.data?.podcasts.length ?? 0) > 0,
  );

  const teamNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const team of Object.values(teamsBySlug)) names.set(team.id, team.fullName);
    return names;
  }, [teamsBySlug]);
  const podcastTitles = useMemo(
    () => new Map((podcasts.data?.podcasts ?? []).map((p) => [p.id, p.title])),
    [podcasts.data],
  );
  const teamName = useCallback((id: number) => teamNames.get(id) ?? `Team ${id}`, [teamNames]);
  const podcastTitle = useCallback((id: number) => podcastTitles.get(id) ?? `Podcast ${id}`, [podcastTitles]);

  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Alert Settings</h1>
        <p className="ss-page__description">
          Alerts arrive as notifications on the devices where you turn them on: when a game of a team you
          follow starts, its final score, a breaking story, and new episodes of the podcasts you follow.
        </p>
      </header>
      <DeviceAlertsSection />
      <SettingsLoad snapshot={settings}>
        {(data) => <AlertChoicesForm settings={data} teamName={teamName} podcastTitle={podcastTitle} />}
      </SettingsLoad>
    </article>
  );
}
