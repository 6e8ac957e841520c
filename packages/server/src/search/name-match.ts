/**
 * The matching behind every name search (issue "Search": the live dropdown and the team, topic,
 * player, source and podcast searches). A name matches a query, from the first character typed, in
 * this order of strength:
 *
 * | score | match |
 * |---|---|
 * | 100 | the whole name, a team's nickname or abbreviation ("packers", "nyy") |
 * | 95 | a curated alias ("niners", "habs", "bama") |
 * | 90 | the beginning of the name ("chi" -> Chicago Bears) |
 * | 85 | the beginning of an alias ("nine" -> Niners), 3 letters or more |
 * | 80 | every word of the query begins a word of the name, in any order ("bay pack") |
 * | 60 | the same with one typo in a word of 5 letters or more ("packrs", "celitcs") |
 *
 * Ties go to the more popular (a player's trend, a team's sport in navigation order, a source's
 * volume, a podcast's episode count), then the name. The first five are one SQL statement served by
 * the trigram indexes of migration 0008. Typos are looked for only when that finds nothing: a query
 * that matches as typed means what it says ("packers" is not also "Pacers"). They are found through
 * trigram word similarity and confirmed here by the edit rule of `one-edit.ts` (similarity alone
 * would also accept names that merely share a few letters).
 * @module
 */
import type { Database, Queryable } from '../db/database.js';
import { nameMatchesWithTypos, TYPO_MIN_LENGTH } from './one-edit.js';
import { type AliasMatches, aliasMatches } from './search-aliases.js';
import { searchKey } from './search-key.js';

/** The kinds of names searched. */
export type NameKind = 'team' | 'player' | 'topic' | 'source' | 'podcast' | 'domain';

/** The scores of the table above (the live dropdown's `live-name-match.ts` ranks by them too). */
export const SCORE = {
  exact: 100,
  alias: 95,
  prefix: 90,
  aliasPrefix: 85,
  allWords: 80,
} as const;

/** The score of a match found through a typo (see the table above). */
export const TYPO_SCORE = 60;

/** Trigram word similarity a name needs to be checked for a typo (0.375 for "celitcs"/"celtics"). */
export const TYPO_SIMILARITY = 0.3;

/** Candidates checked for a typo, per kind, most similar first. */
const TYPO_CANDIDATES = 50;

/** A query ready for matching. */
export interface NameQuery {
  /** Its search key. */
  key: string;
  /** The words of the key. */
  words: string[];
  /** What the aliases make of it. */
  aliases: AliasMatches;
}

/** One name found. */
export interface NameMatch {
  kind: NameKind;
  id: number;
  score: number;
}

/** Filters of a name search. */
export interface NameFilters {
  /** Only teams and players of this sport. */
  sportId?: number | null | undefined;
  /** Only players of this team. */
  teamId?: number | null | undefined;
  /** Only players of this position. */
  positionId?: number | null | undefined;
  /**
   * Only players on a roster now (the fantasy editor); the header's search also finds players marked
   * inactive, whose pages and articles stay.
   */
  activeOnly?: boolean | undefined;
}

/**
 * The query's key, words and aliases, or null when nothing searchable is left (punctuation only,
 * or a script other than Latin).
 *
 * @example
 * ```ts
 * toNameQuery('  Green-Bay ')?.words; // ['green', 'bay']
 * ```
 */
export function toNameQuery(q: string): NameQuery | null {
  const key = searchKey(q);
  if (key === '') return null;
  return { key, words: key.split(' '), aliases: aliasMatches(key) };
}

// ---- SQL -------------------------------------------------------------------------------------------
// Fragments use :named parameters; bind() numbers the ones a statement uses (PostgreSQL refuses a
// parameter whose type it cannot infer because nothing refers to it).

/** Score of one key expression against the query (100, 90, 80 or 0). */
// A one-word query needs no loop over its words: the word begins a word of the name (cheap LIKEs).
const scoreOf = (key: string) => `CASE
    WHEN ${key} = :key THEN ${SCORE.exact}
    WHEN ${key} LIKE :key || '%' THEN ${SCORE.prefix}
    WHEN :oneWord THEN CASE WHEN ${key} LIKE :wordPrefix THEN ${SCORE.allWords} ELSE 0 END
    WHEN NOT EXISTS (SELECT 1 FROM unnest(:words::text[]) AS w(word)
                     WHERE ' ' || ${key} NOT LIKE '% ' || w.word || '%') THEN ${SCORE.allWords}
    ELSE 0 END`;

