/**
 * The single article page of a sport (/sports/:sportId/articles/:id, spec 2 §2): the article, a back
 * link (to the previous page when the visitor came from the site, else "More {sport} News" to the
 * sport news) and the more-from-source list.
 * @module
 */
import { getArticle, listRelatedArticles, moreNewsTitle } from '@sportspyder/core';
import { ArticleCard, ArticleList, useClient, useLinkComponent } from '@sportspyder/react';
import { useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import type { SportOutletContext } from '../SportLayout.js';
import { useContent } from './useContent.js';
import { useListSettings } from './useListSettings.js';
import './sport.css';

/** The single article page. */
export function SportArticlePage() {
  const { sport } = useOutletContext<SportOutletContext>();
  const { id } = useParams();
  const articleId = Number(id);
  const valid = Number.isInteger(articleId) && articleId > 0;
  const client = useClient();
  const Link = useLinkComponent();
  const navigate = useNavigate();
  const location = useLocation();
  const { platform, adsVisible, linksInNewWindow } = useListSettings();
  const article = useContent(
    'article',
    { id: articleId },
    () => getArticle(client, { id: articleId }),
    valid,
  );
  const related = useContent(
    'article-related',
    { id: articleId },
    () => listRelatedArticles(client, { articleId }),
    valid,
  );
  const data = article.data?.article;
  useDocumentTitle(data?.title ?? `${sport.name} Article`);
  // A visit inside the site has a previous entry (the router's key is not 'default').
  const cameFromSite = location.key !== 'default';
  const more = moreNewsTitle(sport.name);
  const source = data ? data.domain.name : '';
  return (
    <article className="ss-page ss-single-article">
      {cameFromSite ? (
        <a
          className="ss-single-article__back"
          href={`/sports/${sport.slug}/news`}
          onClick={(event) => {
            event.preventDefault();
            navigate(-1);
          }}
        >
          ← Back
        </a>
      ) : (
        <Link className="ss-single-article__back" href={`/sports/${sport.slug}/news`}>
          ← {more}
        </Link>
      )}
      <h1 className="ss-page__title">{data?.title ?? `${sport.name} Article`}</h1>
      {article.status === 'error' && !data && (
        <p className="ss-page__description">This article could not be loaded.</p>
      )}
      {data && <ArticleCard article={data} linksInNewWindow={linksInNewWindow} />}
      {related.data && related.data.articles.length > 0 && (
        <section className="ss-card" aria-labelledby="more-from-source">
          <h2 id="more-from-source" className="ss-card__title">
            More from {source || 'this source'}
          </h2>
          <ArticleList
            articles={related.data.articles.filter((a) => a.id !== articleId)}
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
