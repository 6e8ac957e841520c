/**
 * The header's live search in core (spec 1 §4.3): the debounced, cancellable, stale-proof live search
 * store and the highlighting of matched letters.
 *
 * @example
 * ```ts
 * import { createLiveSearch, highlightMatches, liveSearchFetcher } from '@sportspyder/core';
 *
 * const search = createLiveSearch({ fetchResults: liveSearchFetcher(client) });
 * search.subscribe(() => console.log(search.getSnapshot().results));
 * search.setQuery('chi');
 * highlightMatches('Chicago Bears', 'chi'); // [{ text: 'Chi', match: true }, { text: 'cago Bears', match: false }]
 * ```
 * @module
 */
export * from './highlight-matches.js';
export * from './live-search.js';
