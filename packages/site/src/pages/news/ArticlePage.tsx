/**
 * The single article page (spec 2 §2): /articles/:id and the article routes of sport, player, source,
 * topic, user and fantasy team pages. The article, a back link (to the previous page when the visitor
 * came from the site, else the list it belongs to, labelled "More News" unless told) and the
 * more-from-source list, headed with the publication's label (its domain name when it has none);
 * the article's comments between them (spec 3 §2), a `?messageId=` pointing one out.
 * @module
 */
import { getArticle, listRelatedArticles, shareChannelScopes } from '@sportspyder/core';
import { ArticleCard, ArticleList, useClient, useLinkComponent } from '@sportspyder/react';
import { type Params, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { CommentsSection } from '../chat/CommentsSection.js';
import { useListSettings } from '../sport/useListSettings.js';
import { numericId, useNewsContent } from './useNewsContent.js';
import './news.css';

/** The back link's fallback label. */
export const MORE_NEWS_LABEL = 'More News';

/** Props of {@link ArticlePage}. */
export interface ArticlePageProps {
  /** Where the back link goes when the visitor did not come from the site (default `/`). */
  backHref?: (params: Params) => string;
  /** The back link's label then (default "More News"). */
  backLabel?: string;
  /** The heading and document title until the article has loaded (default "Article"). */
  fallbackTitle?: string;
}

/**
 * One article with its back link and more from its source.
 *
 * @example
 * ```tsx
 * <ArticlePage backHref={(p) => `/players/${p.playerId}/news`} />
 * ```
 */
export function ArticlePage({
  backHref,
  backLabel = MORE_NEWS_LABEL,
  fallbackTitle = 'Article',
}: ArticlePageProps) {
  const params = useParams();
  const articleId = numericId(params.id) ?? 0;
  const valid = articleId > 0;
  const client = useClient();
  const Link = useLinkComponent();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { platform, adsVisible, linksInNewWindow } = useListSettings();
  const article = useNewsContent(
    'article',
    { id: articleId },
    () => getArticle(client, { id: articleId }),
    valid,
  );
  const related = useNewsContent(
    'article-related',
    { id: articleId },
    () => listRelatedArticles(client, { articleId }),
    valid,
  );
  const data = article.data?.article;
  // The article has arrived or failed: what sits below its card may render without being pushed.
  const settled = data !== undefined || article.status === 'error';
  useDocumentTitle(data?.title ?? fallbackTitle);
  const back = backHref ? backHref(params) : '/';
  // A visit inside the site has a previous entry (the router's key is not 'default').
  const cameFromSite = location.key !== 'default';
  const source = data ? data.domain.label || data.domain.name : '';
  const more = settled ? (related.data?.articles ?? []).filter((a) => a.id !== articleId) : [];
  return (
    <article className="ss-page ss-news-page ss-article-page">
      {cameFromSite ? (
        <a
          className="ss-article-page__back"
          href={back}
          onClick={(event) => {
            event.preventDefault();
            navigate(-1);
          }}
        >
          ← Back
        </a>
      ) : (
        <Link className="ss-article-page__back" href={back}>
          ← {backLabel}
        </Link>
      )}
      {/* Once loaded, the card's title is the page's h1 (a separate h1 showed the headline twice). */}
      {!data && <h1 className="ss-page__title">{fallbackTitle}</h1>}
      {(!valid || (article.status === 'error' && !data)) && (
        <p className="ss-page__description">This article could not be loaded.</p>
      )}
      {data && <ArticleCard article={data} linksInNewWindow={linksInNewWindow} headingLevel={1} />}
      {/* While the article loads, a box of a card's usual height stands in for it, and the comments and
          more-from-source wait below it: nothing already on screen moves when the card arrives (issue 46:
          the comments section jumped down by the card's height, CLS 0.09 at 390 px). */}
      {valid && !settled && <div className="ss-article-page__placeholder" aria-hidden="true" />}
      {valid && settled && (
        <CommentsSection
          target={{ articleId }}
          highlightId={numericId(search.get('messageId') ?? undefined)}
          share={
            data
              ? {
                  kind: 'article',
                  id: articleId,
                  title: data.title,
                  // Its teams' channels, then their sports' (and the route's sport), before the general ones.
                  scopes: shareChannelScopes({
                    teams: data.teams,
                    sports: params.sportId ? [{ slug: params.sportId }] : [],
                  }),
                }
              : undefined
          }
        />
      )}
      {more.length > 0 && (
        <section className="ss-card" aria-labelledby="more-from-source">
          <h2 id="more-from-source" className="ss-card__title">
            More from {source || 'this source'}
          </h2>
          <ArticleList
            articles={more}
            context="single"
            platform={platform}
            adsVisible={adsVisible}
            linksInNewWindow={linksInNewWindow}
          />
        </section>
      )}
    </article>
  );
}