interface KindSql {
  /** SELECT of kind, id, score, pop (higher first) and sort_name for the matches of this kind. */
  match: string;
  /** SELECT of kind, id and the key(s) of names similar to the query, for the typo check. */
  similar: string;
}

const KIND_SQL: Record<NameKind, KindSql> = {
  // Teams are a few hundred rows: every variant of the query ("la" and "los angeles") is tried.
  team: {
    match: `SELECT 'team' AS kind, t.id, GREATEST(
        CASE WHEN t.slug = ANY(:exactTeams::text[]) THEN ${SCORE.alias}
             WHEN t.slug = ANY(:prefixTeams::text[]) THEN ${SCORE.aliasPrefix} ELSE 0 END,
        CASE WHEN lower(t.short_name) = :key THEN ${SCORE.exact} ELSE 0 END,
        (SELECT max(CASE
           WHEN t.search_key = v.k OR t.nickname_key = v.k THEN ${SCORE.exact}
           WHEN t.search_key LIKE v.k || '%' OR t.nickname_key LIKE v.k || '%' THEN ${SCORE.prefix}
           WHEN NOT EXISTS (SELECT 1 FROM unnest(string_to_array(v.k, ' ')) AS w(word)
                            WHERE ' ' || t.search_key || ' ' || t.nickname_key NOT LIKE '% ' || w.word || '%') THEN ${SCORE.allWords}
           ELSE 0 END) FROM unnest(:variants::text[]) AS v(k))
      ) AS score, (-s.position)::float8 AS pop, t.full_name AS sort_name
      FROM teams t JOIN sports s ON s.id = t.sport_id
      WHERE (:sportId::int IS NULL OR t.sport_id = :sportId)
        -- Cheap conditions first, so the score's subqueries run for the candidates only.
        AND (t.slug = ANY(:exactTeams::text[]) OR t.slug = ANY(:prefixTeams::text[]) OR lower(t.short_name) = :key
             OR t.search_key LIKE ANY(:teamPatterns::text[]) OR t.nickname_key LIKE ANY(:teamPatterns::text[]))`,
    similar: `SELECT 'team' AS kind, t.id, t.search_key || ' ' || t.nickname_key AS key,
        word_similarity(:key, t.search_key) AS sim, (-s.position)::float8 AS pop
      FROM teams t JOIN sports s ON s.id = t.sport_id WHERE t.search_key %> :key AND (:sportId::int IS NULL OR t.sport_id = :sportId)`,
  },
  player: {
    match: `SELECT 'player' AS kind, p.id, ${scoreOf('p.search_key')} AS score, p.trend::float8 AS pop,
        p.name AS sort_name
      FROM players p
      WHERE (p.search_key LIKE :prefix OR p.search_key LIKE :wordPrefix)
        AND (:sportId::int IS NULL OR p.sport_id = :sportId)
        AND (:teamId::int IS NULL OR p.team_id = :teamId)
        AND (:positionId::int IS NULL OR p.position_id = :positionId)
        AND (NOT :activeOnly::boolean OR p.active)`,
    similar: `SELECT 'player' AS kind, p.id, p.search_key AS key, word_similarity(:key, p.search_key) AS sim,
        p.trend::float8 AS pop
      FROM players p
      WHERE p.search_key %> :key
        AND (:sportId::int IS NULL OR p.sport_id = :sportId)
        AND (:teamId::int IS NULL OR p.team_id = :teamId)
        AND (:positionId::int IS NULL OR p.position_id = :positionId)
        AND (NOT :activeOnly::boolean OR p.active)`,
  },
  // Topics are a few dozen rows; their aliases ("PGA" for golf) need no index.
  topic: {
    match: `SELECT 'topic' AS kind, t.id, GREATEST(
        CASE WHEN t.slug = ANY(:aliasTopics::text[]) THEN ${SCORE.alias} ELSE 0 END, ${scoreOf('t.search_key')}) AS score,
        (-t.position)::float8 AS pop, t.name AS sort_name
      FROM topics t`,
    similar: `SELECT 'topic' AS kind, t.id, t.search_key AS key, word_similarity(:key, t.search_key) AS sim,
        (-t.position)::float8 AS pop
      FROM topics t WHERE t.search_key %> :key`,
  },
  // A source is found by its own title or its publisher's name; podcasts have their own kind.
  source: {
    match: `SELECT 'source' AS kind, s.id, GREATEST(${scoreOf('s.search_key')}, ${scoreOf('d.search_key')}) AS score,
        s.items_per_day::float8 AS pop, s.title AS sort_name
      FROM sources s JOIN domains d ON d.id = s.domain_id
      WHERE s.enabled AND s.kind IN ('news', 'video')
        -- Candidates by either key, each through its own index (an OR across the join scanned them all).
        AND s.id IN (
          SELECT id FROM sources WHERE search_key LIKE :prefix OR search_key LIKE :wordPrefix
          UNION
          SELECT s2.id FROM domains d2 JOIN sources s2 ON s2.domain_id = d2.id
          WHERE d2.search_key LIKE :prefix OR d2.search_key LIKE :wordPrefix)`,
    similar: `SELECT 'source' AS kind, s.id, s.search_key || ' ' || d.search_key AS key,
        GREATEST(word_similarity(:key, s.search_key), word_similarity(:key, d.search_key)) AS sim,
        s.items_per_day::float8 AS pop
      FROM sources s JOIN domains d ON d.id = s.domain_id
      WHERE s.enabled AND s.kind IN ('news', 'video')
        AND s.id IN (SELECT id FROM sources WHERE search_key %> :key
                     UNION
                     SELECT s2.id FROM domains d2 JOIN sources s2 ON s2.domain_id = d2.id WHERE d2.search_key %> :key)`,
  },
  // Publishers ("sites" of the search results), by name.
  domain: {
    match: `SELECT 'domain' AS kind, d.id, ${scoreOf('d.search_key')} AS score, 0::float8 AS pop, d.name AS sort_name
      FROM domains d WHERE d.search_key LIKE :prefix OR d.search_key LIKE :wordPrefix`,
    similar: `SELECT 'domain' AS kind, d.id, d.search_key AS key, word_similarity(:key, d.search_key) AS sim,
        0::float8 AS pop
      FROM domains d WHERE d.search_key %> :key`,
  },
  podcast: {
    match: `SELECT 'podcast' AS kind, p.id, ${scoreOf('p.search_key')} AS score, p.episodes_count::float8 AS pop,
        p.title AS sort_name
      FROM podcasts p WHERE p.search_key LIKE :prefix OR p.search_key LIKE :wordPrefix`,
    similar: `SELECT 'podcast' AS kind, p.id, p.search_key AS key, word_similarity(:key, p.search_key) AS sim,
        p.episodes_count::float8 AS pop
      FROM podcasts p WHERE p.search_key %> :key`,
  },
};

