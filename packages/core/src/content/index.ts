/**
 * Content browsing in core (spec 2, spec 1 §4.5-§4.7): typed resource functions for every content
 * call, follow/subscribe/hide mutations with their cache refreshes, the new-items poller, ad
 * placement and visibility rules, layout slicers, previews, pagination, infinite scroll, team feed
 * inserts, games, labels, texts and the widget snippet.
 *
 * @example
 * ```ts
 * import { adSlots, createNewItemsPoller, listTeamArticles, newItemsCounter } from '@sportspyder/core';
 *
 * const { articles, meta } = await listTeamArticles(client, { teamId: 'dallas-cowboys', page: 1 });
 * const slots = adSlots({ list: 'articles', context: 'team', platform: 'desktop', page: 1 }); // [2, 5, 9]
 * const poller = createNewItemsPoller({
 *   fetchCount: newItemsCounter(client, { type: 'team', id: 'dallas-cowboys' }),
 *   latestId: articles[0]?.id ?? null,
 * });
 * ```
 * @module
 */
export * from './ad-refresh.js';
export * from './ads.js';
export * from './article-picture.js';
export * from './content-labels.js';
export * from './content-texts.js';
export * from './episode-artwork.js';
export * from './follow-actions.js';
export * from './follow-resources.js';
export * from './games.js';
export * from './infinite-scroll.js';
export * from './list-previews.js';
export * from './new-items-poller.js';
export * from './news-resources.js';
export * from './pagination-links.js';
export * from './podcast-resources.js';
export * from './popular-layout.js';
export * from './profile-source-resources.js';
export * from './resource-path.js';
export * from './roster-order.js';
export * from './search-resources.js';
export * from './sport-resources.js';
export * from './sport-rules.js';
export * from './team-feed-inserts.js';
export * from './team-resources.js';
export * from './widget-snippet.js';
