// The query mix of the search benchmark (issue "Search": at least 200 distinct realistic queries): what
// fans type into the header's box, built from the names the generated database really contains
// (bench-meta.json's searchSample) so that every kind finds something, in a fixed order so that two runs
// send the same mix. Kinds: team names (full, nickname, city), player names (full, last name), prefixes
// of 1 to 4 letters as typed, one-edit typos of names of 5 letters or more, abbreviations and nicknames,
// and phrases (quoted and not).
import type { SearchSample } from './generate-db.js';

/** One query of the mix and what kind of typing it stands for. */
export interface BenchQuery {
  kind: 'team' | 'player' | 'prefix' | 'typo' | 'abbreviation' | 'phrase';
  q: string;
}

const PREFIXES = [
  ...['c', 'b', 'p', 'm', 's', 'k', 'd', 't', 'a', 'n', 'l', 'g'],
  ...['ch', 'bo', 'pa', 'ne', 'la', 'sa', 'de', 'mi', 'ca', 'ra', 'ho', 'wi'],
  ...['chi', 'kan', 'pac', 'bos', 'cel', 'yan', 'dal', 'mia', 'nol', 'cor', 'hou', 'sea'],
  ...['chic', 'pack', 'bost', 'dall', 'mave', 'lake', 'nola', 'warr', 'kans', 'seah', 'yank', 'cowb'],
];

const ABBREVIATIONS = ['KC', 'NYY', 'LA', 'Bama', 'Niners', 'Habs', 'LAL', 'NYK', 'Sixers', 'Spurs'];

const PHRASES = [
  '"contract extension"',
  '"three things to watch"',
  '"trade interest"',
  '"injury update"',
  'injury update',
  'trade rumor',
  'packers injury',
  'chiefs vs raiders',
  'celtics trade',
  'lakers preview',
  'yankees sign',
  '"share the points"',
  'instant reaction',
  'draft prospect',
  'power rankings',
  'fantasy sleeper',
];

/** One edit of a word: drop, swap or double a letter, chosen by `i` (the curated ones first). */
function typo(word: string, i: number): string {
  const at = 1 + (i % (word.length - 2));
  const chars = [...word.toLowerCase()];
  if (i % 3 === 0) chars.splice(at, 1);
  else if (i % 3 === 1) [chars[at], chars[at + 1]] = [chars[at + 1] as string, chars[at] as string];
  else chars.splice(at, 0, chars[at] as string);
  const out = chars.join('');
  // Swapping two equal letters changes nothing: drop one instead.
  return out === word.toLowerCase() ? `${out.slice(0, at)}${out.slice(at + 1)}` : out;
}

/** Every `step`-th item of a list, up to `count`. */
function spread<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, i) => i % step === 0).slice(0, count);
}

/**
 * The query mix (at least 200 distinct queries) for a generated database's names.
 *
 * @example
 * ```ts
 * const mix = searchQueries(meta.searchSample); // [{ kind: 'team', q: 'Green Bay Packers' }, ...]
 * ```
 */
export function searchQueries(sample: SearchSample): BenchQuery[] {
  const teams = spread(sample.teams, 45);
  const players = spread(sample.players, 50);
  const queries: BenchQuery[] = [
    ...teams.slice(0, 40).map((t) => ({ kind: 'team' as const, q: t.fullName })),
    ...teams.slice(0, 20).map((t) => ({ kind: 'team' as const, q: t.name.toLowerCase() })),
    ...teams.slice(20, 45).map((t) => ({ kind: 'team' as const, q: t.location.toLowerCase() })),
    ...players.slice(0, 40).map((p) => ({ kind: 'player' as const, q: p })),
    ...players.slice(30, 50).map((p) => ({ kind: 'player' as const, q: p.split(' ').at(-1) ?? p })),
    ...PREFIXES.map((q) => ({ kind: 'prefix' as const, q })),
    { kind: 'typo', q: 'packrs' },
    { kind: 'typo', q: 'celitcs' },
    ...teams
      .map((t) => t.name.split(' ').at(-1) ?? t.name)
      .filter((w) => w.length >= 5)
      .slice(0, 15)
      .map((w, i) => ({ kind: 'typo' as const, q: typo(w, i) })),
    ...players
      .map((p) => p.split(' ').at(-1) ?? p)
      .filter((w) => w.length >= 5)
      .slice(0, 15)
      .map((w, i) => ({ kind: 'typo' as const, q: typo(w, i + 1) })),
    ...ABBREVIATIONS.map((q) => ({ kind: 'abbreviation' as const, q })),
    ...PHRASES.map((q) => ({ kind: 'phrase' as const, q })),
    ...players.slice(0, 8).map((p) => ({ kind: 'phrase' as const, q: `"${p}"` })),
  ];
  const seen = new Set<string>();
  return queries.filter((query) => {
    const key = query.q.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
