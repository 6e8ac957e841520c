/**
 * The new-items banner's count for a news page: core's poller (every 90 s, at most 15 rounds,
 * paused while the tab is hidden) started from the newest article shown, reset when it changes.
 * @module
 */
import { createNewItemsPoller, type NewItemsFeed, newItemsCounter } from '@sportspyder/core';
import { useClient, useStore } from '@sportspyder/react';
import { useEffect, useMemo } from 'react';

/** Polls `feed` for articles newer than `latestId` and returns how many there are (0: no banner). */
export function useNewItems(feed: NewItemsFeed, latestId: number | null): number {
  const client = useClient();
  const feedId = `${feed.type}:${feed.id}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: feedId stands for feed
  const poller = useMemo(
    () => createNewItemsPoller({ fetchCount: newItemsCounter(client, feed), latestId: null }),
    [client, feedId],
  );
  useEffect(() => () => poller.dispose(), [poller]);
  useEffect(() => {
    poller.reset(latestId);
  }, [poller, latestId]);
  return useStore(poller).count;
}
