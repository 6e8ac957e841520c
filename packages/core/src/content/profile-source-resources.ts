/**
 * My Sources (spec 3 §2 `/settings/sources/:type?`, §7 "Settings data", §8 empty states): the tabs,
 * their calls and their empty-state texts. Latest is the default tab.
 * @module
 */
import type { ArticleList, ArticleViewList, SourceList } from '@sportspyder/contract';
import { type ContentClient, cachedGet, type PageParams } from './resource-path.js';

/** The tabs of My Sources, in order. */
export const SOURCE_SETTINGS_TABS = [
  { type: 'latest', label: 'Latest' },
  { type: 'subscribed', label: 'Subscribed' },
  { type: 'reads', label: 'Reads' },
] as const;

/** A tab of My Sources. */
export type SourceSettingsTab = (typeof SOURCE_SETTINGS_TABS)[number]['type'];

/** The tab of a `:type` path segment, or null for an unknown one (missing: latest). */
export function sourceSettingsTab(type: string | undefined): SourceSettingsTab | null {
  if (type === undefined) return 'latest';
  return SOURCE_SETTINGS_TABS.find((tab) => tab.type === type)?.type ?? null;
}

/** The empty states of the tabs (spec 3 §8; the spec elides part of the first two). */
export const SOURCE_SETTINGS_EMPTY: Readonly<Record<SourceSettingsTab, string>> = Object.freeze({
  latest: "You either haven't followed any sources yet or those sources haven't published anything lately.",
  subscribed: "You haven't subscribed to any sources yet.",
  reads: "You haven't read any articles yet. Start reading some news articles to see them here",
});

/** `GET api/v1/profile/source_articles`: the latest articles of the followed sources (13 a page). */
export function listProfileSourceArticles(
  client: ContentClient,
  params: PageParams = {},
): Promise<ArticleList> {
  return cachedGet(client, '/api/v1/profile/source_articles', {}, params);
}

/** `GET api/v1/profile/sources`: the sources the member follows (25 a page). */
export function listProfileSources(client: ContentClient, params: PageParams = {}): Promise<SourceList> {
  return cachedGet(client, '/api/v1/profile/sources', {}, params);
}

/** `GET api/v1/profile/article_views`: the articles the member read lately (25 a page). */
export function listProfileArticleViews(
  client: ContentClient,
  params: PageParams = {},
): Promise<ArticleViewList> {
  return cachedGet(client, '/api/v1/profile/article_views', {}, params);
}
