/**
 * Feed ingestion building blocks: fetch (conditional GET with limits), per-host politeness,
 * per-source schedule, parsing of RSS/Atom/RDF/JSON Feed/podcast/YouTube feeds, Mastodon statuses,
 * and the normalisers they share. Pure apart from `fetchFeed`; the caller stores the results.
 * @module
 */
export * from './fetch-feed.js';
export * from './fetch-page.js';
export * from './host-politeness.js';
export * from './mastodon.js';
export * from './normalise.js';
export * from './parse-feed.js';
export * from './private-address-error.js';
export * from './public-address.js';
export * from './refresh-source.js';
export * from './schedule.js';
export * from './source-state.js';
