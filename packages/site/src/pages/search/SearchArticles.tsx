/**
 * Found articles as the feeds show them (cards with their teams, players and the passage that matched),
 * with the feed's ad slots for members who see ads.
 * @module
 */
import type { Article } from '@sportspyder/contract';
import { ArticleList } from '@sportspyder/react';
import { useListSettings } from '../sport/useListSettings.js';

/** Props of {@link SearchArticles}. */
export interface SearchArticlesProps {
  articles: readonly Article[];
  /** 3 inside a section of the everything page, 2 on the articles page. */
  headingLevel: 2 | 3;
}

/** The article cards of a search page. */
export function SearchArticles({ articles, headingLevel }: SearchArticlesProps) {
  const { page, platform, adsVisible, linksInNewWindow } = useListSettings();
  return (
    <ArticleList
      articles={articles}
      context="default"
      platform={platform}
      page={page}
      adsVisible={adsVisible}
      linksInNewWindow={linksInNewWindow}
      headingLevel={headingLevel}
    />
  );
}
