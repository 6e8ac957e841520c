/**
 * The layout slicers of the popular pages (spec 2 §9): how a sport's (or team's) combined feed and
 * the home page's stories are cut into the lead, groups, big and small episodes, videos and
 * players. Pure functions over arrays, so the site only renders the slices.
 * @module
 */
import { POPULAR_MAX_EPISODES, POPULAR_MAX_PLAYERS, POPULAR_MAX_VIDEOS } from '../constants.js';

/** Article group sizes after the lead on a sport popular page. */
export const SPORT_POPULAR_SLICES: readonly number[] = Object.freeze([2, 2, 2, 3, 2]);
/** Article group sizes after the lead when full-width ads are on (the `fullWidthAds` layout). */
export const SPORT_POPULAR_SLICES_FULL_WIDTH: readonly number[] = Object.freeze([3, 2, 2, 3, 2]);

/**
 * Cuts `items` into consecutive groups of the given sizes; groups past the end are left out and
 * the last one may be shorter. Items beyond the sizes are not returned.
 *
 * @example
 * ```ts
 * sliceBySizes([1, 2, 3, 4, 5], [2, 2, 2]); // [[1, 2], [3, 4], [5]]
 * ```
 */
export function sliceBySizes<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const groups: T[][] = [];
  let start = 0;
  for (const size of sizes) {
    if (start >= items.length) break;
    groups.push(items.slice(start, start + size));
    start += size;
  }
  return groups;
}

/**
 * Groups of 2 to 3 items: threes, except that a leftover single is avoided by ending with two
 * twos (4 → 2+2, 7 → 3+2+2). A single item stays a group of one.
 *
 * @example
 * ```ts
 * groupsOfTwoToThree([1, 2, 3, 4, 5]); // [[1, 2, 3], [4, 5]]
 * ```
 */
export function groupsOfTwoToThree<T>(items: readonly T[]): T[][] {
  const n = items.length;
  if (n === 0) return [];
  if (n === 1) return [[...items]];
  const sizes: number[] = [];
  let left = n;
  while (left > 0) {
    if (left === 4 || left === 2) {
      sizes.push(2);
      left -= 2;
    } else {
      sizes.push(3);
      left -= 3;
    }
  }
  return sliceBySizes(items, sizes);
}

/** The popular page layout. */
export interface PopularLayout<A, E, V, P> {
  /** The lead article (null when there are no articles). */
  readonly lead: A | null;
  /** Article groups after the lead. */
  readonly groups: A[][];
  /** Big episode cards. */
  readonly bigEpisodes: E[];
  /** Smaller episode cards after the big ones. */
  readonly smallEpisodes: E[];
  /** Videos (at most 5). */
  readonly videos: V[];
  /** Trending players (at most 6). */
  readonly players: P[];
}

/** Input of the popular slicers: a combined feed (`articles`, `episodes`, `videos`, `players`). */
export interface PopularInput<A, E, V, P> {
  /** Articles, most important first. */
  articles: readonly A[];
  /** Episodes, most important first. */
  episodes?: readonly E[];
  /** Videos. */
  videos?: readonly V[];
  /** Trending players. */
  players?: readonly P[];
  /** The full-width ad layout (feature `fullWidthAds`; three cards per row). */
  fullWidthAds?: boolean;
}

function split<E>(episodes: readonly E[], big: number): [E[], E[]] {
  const shown = episodes.slice(0, POPULAR_MAX_EPISODES);
  return [shown.slice(0, big), shown.slice(big)];
}

/**
 * The sport popular page (spec 2 §9): one lead article, then groups of 2, 2, 2, 3, 2 (3, 2, 2, 3, 2
 * with full-width ads); 2 big episodes then 4 smaller ones (3 and 3 with full-width ads, where rows
 * hold three); up to 5 videos and 6 players.
 *
 * @example
 * ```ts
 * const { lead, groups, bigEpisodes, smallEpisodes } = sportPopularLayout(feed);
 * ```
 */
export function sportPopularLayout<A, E, V, P>(input: PopularInput<A, E, V, P>): PopularLayout<A, E, V, P> {
  const sizes = input.fullWidthAds ? SPORT_POPULAR_SLICES_FULL_WIDTH : SPORT_POPULAR_SLICES;
  const [bigEpisodes, smallEpisodes] = split(input.episodes ?? [], input.fullWidthAds ? 3 : 2);
  return {
    lead: input.articles[0] ?? null,
    groups: sliceBySizes(input.articles.slice(1), sizes),
    bigEpisodes,
    smallEpisodes,
    videos: (input.videos ?? []).slice(0, POPULAR_MAX_VIDEOS),
    players: (input.players ?? []).slice(0, POPULAR_MAX_PLAYERS),
  };
}

/**
 * The home page layout (spec 2 §9): a lead article then groups of 2 to 3 articles; 2 to 3 featured
 * episodes (3 with full-width ads) then the rest up to 6 episodes in all; up to 5 videos and 6
 * players.
 */
export function homeLayout<A, E, V, P>(input: PopularInput<A, E, V, P>): PopularLayout<A, E, V, P> {
  const [bigEpisodes, smallEpisodes] = split(input.episodes ?? [], input.fullWidthAds ? 3 : 2);
  return {
    lead: input.articles[0] ?? null,
    groups: groupsOfTwoToThree(input.articles.slice(1)),
    bigEpisodes,
    smallEpisodes,
    videos: (input.videos ?? []).slice(0, POPULAR_MAX_VIDEOS),
    players: (input.players ?? []).slice(0, POPULAR_MAX_PLAYERS),
  };
}
