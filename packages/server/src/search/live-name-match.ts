/**
 * The live dropdown's matching (spec 1 §4.3, issue "Search"): the best names of every kind for one
 * keystroke, on the word index of migration 0019 (`name_words`). The rules and scores are those of
 * `name-match.ts` (its table); what differs is how the candidates are found, so that a keystroke costs
 * one short statement whatever was typed:
 * - a one- or two-letter word reads its group in the dropdown's order and stops after a few rows of
 *   each kind (the trigram indexes of the result pages cannot serve it: "b" read every name);
 * - a longer query reads the range of its longest word's word starts, and scores those few rows;
 * - typos correct each long word against the vocabulary of names (trigram word similarity, confirmed
 *   by the edit rule of `one-edit.ts`), then read the names that have a corrected word.
 * The statement texts depend only on the query's shape and every branch reads an index whatever the
 * values, so each is planned once ({@link withLiveSettings}).
 * @module
 */
import type { Database, Queryable } from '../db/database.js';
import {
  bind,
  mayHaveTypo,
  type NameKind,
  type NameMatch,
  type NameQuery,
  SCORE,
  TYPO_SCORE,
  TYPO_SIMILARITY,
} from './name-match.js';
import { matchesWithTypo, nameMatchesWithTypos, TYPO_MIN_LENGTH } from './one-edit.js';

/** The kinds of the dropdown, in their order on equal scores. */
export const LIVE_KIND_ORDER: readonly NameKind[] = ['team', 'player', 'topic', 'source', 'podcast'];

/** Rows read per kind and candidate group: a name can have several words that begin alike. */
const FETCH_FACTOR = 3;

/** Vocabulary words checked per long word of a query with a typo, most similar first. */
const TYPO_WORDS = 20;

/** Names read for the corrected words (a common word such as "packers" is in many source titles). */
const TYPO_NAMES = 500;

/** The end of the range of keys that begin with `prefix` (keys hold [a-z0-9& ] only; see 0019). */
const rangeEnd = (prefix: string) => `${prefix}~`;

const longestWord = (words: readonly string[]) => words.reduce((a, b) => (b.length > a.length ? b : a));

/** One kind's candidates whose word starts begin with the query's longest word, scored and ranked. */
function rangeBranch(kind: NameKind, v: string, multiWord: boolean): string {
  const allWords = multiWord
    ? `AND NOT EXISTS (SELECT 1 FROM unnest(:${v}Words::text[]) AS w(word)
                       WHERE position(' ' || w.word IN ' ' || nw.all_words) = 0)`
    : '';
  return `(SELECT nw.kind, nw.id, CASE WHEN nw.key = :${v}Key THEN ${SCORE.exact}
              WHEN starts_with(nw.key, :${v}Key) THEN ${SCORE.prefix} ELSE ${SCORE.allWords} END AS score,
            nw.pop, nw.sort_name
     FROM name_words nw
     WHERE nw.kind = '${kind}' AND nw.suffix >= :${v}Lo AND nw.suffix < :${v}Hi ${allWords}
     ORDER BY score DESC, nw.pop DESC, nw.sort_name, nw.id LIMIT :fetch)`;
}

/**
 * One kind's best rows of a one- or two-letter word, straight from the index in the dropdown's order
 * (the beginning of a name first, then popularity): no sort of the thousands of names of "b".
 */
function initialBranch(kind: NameKind, letters: 1 | 2): string {
  return `(SELECT nw.kind, nw.id, CASE WHEN nw.first THEN ${SCORE.prefix} ELSE ${SCORE.allWords} END AS score,
            nw.pop, nw.sort_name
     FROM name_words nw WHERE nw.kind = '${kind}' AND left(nw.suffix, ${letters}) = :key
     ORDER BY nw.first DESC, nw.pop DESC, nw.sort_name, nw.id LIMIT :fetch)`;
}

