/**
 * The single article page of a sport (/sports/:sportId/articles/:id, spec 2 §2): the shared article page
 * with its fallback back link to the sport's news, labelled "More {sport} News".
 * @module
 */
import { moreNewsTitle } from '@sportspyder/core';
import { useOutletContext } from 'react-router';
import { ArticlePage } from '../news/ArticlePage.js';
import type { SportOutletContext } from '../SportLayout.js';

/** The single article page. */
export function SportArticlePage() {
  const { sport } = useOutletContext<SportOutletContext>();
  return (
    <ArticlePage
      backHref={() => `/sports/${sport.slug}/news`}
      backLabel={moreNewsTitle(sport.name)}
      fallbackTitle={`${sport.name} Article`}
    />
  );
}
