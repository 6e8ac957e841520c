/**
 * The ingestion pipeline: feed fetchers (HTTP and local files), the database tag index, storing a
 * parsed feed (articles, videos, podcasts, posts) and one complete ingest of a source.
 * @module
 */
export * from './feed-batcher.js';
export * from './feed-fetcher.js';
export * from './ingest-articles.js';
export * from './ingest-counts.js';
export * from './ingest-feed.js';
export * from './ingest-feeds.js';
export * from './ingest-podcast.js';
export * from './ingest-posts.js';
export * from './ingest-source.js';
export * from './load-tag-index.js';
export * from './source-context.js';
export * from './source-row.js';
