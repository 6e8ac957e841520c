/**
 * How a catalogue entry's kind is stored: `news`, `video` and `podcast` as they are; `social` feeds (a
 * Mastodon account's `@user.rss`, a Bluesky profile's RSS, a Mastodon statuses API URL) as the `mastodon`
 * kind, whose items are social posts.
 * @module
 */
import type { SourceKind } from '../../ingest/pipeline/source-row.js';
import type { CatalogueEntry } from './load-catalogue.js';

/**
 * The stored kind of a catalogue entry.
 * @example
 * sourceKindOf({ kind: 'social' }); // 'mastodon'
 */
export function sourceKindOf(entry: Pick<CatalogueEntry, 'kind'>): SourceKind {
  return entry.kind === 'social' ? 'mastodon' : entry.kind;
}
