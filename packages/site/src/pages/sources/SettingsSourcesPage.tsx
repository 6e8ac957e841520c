/**
 * My Sources in the settings (/settings/sources/:type?; spec 3 §2, §7 "Settings data", §8): tabs
 * Latest (the latest articles of the followed sources, 13 a page), Subscribed (the followed sources,
 * with Unsubscribe) and Reads (the articles read lately), each with its empty state. Latest is the
 * default. Built like My Podcasts.
 * @module
 */
import type { Article } from '@sportspyder/contract';
import {
  listProfileArticleViews,
  listProfileSourceArticles,
  listProfileSources,
  SOURCE_SETTINGS_EMPTY,
  SOURCE_SETTINGS_TABS,
  type SourceSettingsTab,
  sourceSettingsTab,
} from '@sportspyder/core';
import { ArticleList, EmptyState, Pagination, SourceBox, useClient, useResource } from '@sportspyder/react';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { SettingsTabs } from '../../components/SettingsTabs.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { pagePath, usePageParam } from '../podcasts/usePodcastContent.js';
import { useListSettings } from '../sport/useListSettings.js';
import { SOURCES_KEY, useSourceToggle } from './useSourceToggle.js';
import './sources.css';

const BASE = '/settings/sources';

/** Loading, failure, empty state or the list with its pager: the frame of every tab. */
function TabBody<T>(props: {
  tab: SourceSettingsTab;
  snapshot: { status: string; data?: T | undefined };
  items: (data: T) => readonly unknown[];
  totalPages: (data: T) => number;
  page: number;
  children: (data: T) => ReactNode;
}) {
  const { snapshot, tab, page } = props;
  if (snapshot.status === 'error' && !snapshot.data) {
    return <p className="ss-page__description">This list could not be loaded. Try again later.</p>;
  }
  if (!snapshot.data) return <p className="ss-loading-text">Loading…</p>;
  if (props.items(snapshot.data).length === 0) return <EmptyState text={SOURCE_SETTINGS_EMPTY[tab]} />;
  return (
    <>
      {props.children(snapshot.data)}
      <Pagination
        page={page}
        totalPages={props.totalPages(snapshot.data)}
        hrefFor={(p) => pagePath(`${BASE}/${tab}`, p)}
      />
    </>
  );
}

function Articles({ articles }: { articles: readonly Article[] }) {
  const { platform, linksInNewWindow } = useListSettings();
  return (
    <ArticleList
      articles={articles}
      context="default"
      platform={platform}
      adsVisible={false}
      linksInNewWindow={linksInNewWindow}
      headingLevel={2}
    />
  );
}

function LatestTab({ page }: { page: number }) {
  const client = useClient();
  const latest = useResource({ path: `${SOURCES_KEY}/mine/latest`, params: { page } }, () =>
    listProfileSourceArticles(client, { page }),
  );
  return (
    <TabBody
      tab="latest"
      snapshot={latest}
      page={page}
      items={(d) => d.articles}
      totalPages={(d) => d.meta.pagination.totalPages}
    >
      {(d) => <Articles articles={d.articles} />}
    </TabBody>
  );
}

function SubscribedTab({ page }: { page: number }) {
  const client = useClient();
  const { toggle } = useSourceToggle();
  const sources = useResource({ path: `${SOURCES_KEY}/mine/subscribed`, params: { page } }, () =>
    listProfileSources(client, { page }),
  );
  return (
    <TabBody
      tab="subscribed"
      snapshot={sources}
      page={page}
      items={(d) => d.sources}
      totalPages={(d) => d.meta.pagination.totalPages}
    >
      {(d) => (
        <div className="ss-discover__grid">
          {d.sources.map((source) => (
            <SourceBox
              key={source.id}
              source={source}
              loggedIn
              onToggle={toggle}
              onSignInRequired={() => undefined}
            />
          ))}
        </div>
      )}
    </TabBody>
  );
}

function ReadsTab({ page }: { page: number }) {
  const client = useClient();
  const reads = useResource({ path: `${SOURCES_KEY}/mine/reads`, params: { page } }, () =>
    listProfileArticleViews(client, { page }),
  );
  return (
    <TabBody
      tab="reads"
      snapshot={reads}
      page={page}
      items={(d) => d.articleViews}
      totalPages={(d) => d.meta.pagination.totalPages}
    >
      {(d) => <Articles articles={d.articleViews.map((view) => view.article)} />}
    </TabBody>
  );
}

/** My Sources (members; the settings frame guards it). */
export function SettingsSourcesPage() {
  const { type } = useParams();
  const page = usePageParam();
  useDocumentTitle('My Sources');
  const tab = sourceSettingsTab(type);
  if (tab === null) return <Navigate to={BASE} replace />;
  return (
    <article className="ss-page ss-source-settings">
      <header className="ss-page__header">
        <h1 className="ss-page__title">My Sources</h1>
      </header>
      <SettingsTabs label="My Sources sections" base={BASE} tabs={SOURCE_SETTINGS_TABS} current={tab} />
      {tab === 'latest' ? (
        <LatestTab page={page} />
      ) : tab === 'subscribed' ? (
        <SubscribedTab page={page} />
      ) : (
        <ReadsTab page={page} />
      )}
    </article>
  );
}
