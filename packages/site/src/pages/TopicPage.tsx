/**
 * Topic news pages (spec 2 §2 "Topic pages"): /s/:topicId (the topic's news, News tab only) and
 * /s/:topicId/sources/:id/news (the topic's news from one site, `:id` being the domain id), with
 * paging. The topic comes from the precache; an unknown topic goes to the 404 page.
 * @module
 */
import type { Topic } from '@sportspyder/contract';
import { listTopicArticles } from '@sportspyder/core';
import { useClient, useReference } from '@sportspyder/react';
import { Navigate, NavLink, useParams } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { NewsFeedPage, pageHref } from './news/NewsFeedPage.js';
import { numericId, useNewsContent } from './news/useNewsContent.js';
import { useListSettings } from './sport/useListSettings.js';

/** Props of {@link TopicPage}. */
export interface TopicPageProps {
  /** True on /s/:topicId/sources/:id/news (news of one site). */
  bySource?: boolean;
}

/** A topic's news page. */
export function TopicPage({ bySource = false }: TopicPageProps) {
  const { topicId, id } = useParams();
  const { loading, topics } = useReference();
  const topic = topics.find((t) => t.slug === topicId);
  const domainId = bySource ? numericId(id) : null;
  if (!topic || (bySource && domainId === null)) {
    if (topic === undefined && (loading || topics.length === 0)) return <LoadingFrame />;
    return <Navigate to="/page-not-found" replace />;
  }
  return <TopicNews topic={topic} domainId={domainId} />;
}

function TopicNews({ topic, domainId }: { topic: Topic; domainId: number | null }) {
  const client = useClient();
  const { page } = useListSettings();
  const articles = useNewsContent('topic-articles', { topic: topic.slug, domainId, page }, () =>
    listTopicArticles(client, {
      topicId: topic.slug,
      page,
      ...(domainId === null ? {} : { domainId }),
    }),
  );
  const first = articles.data?.articles[0]?.domain;
  const site = first ? first.label || first.name : null;
  const path = domainId === null ? `/s/${topic.slug}` : `/s/${topic.slug}/sources/${domainId}/news`;
  return (
    <NewsFeedPage
      title={domainId !== null && site ? `${topic.name} News from ${site}` : `${topic.name} News`}
      articles={articles}
      hrefFor={(p) => pageHref(path, p)}
      scroll={{
        key: `topic/${topic.slug}/${domainId ?? ''}`,
        fetchPage: async (p) =>
          (
            await listTopicArticles(client, {
              topicId: topic.slug,
              page: p,
              ...(domainId === null ? {} : { domainId }),
            })
          ).articles,
      }}
      emptyText={`There are no recent ${topic.name} articles.`}
      tabs={
        <nav className="ss-tabs" aria-label={`${topic.name} sections`}>
          <NavLink to={`/s/${topic.slug}`} className="ss-tabs__tab">
            News
          </NavLink>
        </nav>
      }
    />
  );
}
