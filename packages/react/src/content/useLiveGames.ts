/**
 * Live games (issue 45): a games list kept in step with `GamesChannel` while the page is open. A pushed
 * game replaces its card in place (the cards keep their size, so nothing on the page moves); after the
 * socket comes back from a drop the page reads its games again, since pushes are not replayed.
 * @module
 */
import type { Game } from '@sportspyder/contract';
import { applyGamePush, shieldPushedGame } from '@sportspyder/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useClient } from '../hooks/useClient.js';

/** Options of {@link useLiveGames}. */
export interface LiveGamesOptions {
  /** The team whose games the list shows; omitted for a sport's list. */
  teamSlug?: string | undefined;
  /** Reads the games again (after a reconnect): drop the cached list and refetch it. */
  onReconnect?: () => void;
  /** Slugs of the teams the member's spoiler shield is on for: a pushed game of theirs that starts is hidden. */
  shieldedSlugs?: ReadonlySet<string> | undefined;
}

/**
 * The games of `sportSlug`'s list with the pushed changes applied; the list is answered unchanged until a
 * push touches it. A new `games` (a refetch) starts from what the server answered.
 *
 * @example
 * ```tsx
 * const live = useLiveGames(team.sportSlug, games.data?.games, { teamSlug: team.slug, onReconnect: refetch });
 * return <GamesList games={live ?? []} medium />;
 * ```
 */
export function useLiveGames(
  sportSlug: string | undefined,
  games: readonly Game[] | undefined,
  options: LiveGamesOptions = {},
): readonly Game[] | undefined {
  const client = useClient();
  const [pushed, setPushed] = useState<{
    base: readonly Game[] | undefined;
    games: ReadonlyMap<number, Game>;
  }>({
    base: games,
    games: new Map(),
  });
  const onReconnect = useRef(options.onReconnect);
  onReconnect.current = options.onReconnect;
  const base = useRef(games);
  base.current = games;
  const shielded = useRef(options.shieldedSlugs);
  shielded.current = options.shieldedSlugs;
  useEffect(() => {
    if (!sportSlug) return;
    return client.realtime.subscribe(
      'GamesChannel',
      { sportSlug },
      {
        received: (message) =>
          setPushed((previous) => {
            // Pushes apply to the list they arrived over; a refetched list already has the earlier ones.
            const next = new Map(previous.base === base.current ? previous.games : []);
            for (const game of message.games) {
              // Pushes carry every reader's scores: the member's shield applies to them too (issue 49).
              const known = next.get(game.id) ?? base.current?.find((g) => g.id === game.id);
              const shieldedSlugs = shielded.current;
              next.set(game.id, shieldPushedGame(game, shieldedSlugs ? { known, shieldedSlugs } : { known }));
            }
            return { base: base.current, games: next };
          }),
        connected: ({ reconnected }) => {
          if (reconnected) onReconnect.current?.();
        },
      },
    );
  }, [client, sportSlug]);
  const current = pushed.base === games ? pushed.games : null;
  const teamSlug = options.teamSlug;
  return useMemo(
    () => (games && current ? applyGamePush(games, [...current.values()], { teamSlug }) : games),
    [games, current, teamSlug],
  );
}
