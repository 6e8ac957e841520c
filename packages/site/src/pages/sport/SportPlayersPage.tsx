/**
 * The sport players page (/sports/:sportId/players, spec 2 §2): cards of the 10 trending players
 * (team logo, position and team, injury icon, last 2 articles, latest episode and "All {player}
 * news"), or "No trending players.".
 * @module
 */
import {
  listSportHotPlayers,
  NO_TRENDING_PLAYERS_TEXT,
  PLAYERS_PAGE_TRENDING_PLAYERS,
} from '@sportspyder/core';
import { EmptyState, PlayerCard, useClient } from '@sportspyder/react';
import { useOutletContext } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { SportOutletContext } from '../SportLayout.js';
import { useContent } from './useContent.js';
import { useListSettings } from './useListSettings.js';
import './sport.css';

/** The sport players page. */
export function SportPlayersPage() {
  const { sport } = useOutletContext<SportOutletContext>();
  const client = useClient();
  const { linksInNewWindow } = useListSettings();
  const title = `Trending ${sport.name} Players`;
  useDocumentTitle(title);
  const players = useContent('sport-players-page', { sport: sport.slug }, () =>
    listSportHotPlayers(client, { sportId: sport.slug, perPage: PLAYERS_PAGE_TRENDING_PLAYERS }),
  );
  const list = (players.data?.players ?? []).slice(0, PLAYERS_PAGE_TRENDING_PLAYERS);
  return (
    <article className="ss-page ss-sport-players">
      <h1 className="ss-page__title">{title}</h1>
      {players.status === 'success' || players.status === 'error' ? (
        list.length === 0 ? (
          <EmptyState text={NO_TRENDING_PLAYERS_TEXT} />
        ) : (
          <div className="ss-player-cards">
            {list.map((player) => (
              <PlayerCard key={player.id} player={player} linksInNewWindow={linksInNewWindow} />
            ))}
          </div>
        )
      ) : (
        <p className="ss-loading-text">Loading…</p>
      )}
    </article>
  );
}
