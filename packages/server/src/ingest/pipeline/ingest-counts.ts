/**
 * The counts every ingest step returns, and a helper to add them up.
 * @module
 */

/** What one ingest did with the items of a feed. */
export interface IngestCounts {
  /** New rows stored (articles, episodes or posts). */
  inserted: number;
  /** Items already stored (same guid, same canonical URL, same post URI). */
  duplicates: number;
  /** Items that could not be stored (no link, no audio file...). */
  skipped: number;
}

/** Zero counts. */
export function emptyCounts(): IngestCounts {
  return { inserted: 0, duplicates: 0, skipped: 0 };
}

/** The sum of two counts. */
export function addCounts(a: IngestCounts, b: IngestCounts): IngestCounts {
  return {
    inserted: a.inserted + b.inserted,
    duplicates: a.duplicates + b.duplicates,
    skipped: a.skipped + b.skipped,
  };
}
