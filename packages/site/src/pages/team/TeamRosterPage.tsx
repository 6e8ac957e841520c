/**
 * The team roster (/:sportId/:teamId/players, spec 2 §2): the team's players as cards grouped by
 * position in depth-chart order (core's rosterByPosition), or "No players on this team.".
 * @module
 */
import { NO_ROSTER_TEXT, rosterByPosition } from '@sportspyder/core';
import { EmptyState, PlayerCard, useClient, useSession } from '@sportspyder/react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { useTeamContent } from './useTeamContent.js';
import './team.css';
import { listTeamPlayers } from '@sportspyder/core';

/** A roster is one page of the team's players (rosters are far below this). */
const ROSTER_PER_PAGE = 100;

/** The team roster page. */
export function TeamRosterPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  const client = useClient();
  const { user } = useSession();
  const title = `${team.fullName} Roster`;
  useDocumentTitle(title);
  const roster = useTeamContent('players', { team: team.slug }, () =>
    listTeamPlayers(client, { teamId: team.slug, perPage: ROSTER_PER_PAGE }),
  );
  const groups = rosterByPosition(roster.data?.players ?? []);
  return (
    <article className="ss-page ss-team-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
      </header>
      {roster.status === 'error' && !roster.data ? (
        <p className="ss-page__description">The roster could not be loaded. Try again later.</p>
      ) : roster.data ? (
        groups.length === 0 ? (
          <EmptyState text={NO_ROSTER_TEXT} />
        ) : (
          groups.map((group) => (
            <section key={group.position} className="ss-team-section" aria-label={group.position}>
              <h2 className="ss-section-title">{group.position}</h2>
              <div className="ss-team-grid">
                {group.players.map((player) => (
                  <PlayerCard
                    key={player.id}
                    player={player}
                    linksInNewWindow={user?.linksInNewWindow ?? false}
                  />
                ))}
              </div>
            </section>
          ))
        )
      ) : (
        <p className="ss-loading-text">Loading…</p>
      )}
    </article>
  );
}
