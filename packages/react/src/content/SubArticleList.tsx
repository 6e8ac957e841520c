/**
 * The articles grouped under an article (the same story from other sources): the first 4 and a
 * "show N more" button when there are more than 5 (the core's `subListPreview`).
 * @module
 */
import type { SubArticle } from '@sportspyder/contract';
import { subListPreview } from '@sportspyder/core';
import { useState } from 'react';
import { SpoilerBlur } from '../spoilers/SpoilerBlur.js';
import { externalLinkProps } from './media-helpers.js';

/** Props of {@link SubArticleList}. */
export interface SubArticleListProps {
  /** The grouped articles. */
  items: readonly SubArticle[];
  /** Open article links in a new window (the member's linksInNewWindow setting). */
  linksInNewWindow?: boolean;
}

/**
 * The grouped articles of a card, collapsed to 4 when there are more than 5.
 *
 * @example
 * ```tsx
 * <SubArticleList items={article.subarticles} linksInNewWindow />
 * ```
 */
export function SubArticleList({ items, linksInNewWindow }: SubArticleListProps) {
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return null;
  const preview = subListPreview(items, expanded);
  return (
    <div className="ss-subarticles">
      <ul className="ss-subarticles__list">
        {preview.visible.map((sub) => (
          <li key={sub.id} className="ss-subarticles__item">
            <SpoilerBlur hidden={sub.spoiler === true} text={sub.title}>
              <a
                href={sub.finalUrl}
                className="ss-subarticles__link"
                {...externalLinkProps(linksInNewWindow)}
              >
                {sub.title}
              </a>
            </SpoilerBlur>
            <span className="ss-subarticles__domain">{sub.domain.label || sub.domain.name}</span>
          </li>
        ))}
      </ul>
      {preview.moreLabel && (
        <button type="button" className="ss-subarticles__more" onClick={() => setExpanded(true)}>
          {preview.moreLabel}
        </button>
      )}
    </div>
  );
}
