/**
 * The pure rules of story clustering: an article's signature (its salient headline terms plus its
 * team and player tags), the similarity of two signatures, the "same story" decision and the "hot"
 * rule. Kept free of the database so they are unit-tested on a table of real headline pairs.
 *
 * Rules (documented for the admin and the content pages):
 * - Same story: headline-term overlap coefficient ≥ {@link SAME_STORY_THRESHOLD} (shared terms over the
 *   shorter signature's, with enough terms shared) AND at least one shared team or player tag, published
 *   within {@link CLUSTER_WINDOW_MS} (48 h) of the story's first article (docs/decisions/ingestion.md).
 *   Requiring a shared team keeps "Packers sign kicker" and "Bears sign kicker" apart although most of
 *   their words agree.
 * - Hot: a story carried by at least {@link HOT_MIN_SOURCES} sources whose third source (or later)
 *   published within {@link HOT_WINDOW_MS} (6 h) of the first article. Once hot, a story stays hot.
 * @module
 */

/** Stories group articles published within this time of the story's first article (48 h). */
export const CLUSTER_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Least headline-term overlap coefficient of two articles about the same story. */
export const SAME_STORY_THRESHOLD = 0.5;
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

// Headline shorthand written out, so "OT" meets "overtime" and "K" meets "kicker".
const SYNONYMS: Record<string, string> = {
  ot: 'overtime',
  k: 'kicker',
  il: 'injured',
  td: 'touchdown',
  tds: 'touchdown',
  habs: 'canadiens',
};

// What a headline reports, by its verbs. Two headlines that report different kinds of news about the
// same team ("Packers sign kicker" / "Packers release kicker", a preview / a recap, an injury / a
// result) are different stories however many words they share. Words as written; they are stemmed
// like headline terms below.
const KIND_WORDS: Record<string, string> = {
  preview: 'preview',
  predictions: 'preview',
  watch: 'preview',
  keys: 'preview',
  odds: 'preview',
  beat: 'result',
  beats: 'result',
  falls: 'result',
  fall: 'result',
  edge: 'result',
  tops: 'result',
  top: 'result',
  win: 'result',
  defeat: 'result',
  rout: 'result',
  loses: 'result',
  sign: 'sign',
  signed: 'sign',
  agree: 'sign',
  agreed: 'sign',
  extension: 'sign',
  release: 'release',
  released: 'release',
  cut: 'release',
  waive: 'release',
  waived: 'release',
  waivers: 'release',
  sell: 'sell',
  recall: 'recall',
  promote: 'recall',
  promoted: 'recall',
  return: 'return',
  returned: 'return',
  fire: 'fire',
  fired: 'fire',
  hire: 'hire',
  hired: 'hire',
  name: 'hire',
  named: 'hire',
  unveil: 'unveil',
  reveal: 'unveil',
  announce: 'announce',
  announced: 'announce',
  injury: 'injury',
  injured: 'injury',
  doubtful: 'injury',
  questionable: 'injury',
  sprain: 'injury',
  out: 'injury',
  miss: 'injury',
  sidelines: 'injury',
  scan: 'injury',
};
const KIND_OF = new Map(Object.entries(KIND_WORDS).map(([word, kind]) => [stem(word), kind]));

/**
 * The salient terms of a headline: lower-cased words without accents, punctuation, stop words,
 * one-letter words and bare numbers (scores differ between outlets), lightly stemmed, unique. A game
 * score ("24-17") is kept as one term, winner first, since two recaps of a game share it.
 * @example
 * headlineTerms('Packers sign veteran kicker'); // ['packer', 'sign', 'veteran', 'kicker']
 */
export function headlineTerms(title: string): string[] {
  const text = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '');
  const terms = new Set<string>();
  for (const [, x, y] of text.matchAll(/\b(\d{1,3})-(\d{1,3})\b/g))
    terms.add(`${Math.max(Number(x), Number(y))}-${Math.min(Number(x), Number(y))}`);
  for (const raw of text.replace(/\b\d{1,3}-\d{1,3}\b/g, ' ').split(/[^a-z0-9]+/)) {
    const word = SYNONYMS[raw] ?? raw;
    if (word.length < 2 || STOP_WORDS.has(word) || /^\d+$/.test(word)) continue;
    terms.add(stem(word));
  }
  return [...terms];
}

