/**
 * /settings/fantasy (spec 3 "Fantasy" §2): the member's fantasy teams, each linking to its edit page
 * and its news page, with a button to create one; an empty state when there are none.
 * @module
 */
import { fantasySportLabel } from '@sportspyder/core';
import { useFantasyTeams } from '@sportspyder/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import './fantasy.css';

/** The fantasy team list. */
export function FantasyTeamsPage() {
  useDocumentTitle('Fantasy Teams');
  const list = useFantasyTeams();
  const teams = list.data?.fantasyTeams;
  let body: ReactNode;
  if (!teams && list.status === 'error') {
    body = <p role="alert">Your fantasy teams could not be loaded. Please reload the page.</p>;
  } else if (!teams) {
    body = <p aria-busy="true">Loading your fantasy teams…</p>;
  } else if (teams.length === 0) {
    body = (
      <div className="ss-empty" role="status">
        <p className="ss-empty__text">You don't have any fantasy teams yet.</p>
        <p className="ss-empty__text">Create one and add your players to follow their news in one feed.</p>
      </div>
    );
  } else {
    body = (
      <ul className="ss-fantasy__teams" aria-label="Your fantasy teams">
        {teams.map((team) => (
          <li key={team.id} className="ss-fantasy__team">
            <div>
              <Link className="ss-fantasy__team-name" to={`/settings/fantasy/${team.id}/edit`}>
                {team.name}
              </Link>
              <p className="ss-fantasy__meta">
                {fantasySportLabel(team.sportId) || team.sport} ·{' '}
                {team.rosters.length === 1 ? '1 player' : `${team.rosters.length} players`}
              </p>
            </div>
            <Link to={`/fantasy_teams/${team.id}/news`} aria-label={`Articles about ${team.name}`}>
              Articles
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <article className="ss-page">
      <header className="ss-page__header ss-fantasy__header">
        <h1 className="ss-page__title">Fantasy Teams</h1>
        <Link className="ss-button" to="/settings/fantasy/new">
          Create a fantasy team
        </Link>
      </header>
      <div className="ss-card">{body}</div>
    </article>
  );
}
