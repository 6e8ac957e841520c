/**
 * What happens when the sports data job stored games that changed (issue 45): cached pages are dropped so
 * the next read shows them, then each changed game, whole as the games routes answer it, is pushed on its
 * sport's GamesChannel stream to the open pages. The order matters: a page that reads its games again on
 * the push (or on reconnect) must not be answered from a page cached before the change.
 * @module
 */
import { GAMES_WINDOW_DAYS, type Game, type GamesPush } from '@sportspyder/contract';
import type { Broadcaster } from '../cable/broadcaster.js';
import { gamesStream } from '../cable/channels/games-channel.js';
import { gamesByIds } from '../content/games/load-games.js';
import type { Queryable } from '../db/database.js';
import type { ChangedGame } from './sync-scoreboard.js';

/** What {@link pushGameChanges} needs. */
export interface PushGameChangesOptions {
  db: Queryable;
  broadcaster: Broadcaster;
  /** Drops cached pages (every process's, through the broadcaster). */
  invalidate: () => void;
  log: { warn(details: object, message: string): void };
}

/**
 * Answers the `onGamesChanged` handler of the sports data job: it never throws (a failed push leaves the
 * pages to catch up on their next read).
 * @example
 * startServerSportsData({ ...options, onGamesChanged: pushGameChanges({ db, broadcaster, invalidate, log }) });
 */
export function pushGameChanges(options: PushGameChangesOptions): (changed: ChangedGame[]) => Promise<void> {
  return async (changed) => {
    try {
      options.invalidate();
      const games = await gamesByIds(
        options.db,
        changed.map((game) => game.id),
      );
      const bySport = new Map<string, Game[]>();
      // Only games a page can show: the lists hold the games window around now (a schedule read changes
      // games weeks ahead, which no page lists yet).
      const now = Date.now();
      const shown = games.filter(
        (game) => Math.abs(Date.parse(game.startsAt) - now) <= GAMES_WINDOW_DAYS * 86_400_000,
      );
      for (const game of shown) {
        const sport = game.home.sportSlug || game.away.sportSlug;
        if (!sport) continue;
        bySport.set(sport, [...(bySport.get(sport) ?? []), game]);
      }
      await Promise.all(
        [...bySport].map(([sport, list]) => {
          const push: Omit<GamesPush, 'seq'> = { games: list };
          return options.broadcaster.publish(gamesStream(sport), push);
        }),
      );
    } catch (error) {
      options.log.warn({ err: error }, 'could not push the changed games; pages see them on their next read');
    }
  };
}