const EXCLUSIVE_KINDS = ['preview', 'return'];
const SCORE = /^\d+-\d+$/;

/** The kinds of news a signature's terms report (see KIND_OF). */
function kindsOf(terms: readonly string[]): Set<string> {
  const kinds = new Set<string>();
  for (const term of terms) {
    const kind = KIND_OF.get(term);
    if (kind) kinds.add(kind);
  }
  return kinds;
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
 * Overlap coefficient of the headline terms of two signatures (0..1): shared terms over the smaller
 * set, so a short headline ("Saka hamstring scan worries Arsenal") meets a long rewrite of it, where
 * Jaccard would be diluted by the longer one's extra words.
 * @example
 * storySimilarity(storySignature({ title: 'A B C' }), storySignature({ title: 'A B D E' })); // 0.666…
 */
export function storySimilarity(a: StorySignature, b: StorySignature): number {
  const setA = derived(a).terms;
  const setB = derived(b).terms;
  if (setA.size === 0 || setB.size === 0) return 0;
  let shared = 0;
  for (const term of setA) if (setB.has(term)) shared++;
  return shared / Math.min(setA.size, setB.size);
}

interface Derived {
  terms: Set<string>;
  kinds: Set<string>;
  teams: Set<number>;
  players: Set<number>;
}

// A feed compares each new article with up to thousands of candidates: the sets a comparison needs
// are built once per signature, not once per pair.
const DERIVED = new WeakMap<StorySignature, Derived>();
function derived(signature: StorySignature): Derived {
  let d = DERIVED.get(signature);
  if (!d) {
    d = {
      terms: new Set(signature.terms),
      kinds: kindsOf(signature.terms),
      teams: new Set(signature.teamIds),
      players: new Set(signature.playerIds),
    };
    DERIVED.set(signature, d);
  }
  return d;
}

/**
 * Whether two articles tell the same story: a shared team (or player) tag, no contradiction, and
 * similar headlines. Contradictions: both name players and no player is shared (two injury reports of
 * one team), or they report different kinds of news (a signing and a release, a preview and a recap,
 * a player placed on the injured list and his return).
 * A shared game score is enough (the same result of the same team). A shared player tag lowers the
 * bar by one shared term: the player is the story.
 * @example
 * isSameStory(sig('Packers sign veteran kicker Mason'), sig('Green Bay Packers sign kicker Mason')); // true
 */
export function isSameStory(a: StorySignature, b: StorySignature, threshold = SAME_STORY_THRESHOLD): boolean {
  const da = derived(a);
  const db = derived(b);
  const sharesTeam = b.teamIds.some((t) => da.teams.has(t));
  const sharesPlayer = b.playerIds.some((p) => da.players.has(p));
  if (!sharesTeam && !sharesPlayer) return false;
  if (da.players.size > 0 && db.players.size > 0 && !sharesPlayer) return false;
  let shared = 0;
  let sharesScore = false;
  for (const term of da.terms)
    if (db.terms.has(term)) {
      shared++;
      if (SCORE.test(term)) sharesScore = true;
    }
  if (shared < 2 && !sharesScore) return false;
  const kindsA = da.kinds;
  const kindsB = db.kinds;
  // A preview or a return names other kinds' words ("Matthews questionable", "returns from injured
  // list") yet is a story of its own: against a headline that says what it reports, both must be one.
  if (kindsA.size > 0 && kindsB.size > 0) {
    for (const kind of EXCLUSIVE_KINDS) if (kindsA.has(kind) !== kindsB.has(kind)) return false;
    if (![...kindsA].some((k) => kindsB.has(k))) return false;
  }
  // The same final score for the same team within the window is the same game.
  if (sharesScore) return true;
  if (shared < (sharesPlayer ? 2 : 3)) return false;
  return shared / Math.min(da.terms.size, db.terms.size) >= threshold;
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
