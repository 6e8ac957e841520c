/**
 * The site's access to the one podcast player of the client (core `clientPlayer`): the player, the
 * play/pause toggle of one episode with its button state, and the page context sent with plays. The
 * player loads a downloaded episode of a podcast host from the download relay's URL (core
 * `playableAudioUrl`), which the service worker answers from the stored copy.
 * @module
 */
import type { EpisodeRef, PodcastEpisode } from '@sportspyder/contract';
import {
  clientPlayer,
  type EpisodeContext,
  type PlayButtonState,
  type Player,
  parseStartTime,
  playableAudioUrl,
} from '@sportspyder/core';
import { useClient, useEpisodePlayState } from '@sportspyder/react';
import { useCallback } from 'react';
import { episodeDownloads } from '../offline/episodeDownloads.js';
import { SITE_LISTENS_KEY } from './useRecentListens.js';

/** The client's player; created (with the page's audio element) on first use. */
export function useSitePlayer(): Player {
  const client = useClient();
  return clientPlayer(client, {
    engine: {
      // The site's listens lists live under their own key; a play that added a recent refreshes them too.
      onListensChanged: () => void client.cache.invalidate(SITE_LISTENS_KEY),
      // A podcast host's episode the member downloaded plays from the stored copy (issue 49).
      audioUrl: (episode) =>
        playableAudioUrl(episode, episodeDownloads(client.storage), window.location.href),
    },
  });
}

/** An episode any list can play. */
export type ListEpisode = EpisodeRef | PodcastEpisode;

/** What {@link useEpisodeToggle} returns. */
export interface EpisodeToggle {
  /** The play button state of the episode. */
  state: PlayButtonState;
  /** Pauses the episode when it plays, else plays it (from its saved time, or `?t=`). */
  toggle: () => void;
}

/**
 * The play button logic of one episode.
 *
 * @example
 * ```tsx
 * const { state, toggle } = useEpisodeToggle(episode, { ctype: 'Team', cid: team.id });
 * ```
 */
export function useEpisodeToggle(
  episode: ListEpisode,
  context?: EpisodeContext | null,
  startTime?: number | null,
): EpisodeToggle {
  const player = useSitePlayer();
  const state = useEpisodePlayState(player, episode.id);
  const toggle = useCallback(() => {
    if (state === 'playing' || state === 'loading') {
      player.pause();
      return;
    }
    // A deep link's start applies when the episode is started, not when it resumes.
    const fresh = player.getSnapshot().episode?.id !== episode.id;
    void player.play(episode, {
      context: context ?? null,
      ...(startTime != null && fresh ? { time: startTime } : {}),
    });
  }, [player, episode, context, state, startTime]);
  return { state, toggle };
}

/** The `?t=` start time of the current URL's query, or null. */
export function startTimeOf(search: string): number | null {
  return parseStartTime(search.includes('t=') ? search : null);
}
