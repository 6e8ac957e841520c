/**
 * A trending player card (spec 2 §2 players page): team logo, position and team, an injury icon
 * carrying the injury text as its title, the last 2 articles, the latest episode, and the link
 * "All {player} news".
 * @module
 */
import type { Player } from '@sportspyder/contract';
import { allPlayerNewsLabel } from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';
import { SpoilerBlur } from '../spoilers/SpoilerBlur.js';
import { episodeHref, externalLinkProps, playerHref, teamNewsHref } from './media-helpers.js';

/** Articles shown on a player card. */
export const PLAYER_CARD_ARTICLES = 2;

/** Title of the injury icon when no injury text is known. */
export const INJURED_TEXT = 'Injured';

/** Props of {@link PlayerCard}. */
export interface PlayerCardProps {
  /** The player with `lastArticles` and `lastEpisodes`. */
  player: Player;
  /** The injury text shown as the icon's title (default "Injured"). */
  injuryText?: string;
  /** Open article links in a new window. */
  linksInNewWindow?: boolean;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
}

/**
 * One trending player's card.
 *
 * @example
 * ```tsx
 * <PlayerCard player={fantasyPlayer} linksInNewWindow={user?.linksInNewWindow} />
 * ```
 */
export function PlayerCard({ player, injuryText, linksInNewWindow, LinkComponent }: PlayerCardProps) {
  const Link = useLinkComponent(LinkComponent);
  const articles = player.lastArticles.slice(0, PLAYER_CARD_ARTICLES);
  const episode = player.lastEpisodes[0];
  const position = player.position?.abbr || player.position?.name;
  return (
    <article className="ss-player" data-testid="player-card">
      <header className="ss-player__header">
        {player.team && (
          <img
            className="ss-player__logo"
            src={player.team.logo}
            alt={player.team.name}
            width={40}
            height={40}
          />
        )}
        <div>
          <h3 className="ss-player__name">
            <Link href={playerHref(player)}>{player.name}</Link>
            {player.injured && (
              <span
                className="ss-player__injury"
                role="img"
                title={injuryText || INJURED_TEXT}
                aria-label={injuryText || INJURED_TEXT}
              >
                +
              </span>
            )}
          </h3>
          <p className="ss-player__position">
            {position && <span>{position}</span>}
            {position && player.team && ' · '}
            {player.team && <Link href={teamNewsHref(player.team)}>{player.team.name}</Link>}
          </p>
        </div>
      </header>
      {articles.length > 0 && (
        <ul className="ss-player__articles">
          {articles.map((article) => (
            <li key={article.id}>
              <SpoilerBlur hidden={article.spoiler === true} text={article.title}>
                <a href={article.finalUrl} {...externalLinkProps(linksInNewWindow)}>
                  {article.title}
                </a>
              </SpoilerBlur>
              <span className="ss-player__source">{article.domain.label || article.domain.name}</span>
            </li>
          ))}
        </ul>
      )}
      {episode && (
        <p className="ss-player__episode">
          <span className="ss-player__episode-label">Latest episode</span>
          <SpoilerBlur hidden={episode.spoiler === true} text={episode.title}>
            <Link href={episodeHref(episode)}>{episode.title}</Link>
          </SpoilerBlur>
        </p>
      )}
      <p className="ss-player__all">
        <Link href={`${playerHref(player)}/news`}>{allPlayerNewsLabel(player.name)}</Link>
      </p>
    </article>
  );
}
