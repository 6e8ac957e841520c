/**
 * A list of ids chosen by SQL, handed to a loader so that choosing and loading are one statement: each
 * list of a combined feed (articles, videos, episodes, players) is picked and loaded with its details in
 * one round trip (issue 15), where a list of ids in JavaScript costs one statement to pick and one to
 * load.
 * @module
 */
import { uniqueIds } from './players/refs.js';

/**
 * A statement yielding the columns `id` and `ord` (1 for the first), with placeholders `$1..$n` of
 * `params`. A loader reads it as a CTE and numbers its own placeholders after them.
 */
export interface OrderedIds {
  sql: string;
  params: unknown[];
}

/**
 * The ids of a list, in its order, as an {@link OrderedIds} (unknown and repeated ids are harmless:
 * loaders answer in the order of the list they were given).
 *
 * @example
 * ```ts
 * const episodes = await loadEpisodesOf(db, orderedIdsOf([42, 7]));
 * ```
 */
export function orderedIdsOf(ids: readonly number[]): OrderedIds {
  return {
    sql: 'SELECT w.id, w.ord FROM unnest($1::bigint[]) WITH ORDINALITY AS w(id, ord)',
    params: [uniqueIds(ids)],
  };
}