// A whole name (or a team's nickname) typed out, a team's abbreviation, the curated aliases.
const EXTRAS = `
  (SELECT nw.kind, nw.id, ${SCORE.exact} AS score, nw.pop, nw.sort_name FROM name_words nw
   WHERE nw.kind = ANY('{${LIVE_KIND_ORDER.join(',')}}'::text[]) AND nw.suffix = :key AND nw.first)
  UNION ALL
  (SELECT 'team', t.id, ${SCORE.exact}, (-s.position)::float8, t.full_name
   FROM teams t JOIN sports s ON s.id = t.sport_id WHERE lower(t.short_name) = :key)
  UNION ALL
  -- Apart from the abbreviation: an OR with it is a scan of every team in a generic plan.
  (SELECT 'team', t.id, CASE WHEN t.slug = ANY(:exactTeams::text[]) THEN ${SCORE.alias} ELSE ${SCORE.aliasPrefix} END,
          (-s.position)::float8, t.full_name
   FROM teams t JOIN sports s ON s.id = t.sport_id
   WHERE t.slug = ANY(:exactTeams::text[]) OR t.slug = ANY(:prefixTeams::text[]))
  UNION ALL
  (SELECT 'topic', t.id, ${SCORE.alias}, (-t.position)::float8, t.name FROM topics t
   WHERE t.slug = ANY(:aliasTopics::text[]))`;

const KIND_ORDER_SQL = `CASE c.kind ${LIVE_KIND_ORDER.map((kind, i) => `WHEN '${kind}' THEN ${i}`).join(' ')} END`;

/** The statement for a query of this shape, and its values. */
function liveStatement(query: NameQuery, limit: number): { text: string; params: unknown[] } {
  const values: Record<string, unknown> = {
    key: query.key,
    fetch: limit * FETCH_FACTOR,
    exactTeams: query.aliases.exactTeams,
    prefixTeams: query.aliases.prefixTeams,
    aliasTopics: query.aliases.topics,
  };
  const branches: string[] = [];
  // The query as typed for every kind; a leading place abbreviation spelled out ("la lakers" ->
  // "los angeles lakers") for teams.
  query.aliases.variants.forEach((variant, index) => {
    const kinds = index === 0 ? LIVE_KIND_ORDER : (['team'] as const);
    const words = variant.split(' ');
    if (words.length === 1 && variant.length <= 2) {
      for (const kind of kinds) branches.push(initialBranch(kind, variant.length as 1 | 2));
      return;
    }
    const longest = longestWord(words);
    // Parameter names are letters only (bind()): va, vb, ...
    const v = `v${String.fromCharCode(97 + index)}`;
    Object.assign(values, {
      [`${v}Key`]: variant,
      [`${v}Words`]: words,
      [`${v}Lo`]: longest,
      [`${v}Hi`]: rangeEnd(longest),
    });
    for (const kind of kinds) branches.push(rangeBranch(kind, v, words.length > 1));
  });
  return bind(
    `SELECT c.kind, c.id, max(c.score) AS score FROM (${[...branches, EXTRAS].join(' UNION ALL ')}) c
     GROUP BY c.kind, c.id, c.pop, c.sort_name
     ORDER BY max(c.score) DESC, ${KIND_ORDER_SQL}, c.pop DESC, c.sort_name, c.id`,
    values,
  );
}

interface MatchRow {
  kind: NameKind;
  id: number;
  score: number;
}

interface NameRow {
  kind: NameKind;
  id: number;
  all_words: string;
  pop: number;
  sort_name: string;
}

/**
 * Names with one typo in a word of {@link TYPO_MIN_LENGTH} letters or more: each such word is
 * corrected against the vocabulary of names, the names with a corrected word are read, and those whose
 * every word matches (the rule of `one-edit.ts`) are kept, by kind, then popularity, then closeness.
 */
