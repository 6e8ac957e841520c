/**
 * The site's one store of episodes downloaded for offline listening (core `createEpisodeDownloads`),
 * made on first use so pages that never show a download control do not pay for it, and checked against
 * the cache once (the browser may have evicted audio), plus its React hook.
 * @module
 */
import {
  createEpisodeDownloads,
  type EpisodeDownloads,
  type EpisodeDownloadsSnapshot,
} from '@sportspyder/core';
import { useClient, useStore } from '@sportspyder/react';

let downloads: EpisodeDownloads | null = null;

/** The downloads store of the page, made with the client's storage. */
export function episodeDownloads(
  storage: Parameters<typeof createEpisodeDownloads>[0]['storage'],
): EpisodeDownloads {
  if (!downloads) {
    downloads = createEpisodeDownloads({ storage });
    void downloads.verify().catch(() => undefined);
  }
  return downloads;
}

/** The downloads store and its snapshot. */
export function useEpisodeDownloads(): { store: EpisodeDownloads; snapshot: EpisodeDownloadsSnapshot } {
  const store = episodeDownloads(useClient().storage);
  return { store, snapshot: useStore(store) };
}
