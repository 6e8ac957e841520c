/**
 * The precached reference data of the shell (spec 1 §7): every sport with its divisions or
 * conferences and their teams (`GET api/v1/sports?includes=teams`) and the topics of the More
 * menu (`GET api/v1/topics`), with teams and sports indexed by slug for the navigation and the
 * team-URL redirects. Fetched through the resource cache, so pages asking for the same lists
 * share the answer.
 * @module
 */
import type { ListMeta, Sport, Team, Topic } from '@sportspyder/contract';
import { type ResourceCache, resourceKey } from './cache.js';
import { createValueStore, type Observable } from './store.js';
import type { QueryParams, Transport } from './transport.js';

/** Path and query of the sports precache. */
export const SPORTS_PATH = 'api/v1/sports';
/** Query of the sports precache: teams nested in divisions and conferences. */
export const SPORTS_QUERY: QueryParams = Object.freeze({ includes: 'teams' });
/** Path of the topics precache. */
export const TOPICS_PATH = 'api/v1/topics';

/** The answer of `GET api/v1/sports`. */
export interface SportListResponse {
  /** The sports. */
  sports: Sport[];
  /** Paging facts. */
  meta: ListMeta;
}

/** The answer of `GET api/v1/topics`. */
export interface TopicListResponse {
  /** The topics. */
  topics: Topic[];
  /** Paging facts. */
  meta: ListMeta;
}

/** The reference data as the shell sees it. */
export interface ReferenceSnapshot {
  /** True until both lists arrived (or one failed). */
  readonly loading: boolean;
  /** Sports in server order, with `divisions` (pro) or `conferences` (college) holding `teams`. */
  readonly sports: readonly Sport[];
  /** Sports by slug. */
  readonly sportsBySlug: Readonly<Record<string, Sport>>;
  /** Every team of every sport by slug. */
  readonly teamsBySlug: Readonly<Record<string, Team>>;
  /** Topics in server order. */
  readonly topics: readonly Topic[];
  /** The error when a list could not be read. */
  readonly error?: unknown;
}

/** The reference store. */
export interface ReferenceStore extends Observable<ReferenceSnapshot> {
  /** Fetches both lists once; later calls return the same promise unless the first failed. */
  load(): Promise<ReferenceSnapshot>;
}

/** The cache keys the reference store fills. */
export const REFERENCE_KEYS = Object.freeze({
  /** Key of the sports-with-teams list. */
  sports: resourceKey(SPORTS_PATH, SPORTS_QUERY),
  /** Key of the topics list. */
  topics: resourceKey(TOPICS_PATH),
});

const INITIAL: ReferenceSnapshot = {
  loading: true,
  sports: [],
  sportsBySlug: {},
  teamsBySlug: {},
  topics: [],
};

/** Every team of a sport, from its divisions and conferences. */
export function teamsOfSport(sport: Sport): Team[] {
  const groups = [...(sport.divisions ?? []), ...(sport.conferences ?? [])];
  return groups.flatMap((group) => group.teams ?? []);
}

/**
 * Creates the reference store (`createClient` does this).
 *
 * @example
 * ```ts
 * const reference = createReferenceStore({ api, cache });
 * const { teamsBySlug } = await reference.load();
 * ```
 */
export function createReferenceStore(options: { api: Transport; cache: ResourceCache }): ReferenceStore {
  const { api, cache } = options;
  const store = createValueStore<ReferenceSnapshot>(INITIAL);
  let pending: Promise<ReferenceSnapshot> | undefined;

  async function fetchAll(): Promise<ReferenceSnapshot> {
    // Reference data changes with deployments, not during a visit: fresh for the whole page life.
    const forever = { staleTime: Number.POSITIVE_INFINITY };
    try {
      const [sportList, topicList] = await Promise.all([
        cache.query(
          REFERENCE_KEYS.sports,
          () => api.get<SportListResponse>(SPORTS_PATH, { query: SPORTS_QUERY }),
          forever,
        ),
        cache.query(REFERENCE_KEYS.topics, () => api.get<TopicListResponse>(TOPICS_PATH), forever),
      ]);
      const sportsBySlug: Record<string, Sport> = {};
      const teamsBySlug: Record<string, Team> = {};
      for (const sport of sportList.sports) {
        sportsBySlug[sport.slug] = sport;
        for (const team of teamsOfSport(sport)) teamsBySlug[team.slug] = team;
      }
      store.set({
        loading: false,
        sports: Object.freeze([...sportList.sports]),
        sportsBySlug: Object.freeze(sportsBySlug),
        teamsBySlug: Object.freeze(teamsBySlug),
        topics: Object.freeze([...topicList.topics]),
      });
    } catch (error) {
      pending = undefined;
      store.update({ loading: false, error });
      throw error;
    }
    return store.getSnapshot();
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    load() {
      pending ??= fetchAll();
      return pending;
    },
  };
}
