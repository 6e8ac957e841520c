/**
 * A game of the games box (spec 2 §4): both sides with logo, name, standing and score, and the
 * status line from the core ("Nov 23 - 7:30 PM", the in-play progress, "Nov 21 - Final"). A
 * finished game styles the winner and the loser, and links to its recap article once the tagger filed
 * one (issue 45), else to its recap video. Scores and the status keep their width and line, so a pushed
 * change never moves the page.
 * @module
 */
import type { Game, GameSide } from '@sportspyder/contract';
import {
  type DateFormatOptions,
  gameStatusText,
  gameWinner,
  RESULT_HIDDEN_LABEL,
  REVEAL_LABEL,
} from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';
import { teamNewsHref } from './media-helpers.js';

/** Props of {@link GameCard}. */
export interface GameCardProps {
  /** The game. */
  game: Game;
  /** How dates are written (time zone, locale); default the reader's. */
  dateFormat?: DateFormatOptions;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
  /** Reveals a game the member's spoiler shield hides (`game.resultHidden`); no control without it. */
  onReveal?: (gameId: number) => void;
}

function Side({
  side,
  result,
  showScore,
  hidden,
  Link,
}: {
  side: GameSide;
  result: 'win' | 'lose' | null;
  showScore: boolean;
  hidden: boolean;
  Link: LinkComponent;
}) {
  const name = side.pending ? 'TBD' : side.name || side.location;
  // Narrow cards (the sidebar's two columns) show the abbreviation instead of an ellipsised name
  // ("GB", not "Pack…"); a container query in content.css picks the one that fits, the other is
  // display:none so a screen reader reads only one.
  const label =
    side.pending || !side.abbr ? (
      name
    ) : (
      <>
        <span className="ss-game__name">{name}</span>
        <abbr className="ss-game__abbr" title={name}>
          {side.abbr}
        </abbr>
      </>
    );
  return (
    <li className={`ss-game__side${result ? ` is-${result}` : ''}`} data-result={result ?? undefined}>
      {side.logo ? (
        <img className="ss-game__logo" src={side.logo} alt="" width={24} height={24} />
      ) : (
        <span className="ss-game__logo ss-game__logo--empty" aria-hidden="true" />
      )}
      <span className="ss-game__team">
        {side.slug && !side.pending ? (
          <Link href={teamNewsHref({ slug: side.slug, sportSlug: side.sportSlug })}>{label}</Link>
        ) : (
          label
        )}
        {side.standing && <span className="ss-game__standing">{side.standing}</span>}
      </span>
      {showScore &&
        (hidden ? (
          // The server sent no score: a blurred stand-in keeps the card's shape, never read aloud.
          <span className="ss-game__score ss-spoiler__text" aria-hidden="true">
            00
          </span>
        ) : (
          <span className="ss-game__score">{side.score ?? '-'}</span>
        ))}
    </li>
  );
}

/**
 * One game card.
 *
 * @example
 * ```tsx
 * <GameCard game={game} dateFormat={{ timeZone: 'America/New_York' }} />
 * ```
 */
export function GameCard({ game, dateFormat, LinkComponent, onReveal }: GameCardProps) {
  const Link = useLinkComponent(LinkComponent);
  // The spoiler shield (issue 49): the server took the result out; say so and offer to reveal it.
  const hidden = game.resultHidden === true;
  const winner = gameWinner(game);
  const showScore = game.status !== 'not-started';
  const resultOf = (side: 'home' | 'away') => (winner == null ? null : winner === side ? 'win' : 'lose');
  return (
    <article className={`ss-game ss-game--${game.status}`} data-testid="game-card">
      <ul className="ss-game__sides">
        <Side side={game.away} result={resultOf('away')} showScore={showScore} hidden={hidden} Link={Link} />
        <Side side={game.home} result={resultOf('home')} showScore={showScore} hidden={hidden} Link={Link} />
      </ul>
      <p className="ss-game__status">{gameStatusText(game, dateFormat)}</p>
      {hidden && (
        <p className="ss-game__hidden">
          <span className="ss-spoiler__label">{RESULT_HIDDEN_LABEL}</span>
          {onReveal && (
            <button
              type="button"
              className="ss-spoiler__reveal"
              aria-label={`${REVEAL_LABEL} the result of ${game.away.name || game.away.location} at ${game.home.name || game.home.location}`}
              onClick={() => onReveal(game.id)}
            >
              {REVEAL_LABEL}
            </button>
          )}
        </p>
      )}
      {game.status === 'finished' && game.recap ? (
        <Link className="ss-game__video" href={game.recap.path} aria-label={`Recap: ${game.recap.title}`}>
          Recap
        </Link>
      ) : (
        game.videoUrl && (
          <a className="ss-game__video" href={game.videoUrl} target="_blank" rel="noopener noreferrer">
            Recap
          </a>
        )
      )}
    </article>
  );
}
