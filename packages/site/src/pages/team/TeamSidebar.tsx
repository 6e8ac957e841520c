/**
 * The team pages' sidebar: the team's games and, unless the page shows them already, its trending
 * players (spec 2 §2, §9), and the team's chat (spec 3 §2).
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { listTeamGames, listTeamHotPlayers, SIDEBAR_TRENDING_PLAYERS } from '@sportspyder/core';
import { GamesList, TrendingPlayers, useClient, useLiveGames } from '@sportspyder/react';
import { useDeferredValue } from 'react';
import { useSpoilerShield } from '../../spoilers/useSpoilerShield.js';
import { LazyChatPanel } from '../chat/LazyChatPanel.js';
import { teamContentKey, useTeamContent } from './useTeamContent.js';

/** Props of {@link TeamSidebar}. */
export interface TeamSidebarProps {
  /** The team of the page. */
  team: Team;
  /**
   * False when the page already shows the team's trending players in its body (the popular page, or
   * the news feed's trending-players insert), so a reader never sees the same players twice.
   */
  trendingPlayers?: boolean;
}

/** Games and trending players of a team. */
export function TeamSidebar({ team, trendingPlayers = true }: TeamSidebarProps) {
  const client = useClient();
  const games = useTeamContent('games', { team: team.slug }, () =>
    listTeamGames(client, { teamId: team.slug }),
  );
  const players = useTeamContent(
    'hot-players',
    { team: team.slug },
    () => listTeamHotPlayers(client, { teamId: team.slug, perPage: SIDEBAR_TRENDING_PLAYERS }),
    trendingPlayers,
  );
  const shield = useSpoilerShield();
  // Scores move while the page is open; after a dropped socket the games are read again.
  const liveGames = useLiveGames(team.sportSlug, games.data?.games, {
    teamSlug: team.slug,
    shieldedSlugs: shield.shieldedSlugs,
    onReconnect: () =>
      void client.cache
        .invalidate(`api/v1/teams/${team.slug}/games`)
        .then(() => client.cache.invalidate(teamContentKey('games'))),
  });
  // Rendered in the background when they arrive, like the feed beside them.
  const gameList = useDeferredValue(liveGames);
  const playerList = useDeferredValue(players.data?.players);
  return (
    <aside className="ss-team-page__sidebar" aria-label={`${team.fullName} games and players`}>
      <section className="ss-card">
        <h2 className="ss-card__title">Games</h2>
        <GamesList
          games={gameList ?? []}
          medium
          onReveal={(gameId) =>
            void shield
              .reveal(gameId)
              .catch(() => client.toasts.show('Something went wrong. Try again later.', 'error'))
          }
        />
      </section>
      {trendingPlayers && <TrendingPlayers players={playerList ?? []} max={SIDEBAR_TRENDING_PLAYERS} />}
      <LazyChatPanel
        place={{ kind: 'team', sportSlug: team.sportSlug, teamSlug: team.slug }}
        scope={{ teamId: team.slug }}
        variant="sidebar"
        label={`${team.fullName} chat`}
      />
    </aside>
  );
}
