/**
 * The pure rules of story clustering: an article's signature (its salient headline terms plus its
 * team and player tags), the similarity of two signatures, the "same story" decision and the "hot"
 * rule. Kept free of the database so they are unit-tested on a table of real headline pairs.
 *
 * Rules (documented for the admin and the content pages):
 * - Same story: headline-term Jaccard similarity ≥ {@link SAME_STORY_THRESHOLD} AND at least one
 *   shared team tag, published within {@link CLUSTER_WINDOW_MS} (48 h) of the story's first article.
 *   Requiring a shared team keeps "Packers sign kicker" and "Bears sign kicker" apart although most of
 *   their words agree.
 * - Hot: a story carried by at least {@link HOT_MIN_SOURCES} sources whose third source (or later)
 *   published within {@link HOT_WINDOW_MS} (6 h) of the first article. Once hot, a story stays hot.
 * @module
 */

/** Stories group articles published within this time of the story's first article (48 h). */
export const CLUSTER_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Least headline-term Jaccard similarity of two articles about the same story. */
export const SAME_STORY_THRESHOLD = 0.25;
/** Sources a story needs to be hot. */
export const HOT_MIN_SOURCES = 3;
/** The hot sources must all have published within this time of the first article (6 h). */
export const HOT_WINDOW_MS = 6 * 60 * 60 * 1000;

/** A story signature: normalised headline terms and tag ids. */
export interface StorySignature {
  /** Salient headline terms (lower case, stemmed lightly, without stop words). */
  terms: string[];
  /** Team tag ids. */
  teamIds: number[];
  /** Player tag ids. */
  playerIds: number[];
}

/** What a signature is computed from. */
export interface StoryInput {
  /** The headline (plain text). */
  title: string;
  /** Team tags. */
  teamIds?: readonly (number | string)[];
  /** Player tags. */
  playerIds?: readonly (number | string)[];
}

// Function words and headline filler that say nothing about which story it is.
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by for from has have he her his how in into is it its of on or our ' +
    'out over she so than that the their them then there they this to up was we were what when where who ' +
    'why will with after before about against amid as vs vs. via new says said say report reports ' +
    'sources source per just not no yes more most all can could would should may might here now today ' +
    'week weeks day days year years night game games team teams first last one two three'
  ).split(' '),
);

/** Light stemming so "signs"/"signed"/"signing" and "injury"/"injuries" meet. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * The salient terms of a headline: lower-cased words without accents, punctuation, stop words,
 * one-letter words and bare numbers (scores differ between outlets), lightly stemmed, unique.
 * @example
 * headlineTerms('Packers sign veteran kicker'); // ['packer', 'sign', 'veteran', 'kicker']
 */
export function headlineTerms(title: string): string[] {
  const words = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/);
  const terms = new Set<string>();
  for (const word of words) {
    if (word.length < 2 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    terms.add(stem(word));
  }
  return [...terms];
}

/**
 * The signature of an article.
 * @example
 * storySignature({ title: 'Packers sign veteran kicker', teamIds: [12] });
 */
export function storySignature(input: StoryInput): StorySignature {
  return {
    terms: headlineTerms(input.title),
    teamIds: [...new Set((input.teamIds ?? []).map(Number))],
    playerIds: [...new Set((input.playerIds ?? []).map(Number))],
  };
}

/**
 * Jaccard similarity of the headline terms of two signatures (0..1).
 * @example
 * storySimilarity(storySignature({ title: 'A B C' }), storySignature({ title: 'A B D' })); // 0.5
 */
export function storySimilarity(a: StorySignature, b: StorySignature): number {
  if (a.terms.length === 0 || b.terms.length === 0) return 0;
  const setB = new Set(b.terms);
  let shared = 0;
  for (const term of new Set(a.terms)) if (setB.has(term)) shared++;
  const union = new Set([...a.terms, ...b.terms]).size;
  return union === 0 ? 0 : shared / union;
}

/**
 * Whether two articles tell the same story: similar headlines and a shared team tag (a shared player
 * tag counts as well; it implies the team in practice).
 * @example
 * isSameStory(sig('Packers sign veteran kicker Mason'), sig('Green Bay Packers sign kicker Mason')); // true
 */
export function isSameStory(a: StorySignature, b: StorySignature, threshold = SAME_STORY_THRESHOLD): boolean {
  const teams = new Set(a.teamIds);
  const players = new Set(a.playerIds);
  const sharesTag = b.teamIds.some((t) => teams.has(t)) || b.playerIds.some((p) => players.has(p));
  return sharesTag && storySimilarity(a, b) >= threshold;
}

/** What the hot rule looks at. */
export interface HotInput {
  /** Distinct sources carrying the story, counting the new article's. */
  sourcesCount: number;
  /** When the story's first article was published. */
  firstSeenAt: Date;
  /** When the newest article (the one being added) was published. */
  latestAt: Date;
  /** Whether the story was hot already. */
  wasHot?: boolean;
}

/**
 * The hot rule: at least {@link HOT_MIN_SOURCES} sources, the newest within {@link HOT_WINDOW_MS} of
 * the first; a hot story stays hot.
 * @example
 * isHotStory({ sourcesCount: 3, firstSeenAt: t0, latestAt: new Date(t0.getTime() + 3600_000) }); // true
 */
export function isHotStory(input: HotInput): boolean {
  if (input.wasHot) return true;
  return (
    input.sourcesCount >= HOT_MIN_SOURCES &&
    input.latestAt.getTime() - input.firstSeenAt.getTime() <= HOT_WINDOW_MS
  );
}

/** A signature as stored in `clusters.signature` (terms, then `t:<id>` and `p:<id>` tags). */
export function signatureText(signature: StorySignature): string {
  return [
    ...signature.terms,
    ...signature.teamIds.map((t) => `t:${t}`),
    ...signature.playerIds.map((p) => `p:${p}`),
  ].join(' ');
}
