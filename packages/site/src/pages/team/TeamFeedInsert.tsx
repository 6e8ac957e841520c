/**
 * The boxes a team news feed shows between its articles on page 1 (spec 2 §9): the newsletter
 * signup (visitors only), trending players, the podcasts notice and the recent episodes.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import {
  listTeamHotPlayers,
  listTeamPodcastEpisodes,
  SIDEBAR_TRENDING_PLAYERS,
  signUpForNewsletter,
  type TeamFeedInsertKind,
} from '@sportspyder/core';
import { NewsletterSignup, SpoilerBlur, TrendingPlayers, useClient } from '@sportspyder/react';
import { Link } from 'react-router';
import { useTeamContent } from './useTeamContent.js';

/** How many recent episodes the insert lists (the team sidebar's 3, spec 2 §9). */
const RECENT_EPISODES = 3;

/** Props of {@link TeamFeedInsert}. */
export interface TeamFeedInsertProps {
  /** Which insert. */
  kind: TeamFeedInsertKind;
  /** The team of the feed. */
  team: Team;
}

/** The newsletter signup form of the team (its answer comes from the core's `signUpForNewsletter`). */
function TeamNewsletter({ team }: { team: Team }) {
  const client = useClient();
  return (
    <NewsletterSignup
      teamName={team.fullName}
      onSubmit={async (email) => {
        const result = await signUpForNewsletter(client, { email, teamId: team.id });
        return result.ok ? { ok: true } : { ok: false, code: result.code, message: result.message };
      }}
    />
  );
}

function useInsertPlayers(team: Team, enabled = true) {
  const client = useClient();
  return useTeamContent(
    'hot-players',
    { team: team.slug },
    () => listTeamHotPlayers(client, { teamId: team.slug, perPage: SIDEBAR_TRENDING_PLAYERS }),
    enabled,
  );
}

function useInsertEpisodes(team: Team, enabled = true) {
  const client = useClient();
  return useTeamContent(
    'recent-episodes',
    { team: team.slug },
    () => listTeamPodcastEpisodes(client, { teamId: team.slug, perPage: RECENT_EPISODES }),
    enabled,
  );
}

/**
 * True once the data of the feed's inserts has arrived (or failed): the feed shows its articles only
 * then, so an insert growing between the articles never pushes the cards below it down (a layout
 * shift of most of the screen when the players arrived after the articles).
 */
export function useFeedInsertsReady(team: Team, kinds: readonly TeamFeedInsertKind[]): boolean {
  const players = useInsertPlayers(team, kinds.includes('trendingPlayers'));
  const episodes = useInsertEpisodes(team, kinds.includes('recentEpisodes'));
  const settled = (snapshot: { status: string; data?: unknown }) =>
    snapshot.data !== undefined || snapshot.status === 'error';
  return (
    (!kinds.includes('trendingPlayers') || settled(players)) &&
    (!kinds.includes('recentEpisodes') || settled(episodes))
  );
}

function InsertPlayers({ team }: { team: Team }) {
  const players = useInsertPlayers(team);
  // Named apart from the sidebar's "Trending Players" region shown beside it on desktop: two regions
  // of one name cannot be told apart in a screen reader's list of landmarks.
  return (
    <TrendingPlayers
      title={`Trending ${team.name} Players`}
      players={players.data?.players ?? []}
      max={SIDEBAR_TRENDING_PLAYERS}
    />
  );
}

function InsertEpisodes({ team }: { team: Team }) {
  const episodes = useInsertEpisodes(team);
  const list = (episodes.data?.podcastEpisodes ?? []).slice(0, RECENT_EPISODES);
  if (list.length === 0) return null;
  return (
    <section className="ss-card ss-team-insert">
      <h2 className="ss-card__title">Recent Episodes</h2>
      <ul className="ss-team-insert__list">
        {list.map((episode) => (
          <li key={episode.id}>
            <SpoilerBlur hidden={episode.spoiler === true} text={episode.title}>
              <Link to={`/${team.sportSlug}/${team.slug}/episodes/${episode.id}`}>{episode.title}</Link>
            </SpoilerBlur>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One insert box of a team feed. */
export function TeamFeedInsert({ kind, team }: TeamFeedInsertProps) {
  switch (kind) {
    case 'newsletter':
      return <TeamNewsletter team={team} />;
    case 'trendingPlayers':
      return <InsertPlayers team={team} />;
    case 'recentEpisodes':
      return <InsertEpisodes team={team} />;
    case 'podcastsNotice':
      return (
        <section className="ss-card ss-team-insert ss-team-insert--podcasts">
          <p>
            Listen to the latest {team.fullName} podcasts on SportSpyder.{' '}
            <Link to={`/${team.sportSlug}/${team.slug}/podcasts`}>Browse {team.name} podcasts</Link>
          </p>
        </section>
      );
  }
}
