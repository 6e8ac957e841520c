/**
 * Discover podcasts of a sport or team (/sports/:sportId/podcasts/discover,
 * /:sportId/:teamId/podcasts/discover; spec 2 §2): title "Discover {name} Podcasts", the podcasts with
 * their Subscribe buttons and play discs, and pagination.
 * @module
 */
import type { Sport, Team } from '@sportspyder/contract';
import {
  discoverPodcastsTitle,
  listSportPodcasts,
  listTeamPodcasts,
  noPodcastsText,
  setPodcastSubscription,
} from '@sportspyder/core';
import {
  EmptyState,
  Pagination,
  PodcastBox,
  useClient,
  usePlayerSnapshot,
  useSession,
} from '@sportspyder/react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { useSitePlayer } from '../../player/useSitePlayer.js';
import { type PodcastScope, podcastPath, scopeBase, scopeContext } from './podcastScope.js';
import { SignedOutNotice, useSignInRedirect } from './SignedOutNotice.js';
import { PODCAST_CONTENT_KEY, pagePath, usePageParam, usePodcastContent } from './usePodcastContent.js';
import './podcasts.css';

/** The discover page of the sport or team frame around it. */
export function DiscoverPodcastsPage({ kind }: { kind: 'sport' | 'team' }) {
  const client = useClient();
  const { loggedIn } = useSession();
  const signIn = useSignInRedirect();
  const player = useSitePlayer();
  const snapshot = usePlayerSnapshot(player);
  const frame = useOutletContext<{ sport?: Sport; team?: Team }>();
  const scope: PodcastScope =
    kind === 'sport' && frame.sport
      ? { kind: 'sport', sport: frame.sport }
      : { kind: 'team', team: frame.team as Team };
  const page = usePageParam();
  const slug = scope.kind === 'sport' ? scope.sport.slug : scope.kind === 'team' ? scope.team.slug : '';
  const name = scope.kind === 'sport' ? scope.sport.name : scope.kind === 'team' ? scope.team.fullName : '';
  const title = discoverPodcastsTitle(name);
  useDocumentTitle(title);
  const podcasts = usePodcastContent('discover', { scope: kind, slug, page }, () =>
    kind === 'sport'
      ? listSportPodcasts(client, { sportId: slug, page })
      : listTeamPodcasts(client, { teamId: slug, page }),
  );
  const list = podcasts.data?.podcasts ?? [];
  const active =
    snapshot.status === 'playing' || snapshot.status === 'loading' || snapshot.status === 'buffering';
  return (
    <article className="ss-page ss-podcasts-discover">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
      </header>
      <SignedOutNotice />
      {!podcasts.data ? (
        <p className="ss-loading-text">Loading…</p>
      ) : list.length === 0 ? (
        <EmptyState title="No podcasts" text={noPodcastsText(kind)} />
      ) : (
        <>
          <div className="ss-podcast-grid">
            {list.map((podcast) => {
              const last = podcast.lastEpisode;
              const playing = active && last != null && snapshot.episode?.id === last.id;
              return (
                <PodcastBox
                  key={podcast.id}
                  podcast={podcast}
                  loggedIn={loggedIn}
                  href={podcastPath(scope, podcast.id)}
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
                      await client.cache.invalidate(PODCAST_CONTENT_KEY);
                    } catch {
                      client.toasts.show('Something went wrong. Try again.', 'error');
                    }
                  }}
                  onSignInRequired={signIn}
                />
              );
            })}
          </div>
          <Pagination
            page={page}
            totalPages={podcasts.data.meta.pagination.totalPages}
            hrefFor={(p) => pagePath(`${scopeBase(scope)}/podcasts/discover`, p)}
          />
        </>
      )}
    </article>
  );
}
