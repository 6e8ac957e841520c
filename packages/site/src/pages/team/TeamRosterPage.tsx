/**
 * The team roster (/:sportId/:teamId/players, spec 2 §2): the team's players as cards grouped by
 * position, or "No players on this team.".
 * @module
 */
import type { Player } from '@sportspyder/contract';
import { NO_ROSTER_TEXT } from '@sportspyder/core';
import { EmptyState, PlayerCard, useClient, useSession } from '@sportspyder/react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { useTeamContent } from './useTeamContent.js';
import './team.css';
import { listTeamPlayers } from '@sportspyder/core';

/** A roster is one page of the team's players (rosters are far below this). */
const ROSTER_PER_PAGE = 100;

/** Groups players by position name, in the order positions first appear; no position goes last. */
export function groupByPosition(players: readonly Player[]): { position: string; players: Player[] }[] {
  const groups = new Map<string, Player[]>();
  const other: Player[] = [];
  for (const player of players) {
    const name = player.position?.name;
    if (!name) {
      other.push(player);
      continue;
    }
    const group = groups.get(name) ?? [];
    group.push(player);
    groups.set(name, group);
  }
  const out = [...groups].map(([position, list]) => ({ position, players: list }));
  if (other.length > 0) out.push({ position: 'Other', players: other });
  return out;
}

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
  const groups = groupByPosition(roster.data?.players ?? []);
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