async function typoMatches(db: Queryable, query: NameQuery): Promise<NameMatch[]> {
  const typed = [...new Set(query.words.filter((word) => word.length >= TYPO_MIN_LENGTH))];
  const { rows: corrections } = await db.query<{ typed: string; word: string; sim: number }>(
    `SELECT q.word AS typed, v.word, v.sim FROM unnest($1::text[]) AS q(word)
     CROSS JOIN LATERAL (
       SELECT nv.word, word_similarity(q.word, nv.word) AS sim FROM name_vocabulary nv
       WHERE nv.word %> q.word ORDER BY sim DESC, nv.word LIMIT ${TYPO_WORDS}) v`,
    [typed],
  );
  // How close each corrected word is, to order the names by their closest correction.
  const similarity = new Map<string, number>();
  for (const row of corrections) {
    if (!matchesWithTypo(row.typed, row.word)) continue;
    similarity.set(row.word, Math.max(similarity.get(row.word) ?? 0, Number(row.sim)));
  }
  if (similarity.size === 0) return [];
  const { rows } = await db.query<NameRow>(
    `SELECT DISTINCT ON (nw.kind, nw.id) nw.kind, nw.id, nw.all_words, nw.pop, nw.sort_name
     FROM name_words nw WHERE nw.word = ANY($1::text[]) ORDER BY nw.kind, nw.id LIMIT ${TYPO_NAMES}`,
    [[...similarity.keys()]],
  );
  const closest = (row: NameRow) =>
    Math.max(...row.all_words.split(' ').map((word) => similarity.get(word) ?? 0));
  return (
    rows
      .filter((row) => nameMatchesWithTypos(query.words, row.all_words))
      .map((row) => ({ row, sim: closest(row) }))
      // Every name left is one edit away: the more popular first, then the closer ("pakcers" is the
      // Packers before the Pacers, though trigrams put the Pacers nearer), as name-match.ts ranks them.
      .sort(
        (a, b) =>
          LIVE_KIND_ORDER.indexOf(a.row.kind) - LIVE_KIND_ORDER.indexOf(b.row.kind) ||
          Number(b.row.pop) - Number(a.row.pop) ||
          b.sim - a.sim ||
          (a.row.sort_name < b.row.sort_name ? -1 : a.row.sort_name > b.row.sort_name ? 1 : 0) ||
          a.row.id - b.row.id,
      )
      .map(({ row }) => ({ kind: row.kind, id: Number(row.id), score: TYPO_SCORE }))
  );
}

/**
 * Runs `fn` in a transaction with the settings the dropdown's statements are written for: no sequential
 * scans and the typo threshold (the planner would compute word similarity for every word of the
 * vocabulary rather than read its trigram index, and the threshold is a setting). Every branch reads an
 * index whatever the values, so the one generic plan PGlite keeps per statement fits all keystrokes
 * (`PLAN_CACHE_MODE` in `db/pglite-database.ts`; docs/decisions/performance-and-caching.md,
 * "Generic plans for every PGlite statement"): planned per keystroke, the 5-branch statement cost 5 ms of planning for 1 ms of work.
 *
 * @example
 * ```ts
 * const matches = await withLiveSettings(db, (tx) => matchLiveNames(tx, toNameQuery('chi')!, 10));
 * ```
 */
export function withLiveSettings<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `SELECT set_config('enable_seqscan', 'off', true), set_config('pg_trgm.word_similarity_threshold', $1, true)`,
      [String(TYPO_SIMILARITY)],
    );
    return fn(tx);
  });
}

/**
 * The best names of each kind for the dropdown, best first (score, then kind in
 * {@link LIVE_KIND_ORDER}, then each kind's popularity and name), at least `limit` of each kind when
 * there are: one statement, plus two for typos when nothing matched as typed. Run it inside
 * {@link withLiveSettings}.
 *
 * @example
 * ```ts
 * const matches = await withLiveSettings(db, (tx) => matchLiveNames(tx, toNameQuery('chi')!, 10));
 * ```
 */
export async function matchLiveNames(db: Queryable, query: NameQuery, limit: number): Promise<NameMatch[]> {
  const { text, params } = liveStatement(query, limit);
  const { rows } = await db.query<MatchRow>(text, params);
  const found = rows.map((row) => ({ kind: row.kind, id: Number(row.id), score: Number(row.score) }));
  if (found.length > 0 || !mayHaveTypo(query)) return found;
  return typoMatches(db, query);
}
