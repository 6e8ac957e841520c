/**
 * The trending players box (spec 2 §2, §9): a compact list of players (8 in a sidebar, 6 on
 * popular pages: the caller passes `max` from the core's constants), or "No trending players.".
 * @module
 */
import type { Player } from '@sportspyder/contract';
import { NO_TRENDING_PLAYERS_TEXT } from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';
import { EmptyState } from './EmptyState.js';
import { playerHref } from './media-helpers.js';

/** Props of {@link TrendingPlayers}. */
export interface TrendingPlayersProps {
  /** Trending players, most trending first. */
  players: readonly Player[];
  /** How many to show (e.g. the core's `SIDEBAR_TRENDING_PLAYERS`); default all. */
  max?: number;
  /** Box heading (default "Trending Players"). */
  title?: string;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
}

/**
 * The trending players list.
 *
 * @example
 * ```tsx
 * <TrendingPlayers players={players} max={SIDEBAR_TRENDING_PLAYERS} />
 * ```
 */
export function TrendingPlayers({
  players,
  max,
  title = 'Trending Players',
  LinkComponent,
}: TrendingPlayersProps) {
  const Link = useLinkComponent(LinkComponent);
  const shown = max == null ? players : players.slice(0, Math.max(0, max));
  return (
    <section className="ss-trending" aria-label={title}>
      <h3 className="ss-trending__title">{title}</h3>
      {shown.length === 0 ? (
        <EmptyState text={NO_TRENDING_PLAYERS_TEXT} />
      ) : (
        <ol className="ss-trending__list">
          {shown.map((player) => (
            <li key={player.id} className="ss-trending__item">
              {player.team && (
                <img className="ss-trending__logo" src={player.team.logo} alt="" width={24} height={24} />
              )}
              <Link href={playerHref(player)} className="ss-trending__name">
                {player.name}
              </Link>
              <span className="ss-trending__meta">
                {[player.position?.abbr, player.team?.shortName].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
