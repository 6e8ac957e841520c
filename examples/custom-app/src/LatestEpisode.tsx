// The team's newest podcast episode with a play button that hands it to the persistent player.
import { listTeamPodcastEpisodes } from '@sportspyder/core';
import { PlayButton, useClient, useEpisodePlayState, useResource } from '@sportspyder/react';
import { usePlayer } from './usePlayer.js';

export function LatestEpisode({ teamSlug }: { teamSlug: string }) {
  const client = useClient();
  const player = usePlayer();
  const episodes = useResource({ path: 'dashboard/episodes', params: { team: teamSlug } }, () =>
    listTeamPodcastEpisodes(client, { teamId: teamSlug, perPage: 1 }),
  );
  const episode = episodes.data?.podcastEpisodes[0];
  // Play, Pause (while this episode plays) or Completed, from the player's state and memory.
  const state = useEpisodePlayState(player, episode?.id ?? 0);
  if (!episode) return null;
  const toggle = () =>
    state === 'playing' || state === 'loading' ? player.pause() : void player.play(episode);
  return (
    <section className="panel" aria-labelledby="episode-heading">
      <h2 id="episode-heading">Latest episode</h2>
      <div className="episode">
        <PlayButton state={state} title={episode.title} onClick={toggle} showText />
        <div>
          <p className="episode__title">{episode.title}</p>
          <p className="episode__podcast">{episode.podcast.title}</p>
        </div>
      </div>
    </section>
  );
}
