/**
 * An article card of the news feeds: the title linking to the publisher (in a new window when the
 * member asked for it), the source's name and favicon, the relative time, the picture, up to 2
 * teams and players, the hot and paywall markers, and the grouped sub-articles. An article without a
 * picture of its own (core's `articlePicture`: a logo is not one) gets the compact text layout: a
 * small team mark beside the headline instead of an empty or logo-filled thumbnail.
 * @module
 */
import type { Article } from '@sportspyder/contract';
import { articleMark, articlePicture, paywallHint } from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';
import { SpoilerBlur } from '../spoilers/SpoilerBlur.js';
import { externalLinkProps, playerHref, teamNewsHref, timeAgo } from './media-helpers.js';
import { SubArticleList } from './SubArticleList.js';

/** Teams and players named on a card (spec 2 §9: 1 or 2 of each). */
export const ARTICLE_CARD_MAX_TAGS = 2;

/** Side of the mark of a picture-less card, in CSS pixels (its room is reserved before it loads). */
export const ARTICLE_MARK_SIZE = 40;

/** Props of {@link ArticleCard}. */
export interface ArticleCardProps {
  /** The article. */
  article: Article;
  /** Open the article in a new window (the member's linksInNewWindow setting). */
  linksInNewWindow?: boolean;
  /** The reference time of the relative date (default: now). */
  now?: Date;
  /** Hide the picture (compact lists). */
  hideImage?: boolean;
  /** Offers a "Hide" action (team feeds); called with the article. */
  onHide?: (article: Article) => void;
  /** Link component override for the team and player links (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
  /**
   * Heading level of the title: 3 (default) under a section's heading, 2 in a feed that follows the
   * page's h1 directly (headings must not skip a level), 1 when the card is the page's story (its title
   * is then the page's heading, not a copy of it).
   */
  headingLevel?: 1 | 2 | 3;
}

/**
 * One article of a feed.
 *
 * @example
 * ```tsx
 * <ArticleCard article={article} linksInNewWindow={user?.linksInNewWindow} />
 * ```
 */
export function ArticleCard({
  article,
  linksInNewWindow,
  now,
  hideImage,
  onHide,
  LinkComponent,
  headingLevel = 3,
}: ArticleCardProps) {
  const Link = useLinkComponent(LinkComponent);
  const Heading = headingLevel === 1 ? 'h1' : headingLevel === 2 ? 'h2' : 'h3';
  const external = externalLinkProps(linksInNewWindow);
  const teams = article.teams.slice(0, ARTICLE_CARD_MAX_TAGS);
  const players = article.players.slice(0, ARTICLE_CARD_MAX_TAGS);
  const image = hideImage ? null : articlePicture(article);
  const mark = image || hideImage ? null : articleMark(article);
  const layout = image ? 'ss-article--picture' : 'ss-article--text';
  return (
    <article className={`ss-article ${layout}${article.hot ? ' is-hot' : ''}`} data-testid="article-card">
      {image && (
        <a
          href={article.finalUrl}
          className="ss-article__image"
          tabIndex={-1}
          aria-hidden="true"
          {...external}
        >
          <img src={image} alt="" loading="lazy" decoding="async" />
        </a>
      )}
      {mark && (
        <img
          className="ss-article__mark"
          src={mark}
          alt=""
          width={ARTICLE_MARK_SIZE}
          height={ARTICLE_MARK_SIZE}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="ss-article__body">
        <p className="ss-article__meta">
          {article.domain.favicon && (
            <img className="ss-article__favicon" src={article.domain.favicon} alt="" width={16} height={16} />
          )}
          <span className="ss-article__domain">{article.domain.label || article.domain.name}</span>
          <time className="ss-article__time" dateTime={article.postedDate || article.spyderDate}>
            {timeAgo(article.postedDate || article.spyderDate, now)}
          </time>
          {article.hot && (
            <span className="ss-article__hot" title="Hot">
              Hot
            </span>
          )}
        </p>
        <Heading className="ss-article__title">
          {/* The spoiler shield's mark (issue 49): the line gives away a result the member hides. */}
          <SpoilerBlur hidden={article.spoiler === true} text={article.title}>
            <a href={article.finalUrl} {...external}>
              {article.title}
            </a>
          </SpoilerBlur>
        </Heading>
        {article.context && article.spoiler !== true && (
          <p className="ss-article__context">{article.context}</p>
        )}
        {article.paywall && <p className="ss-article__paywall">{paywallHint()}</p>}
        {(teams.length > 0 || players.length > 0) && (
          <ul className="ss-article__tags">
            {teams.map((team) => (
              <li key={`t${team.id}`}>
                <Link href={teamNewsHref(team)} className="ss-tag ss-tag--team">
                  <img src={team.logo} alt="" width={16} height={16} />
                  {team.shortName || team.name}
                </Link>
              </li>
            ))}
            {players.map((player) => (
              <li key={`p${player.id}`}>
                <Link href={playerHref(player)} className="ss-tag ss-tag--player">
                  {player.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {onHide && (
          <button type="button" className="ss-article__hide" onClick={() => onHide(article)}>
            Hide
          </button>
        )}
        <SubArticleList items={article.subarticles} linksInNewWindow={linksInNewWindow} />
      </div>
    </article>
  );
}
