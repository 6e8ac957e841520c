/**
 * The text-search query of a user's words (issue "Search"): words are AND-ed, `"quoted phrases"` must
 * appear as phrases, accents do not matter and words are stemmed ("injures" finds "injured"). The
 * tsquery is never written from the user's text: each word and phrase goes through PostgreSQL's own
 * `plainto_tsquery`/`phraseto_tsquery`, which read any character as text, and the parts are joined from
 * their normalised form. So `& | ! ( ) : * <->` and backslashes are words or nothing, never syntax.
 * Words the configuration ignores (stop words: "the", "of") are reported back to the user.
 * @module
 */
import type { Queryable } from '../db/database.js';

/** A user's query, ready for `@@`. */
export interface SearchQueryText {
  /** The tsquery (its text form, for a `$n::tsquery` parameter), or null when nothing is searchable. */
  tsquery: string | null;
  /** The words of the query that were ignored, in the order typed. */
  stopWords: string[];
}

// A word: letters and digits, with inner apostrophes, dots, ampersands or hyphens ("A&M", "O'Neal").
const WORD = /[\p{L}\p{N}]+(?:['’.&-][\p{L}\p{N}]+)*/gu;
const PHRASE = /"([^"]*)"/g;

/**
 * The words and phrases of a query: text between double quotes is a phrase, the rest is words.
 *
 * @example
 * ```ts
 * splitSearchText('packers "nolan corliss" injury'); // { words: ['packers', 'injury'], phrases: ['nolan corliss'] }
 * ```
 */
export function splitSearchText(text: string): { words: string[]; phrases: string[] } {
  const phrases: string[] = [];
  const rest = text.replace(PHRASE, (_, phrase: string) => {
    if (phrase.match(WORD)) phrases.push(phrase);
    return ' ';
  });
  return { words: rest.match(WORD) ?? [], phrases };
}

/**
 * Builds the tsquery of `text` (already cleaned by `cleanSearchText`) and finds its stop words, in one
 * statement.
 *
 * @example
 * ```ts
 * await toSearchQuery(db, 'the packers'); // { tsquery: "( 'packer' )", stopWords: ['the'] }
 * ```
 */
export async function toSearchQuery(db: Queryable, text: string): Promise<SearchQueryText> {
  const { words, phrases } = splitSearchText(text);
  if (words.length === 0 && phrases.length === 0) return { tsquery: null, stopWords: [] };
  const { rows } = await db.query<{ query: string | null; stop_words: string[] | null }>(
    `WITH words AS (
       SELECT w.word, w.n, plainto_tsquery('english', public.ss_unaccent(w.word)) AS part
       FROM unnest($1::text[]) WITH ORDINALITY AS w(word, n)
     ), phrases AS (
       SELECT phraseto_tsquery('english', public.ss_unaccent(p.phrase)) AS part
       FROM unnest($2::text[]) AS p(phrase)
     )
     SELECT (SELECT string_agg('(' || x.part::text || ')', ' & ')
             FROM (SELECT part FROM words UNION ALL SELECT part FROM phrases) x
             WHERE numnode(x.part) > 0) AS query,
            (SELECT array_agg(word ORDER BY n) FROM words WHERE numnode(part) = 0) AS stop_words`,
    [words, phrases],
  );
  const row = rows[0];
  return { tsquery: row?.query ?? null, stopWords: row?.stop_words ?? [] };
}
