/**
 * The boxes a team news feed inserts between its articles (spec 2 §9 "Team feed inserts"), on its
 * first page: the newsletter signup after item 7 (index 6) for visitors who are not signed in, the
 * podcasts notice after item 4 when the team has podcasts, and on desktop with podcasts enabled the
 * trending players at item 3 and the recent episodes at item 6. `feedEntries` merges them with the
 * ad slots into the render order.
 * @module
 */
import type { AdPlatform } from './ads.js';

/** The kinds of team feed inserts. */
export type TeamFeedInsertKind = 'newsletter' | 'podcastsNotice' | 'trendingPlayers' | 'recentEpisodes';

/** One insert: what, and the index of the item it follows. */
export interface TeamFeedInsert {
  /** What the box is. */
  readonly kind: TeamFeedInsertKind;
  /** Zero-based index of the feed item the box follows. */
  readonly afterIndex: number;
}

/** Input of {@link teamFeedInserts}. */
export interface TeamFeedInsertsInput {
  /** True when a member is signed in (the newsletter form is hidden then). */
  loggedIn: boolean;
  /** The team's `podcastsEnabled`. */
  podcastsEnabled: boolean;
  /** Mobile or desktop. */
  platform: AdPlatform;
  /** The feed page (inserts appear on page 1 only; default 1). */
  page?: number;
}

/**
 * The inserts of a team feed page, in feed order.
 *
 * @example
 * ```ts
 * teamFeedInserts({ loggedIn: false, podcastsEnabled: false, platform: 'mobile' });
 * // [{ kind: 'newsletter', afterIndex: 6 }]
 * ```
 */
export function teamFeedInserts(input: TeamFeedInsertsInput): TeamFeedInsert[] {
  if ((input.page ?? 1) !== 1) return [];
  const inserts: TeamFeedInsert[] = [];
  const desktopPodcasts = input.platform === 'desktop' && input.podcastsEnabled;
  if (desktopPodcasts) inserts.push({ kind: 'trendingPlayers', afterIndex: 2 });
  if (input.podcastsEnabled) inserts.push({ kind: 'podcastsNotice', afterIndex: 3 });
  if (desktopPodcasts) inserts.push({ kind: 'recentEpisodes', afterIndex: 5 });
  if (!input.loggedIn) inserts.push({ kind: 'newsletter', afterIndex: 6 });
  return inserts;
}

/** One entry of a feed in render order: an item, an ad slot, or an insert. */
export type FeedEntry<T> =
  | { readonly kind: 'item'; readonly item: T; readonly index: number }
  | { readonly kind: 'ad'; readonly slot: number }
  | { readonly kind: 'insert'; readonly insert: TeamFeedInsertKind };

/**
 * Merges a feed page's items with its ad slots and inserts: after each item come its ad (if the
 * index is a slot) and then its inserts. Slots and inserts past the last item are left out.
 */
export function feedEntries<T>(
  items: readonly T[],
  options: { adSlots?: readonly number[]; inserts?: readonly TeamFeedInsert[] } = {},
): FeedEntry<T>[] {
  const slots = new Set(options.adSlots ?? []);
  const out: FeedEntry<T>[] = [];
  items.forEach((item, index) => {
    out.push({ kind: 'item', item, index });
    if (slots.has(index)) out.push({ kind: 'ad', slot: index });
    for (const insert of options.inserts ?? []) {
      if (insert.afterIndex === index) out.push({ kind: 'insert', insert: insert.kind });
    }
  });
  return out;
}
