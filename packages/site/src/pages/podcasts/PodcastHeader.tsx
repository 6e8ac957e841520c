/**
 * The header of a podcast page: the podcast box (artwork with the play/pause disc of its latest
 * episode, title, author, description, last-episode label, Subscribe) and the teams it covers.
 * @module
 */
import type { Podcast } from '@sportspyder/contract';
import { setPodcastSubscription } from '@sportspyder/core';
import { PodcastBox, useClient, usePlayerSnapshot, useSession } from '@sportspyder/react';
import { Link } from 'react-router';
import { useSitePlayer } from '../../player/useSitePlayer.js';
import type { PodcastScope } from './podcastScope.js';
import { scopeContext } from './podcastScope.js';
import { useSignInRedirect } from './SignedOutNotice.js';
import { PODCAST_CONTENT_KEY } from './usePodcastContent.js';

/** Props of {@link PodcastHeader}. */
export interface PodcastHeaderProps {
  /** The podcast. */
  podcast: Podcast;
  /** The page's scope. */
  scope: PodcastScope;
}

/** The podcast header. */
export function PodcastHeader({ podcast, scope }: PodcastHeaderProps) {
  const client = useClient();
  const { loggedIn } = useSession();
  const player = useSitePlayer();
  const signIn = useSignInRedirect();
  const snapshot = usePlayerSnapshot(player);
  const last = podcast.lastEpisode;
  const playing =
    last != null &&
    snapshot.episode?.id === last.id &&
    (snapshot.status === 'playing' || snapshot.status === 'loading' || snapshot.status === 'buffering');
  return (
    <div className="ss-podcast-header">
      <PodcastBox
        podcast={podcast}
        headingLevel={2}
        loggedIn={loggedIn}
        href={`/podcasts/${podcast.id}`}
        playing={playing}
        onPlayToggle={() => {
          if (!last) return;
          if (playing) player.pause();
          else void player.play(last, { context: scopeContext(scope) });
        }}
        onToggle={async (p) => {
          try {
            await setPodcastSubscription(client, {
              podcast: { id: p.id, title: p.shortTitle || p.title },
              subscribed: !p.following,
              ...(scope.kind === 'team' ? { teamSlug: scope.team.slug } : {}),
            });
            // The page reads live under site keys; the core refreshed only the api ones.
            await client.cache.invalidate(PODCAST_CONTENT_KEY);
          } catch {
            client.toasts.show('Something went wrong. Try again.', 'error');
          }
        }}
        onSignInRequired={signIn}
      />
      {podcast.teams.length > 0 && (
        <p className="ss-podcast-header__teams">
          {podcast.teams.map((team) => (
            <Link key={team.id} className="ss-tag" to={`/${team.sportSlug}/${team.slug}/podcasts`}>
              <img src={team.logo} alt="" width={16} height={16} />
              {team.shortName || team.name}
            </Link>
          ))}
        </p>
      )}
    </div>
  );
}
