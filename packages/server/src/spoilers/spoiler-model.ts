// The spoiler classifier's learned component (issue 49). The hand-written rules of spoiler-headline.ts name
// the common ways a headline tells a result ("beat", a score, "wins gold"), but unseen feeds tell results in
// more ways than rules can list ("roll by", "Utes pile it on", "wills Astros to win"), so recall on unseen
// lines stayed near 70%. This is a logistic regression over the words of the line (unigrams, bigrams and
// crude stems), a few shapes (a score such as "3-1", a number, an ordinal, a question, a live page) and which
// rule fired, trained by `npm run train:spoilers` (packages/server/scripts/train-spoiler-model.ts) on the
// hand-labelled development sets; its weights and the thresholds chosen by cross-validation are the data
// file spoiler-model.json. It is consulted only for a line no rule fired on, so its thresholds were chosen
// for that combination (rule OR model).
import type { SpoilerRule } from './spoiler-headline.js';
import trained from './spoiler-model.json';

/** The trained model: what spoiler-model.json holds. */
export interface SpoilerModel {
  /** A feature's weight; a feature not listed weighs 0. */
  weights: Record<string, number>;
  /** The probability above which a line is a spoiler: the headline alone, and the headline with its summary. */
  thresholds: { headline: number; withSummary: number };
  /** Words read as names (teams, players, places): they weigh as one feature, `#name`. */
  names?: string[];
}

const MODEL = trained as SpoilerModel;
const MODEL_NAMES: ReadonlySet<string> = new Set(MODEL.names ?? []);

/** A line's features, and the words each word feature stands for as they appear in the line. */
export interface SpoilerFeatures {
  features: string[];
  /** A unigram feature's words as written ("Rebound" for `w:rebound`), to say why a line was blurred. */
  surface: Map<string, string>;
}

// A score ("3-1", "6-4-6"), an ordinal, a number, or a word (with inner apostrophes: "won't", "a's").
const TOKEN = /\d+(?:st|nd|rd|th)\b|\d+(?:\s?[-–]\s?\d+)+|\d+(?:[.,:]\d+)*|[a-z]+(?:'[a-z]+)*/gi;

function tokenKey(token: string, before: string, names: ReadonlySet<string>): string {
  if (/^\d+(?:st|nd|rd|th)$/i.test(token)) return '#ord';
  // A record in brackets, "Mystics (3-4)", is a season's, not a game's score.
  if (/^\d+\s?[-–]/.test(token)) return before === '(' ? '#record' : '#score';
  if (/^\d/.test(token)) return '#num';
  const word = token.toLowerCase().replace(/'s$/, '');
  // A team's or a player's name says nothing about whether a line is a result, but in a small training set
  // names correlate with labels by chance (one league's recaps); as one feature, "#name beat #name" is learnt.
  return names.has(word) ? '#name' : word;
}

/** The words of a text as the model's keys (names as `#name`), with where each starts. */
export function spoilerTokens(
  text: string,
  names: ReadonlySet<string> = NO_NAMES,
): { key: string; word: string }[] {
  const normal = text.replace(/[’‘`]/g, "'");
  return [...normal.matchAll(TOKEN)].map((m) => ({
    key: tokenKey(m[0], normal[(m.index ?? 0) - 1] ?? '', names),
    word: m[0],
  }));
}

const NO_NAMES: ReadonlySet<string> = new Set();

function addText(
  text: string,
  prefix: string,
  names: ReadonlySet<string>,
  into: Set<string>,
  surface: Map<string, string>,
): void {
  const normal = text.replace(/[’‘`]/g, "'");
  const keys: string[] = [];
  for (const { key, word } of spoilerTokens(normal, names)) {
    keys.push(key);
    const feature = `w:${key}`;
    into.add(feature);
    if (!surface.has(feature)) surface.set(feature, word);
    // A crude stem shares what "beats", "beaten" and "beating" teach with "beat".
    const stem = key.replace(/(?:ing|ed|es|s|en)$/, '');
    if (stem.length >= 3 && stem !== key) into.add(`t:${stem}`);
  }
  for (let i = 1; i < keys.length; i++) into.add(`b:${keys[i - 1]}_${keys[i]}`);
  // Shapes a word list misses: a question is rarely a result; a live page is a game under way.
  if (normal.includes('?')) into.add(`${prefix}:question`);
  if (/\bLIVE\b/.test(normal)) into.add(`${prefix}:live`);
}

/**
 * The features of a line: the headline alone when `summary` is undefined, else the headline with its
 * summary (a news card). `rules` are the hand-written rules that fired on it (empty when none did, which is
 * always the case when the classifier asks the model).
 */
export function spoilerFeatures(
  headline: string,
  summary?: string | null,
  rules: readonly SpoilerRule[] = [],
  names: ReadonlySet<string> = MODEL_NAMES,
): SpoilerFeatures {
  const features = new Set<string>();
  const surface = new Map<string, string>();
  const withSummary = summary != null;
  features.add(withSummary ? 'bias:withSummary' : 'bias:headline');
  if (withSummary) addText(summary, 's', names, features, surface);
  // The headline's words, with their own surface forms kept first (a verdict names the headline's words).
  const headlineSurface = new Map<string, string>();
  addText(headline, 'h', names, features, headlineSurface);
  for (const [k, v] of headlineSurface) surface.set(k, v);
  features.add(rules.length ? 'rule:any' : 'rule:none');
  for (const rule of new Set(rules)) features.add(`rule:${rule}`);
  return { features: [...features], surface };
}

/** The model's probability that the features are a spoiler. */
export function spoilerProbability(
  model: Pick<SpoilerModel, 'weights'>,
  features: readonly string[],
): number {
  let z = 0;
  for (const f of features) z += model.weights[f] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

/** The highest-weighted words present (up to three), as written in the line: why the model fired. */
function topWords(model: SpoilerModel, found: SpoilerFeatures): string {
  return (
    found.features
      // A word or a score, not a placeholder for a name or a number.
      .filter(
        (f) =>
          f.startsWith('w:') && (!f.startsWith('w:#') || f === 'w:#score') && (model.weights[f] ?? 0) > 0,
      )
      .sort((a, b) => (model.weights[b] ?? 0) - (model.weights[a] ?? 0))
      .slice(0, 3)
      .map((f) => found.surface.get(f) ?? f.slice(2))
      .join(', ')
  );
}

/**
 * The learned component's verdict on a line no hand-written rule fired on: the headline alone first, then
 * the headline with its summary; null when neither reaches its threshold.
 */
export function modelVerdict(
  headline: string,
  summary?: string | null,
  model: SpoilerModel = MODEL,
): { field: 'headline' | 'summary'; match: string; probability: number } | null {
  const names = model === MODEL ? MODEL_NAMES : new Set(model.names ?? []);
  const alone = spoilerFeatures(headline, undefined, [], names);
  const p = spoilerProbability(model, alone.features);
  if (p > model.thresholds.headline)
    return { field: 'headline', match: topWords(model, alone), probability: p };
  if (!summary) return null;
  const card = spoilerFeatures(headline, summary, [], names);
  const q = spoilerProbability(model, card.features);
  if (q > model.thresholds.withSummary)
    return { field: 'summary', match: topWords(model, card), probability: q };
  return null;
}
