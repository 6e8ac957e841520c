/**
 * The games box (spec 2 §4, §9): "Scores" (finished and in-play games) and "Upcoming", each cut by
 * the core into pages of 6 games (2 in medium size) that the reader steps through; "No games
 * scheduled" when there are none.
 * @module
 */
import type { Game } from '@sportspyder/contract';
import { type DateFormatOptions, gamePages, groupGames, NO_GAMES_TEXT } from '@sportspyder/core';
import { useState } from 'react';
import type { LinkComponent } from '../components/Link.js';
import { EmptyState } from './EmptyState.js';
import { GameCard } from './GameCard.js';

/** Props of {@link GamesList}. */
export interface GamesListProps {
  /** The games, in the server's order. */
  games: readonly Game[];
  /** Medium size: 2 games per page instead of 6. */
  medium?: boolean;
  /** How dates are written. */
  dateFormat?: DateFormatOptions;
  /** Link component override. */
  LinkComponent?: LinkComponent;
  /** Reveals a game the member's spoiler shield hides (issue 49). */
  onReveal?: (gameId: number) => void;
}

function GameGroup({
  title,
  games,
  medium,
  dateFormat,
  LinkComponent,
  onReveal,
}: { title: string; games: readonly Game[] } & Omit<GamesListProps, 'games'>) {
  const pages = gamePages(games, medium);
  const [index, setIndex] = useState(0);
  const current = Math.min(index, pages.length - 1);
  return (
    <section className="ss-games__group" aria-label={title}>
      <header className="ss-games__header">
        <h3 className="ss-games__title">{title}</h3>
        {pages.length > 1 && (
          <div className="ss-games__pager">
            <button
              type="button"
              className="ss-games__prev"
              aria-label={`Previous ${title.toLowerCase()}`}
              disabled={current === 0}
              onClick={() => setIndex(current - 1)}
            >
              ‹
            </button>
            <span className="ss-games__position">
              {current + 1} / {pages.length}
            </span>
            <button
              type="button"
              className="ss-games__next"
              aria-label={`Next ${title.toLowerCase()}`}
              disabled={current === pages.length - 1}
              onClick={() => setIndex(current + 1)}
            >
              ›
            </button>
          </div>
        )}
      </header>
      <ul className="ss-games__page">
        {(pages[current] ?? []).map((game) => (
          <li key={game.id}>
            <GameCard
              game={game}
              dateFormat={dateFormat}
              LinkComponent={LinkComponent}
              {...(onReveal ? { onReveal } : {})}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Scores and Upcoming groups of a sport or team sidebar.
 *
 * @example
 * ```tsx
 * <GamesList games={games} medium={isMedium} />
 * ```
 */
export function GamesList({ games, medium = false, dateFormat, LinkComponent, onReveal }: GamesListProps) {
  if (games.length === 0) {
    return (
      <div className="ss-games">
        <EmptyState text={NO_GAMES_TEXT} />
      </div>
    );
  }
  const { scores, upcoming } = groupGames(games);
  return (
    <div className={`ss-games${medium ? ' ss-games--medium' : ''}`}>
      {scores.length > 0 && (
        <GameGroup
          title="Scores"
          games={scores}
          medium={medium}
          dateFormat={dateFormat}
          LinkComponent={LinkComponent}
          {...(onReveal ? { onReveal } : {})}
        />
      )}
      {upcoming.length > 0 && (
        <GameGroup
          title="Upcoming"
          games={upcoming}
          medium={medium}
          dateFormat={dateFormat}
          LinkComponent={LinkComponent}
          {...(onReveal ? { onReveal } : {})}
        />
      )}
    </div>
  );
}