/** Numbers the `:name` parameters a statement uses and lists their values in that order. */
export function bind(
  sql: string,
  values: Readonly<Record<string, unknown>>,
): { text: string; params: unknown[] } {
  const order: string[] = [];
  const text = sql.replace(/(?<!:):([a-zA-Z]+)\b/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for :${name}`);
    let index = order.indexOf(name);
    if (index < 0) index = order.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text, params: order.map((name) => values[name]) };
}

function valuesOf(query: NameQuery, filters: NameFilters, extra: Record<string, unknown> = {}) {
  const longest = query.words.reduce((a, b) => (b.length > a.length ? b : a));
  return {
    key: query.key,
    words: query.words,
    // Every match has the query's longest word at the start of a word of its name: an index condition.
    prefix: `${longest}%`,
    wordPrefix: `% ${longest}%`,
    oneWord: query.words.length === 1,
    teamPatterns: query.aliases.variants.flatMap((variant) => {
      const word = variant.split(' ').reduce((a, b) => (b.length > a.length ? b : a));
      return [`${word}%`, `% ${word}%`];
    }),
    variants: query.aliases.variants,
    exactTeams: query.aliases.exactTeams,
    prefixTeams: query.aliases.prefixTeams,
    aliasTopics: query.aliases.topics,
    sportId: filters.sportId ?? null,
    teamId: filters.teamId ?? null,
    positionId: filters.positionId ?? null,
    activeOnly: filters.activeOnly ?? false,
    ...extra,
  };
}

const ranked = (kind: NameKind) => `SELECT kind, id, score, pop, sort_name, count(*) OVER () AS total
  FROM (${KIND_SQL[kind].match}) m WHERE score > 0
  ORDER BY score DESC, pop DESC, sort_name, id LIMIT :limit OFFSET :offset`;

interface MatchRow {
  kind: NameKind;
  id: number;
  score: number;
  total: number | string;
}

/** Whether any word is long enough to carry a typo. */
export const mayHaveTypo = (query: NameQuery) => query.words.some((word) => word.length >= TYPO_MIN_LENGTH);

/**
 * Runs the typo search in a transaction with the settings it needs: the similarity threshold, and no
 * sequential scans. The planner prices a trigram similarity condition like any other and scans a
 * table of a few thousand names rather than its index, computing word similarity for every row
 * (15 ms for the demo's 4,300 players, under 1 ms through the index).
 */
function inTypoTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `SELECT set_config('enable_seqscan', 'off', true), set_config('pg_trgm.word_similarity_threshold', $1, true)`,
      [String(TYPO_SIMILARITY)],
    );
    return fn(tx);
  });
}

/**
 * Names of the given kinds similar to the query whose words match with at most one typo each, the more
 * popular first, then the more similar: every one of them is a single edit away, and trigram similarity
 * ranks "pakcers" nearer the Pacers (one letter dropped) than the Packers (two letters swapped), while a
 * reader who mistypes a name most likely meant the one more people read.
 */
async function typoMatches(
  db: Database,
  kinds: readonly NameKind[],
  query: NameQuery,
  filters: NameFilters,
): Promise<NameMatch[]> {
  const union = kinds
    .map((kind) => `(${KIND_SQL[kind].similar} ORDER BY sim DESC LIMIT ${TYPO_CANDIDATES})`)
    .join(' UNION ALL ');
  const { text, params } = bind(
    `SELECT kind, id, key, sim FROM (${union}) c ORDER BY pop DESC, sim DESC, id`,
    {
      ...valuesOf(query, filters),
    },
  );
  const { rows } = await inTypoTransaction(db, (tx) =>
    tx.query<{ kind: NameKind; id: number; key: string }>(text, params),
  );
  return rows
    .filter((row) => nameMatchesWithTypos(query.words, row.key))
    .map((row) => ({ kind: row.kind, id: Number(row.id), score: TYPO_SCORE }));
}

/** A page of one kind's matches and their total. */
export interface NameMatchPage {
  matches: NameMatch[];
  total: number;
}

/**
 * One kind's matches for a result page: as typed, or through typos when nothing matched as typed.
 *
 * @example
 * ```ts
 * const { matches, total } = await matchNames(db, 'team', toNameQuery('packrs')!, { limit: 25, offset: 0 });
 * ```
 */
export async function matchNames(
  db: Database,
  kind: NameKind,
  query: NameQuery,
  page: { limit: number; offset: number },
  filters: NameFilters = {},
): Promise<NameMatchPage> {
  const run = async (limit: number, offset: number) => {
    const { text, params } = bind(ranked(kind), valuesOf(query, filters, { limit, offset }));
    const { rows } = await db.query<MatchRow>(text, params);
    return rows;
  };
  const rows = await run(page.limit, page.offset);
  // count(*) OVER () is absent on a page past the end; the first page then tells the total.
  const total = rows[0]
    ? Number(rows[0].total)
    : page.offset > 0
      ? Number((await run(1, 0))[0]?.total ?? 0)
      : 0;
  if (total > 0 || !mayHaveTypo(query)) return { matches: rows.map(toMatch), total };
  const typos = await typoMatches(db, [kind], query, filters);
  return { matches: typos.slice(page.offset, page.offset + page.limit), total: typos.length };
}

function toMatch(row: MatchRow): NameMatch {
  return { kind: row.kind, id: Number(row.id), score: Number(row.score) };
}
