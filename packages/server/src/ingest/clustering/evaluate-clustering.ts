/**
 * Pairwise quality of the "same story" decision on labelled headline pairs: precision (of the pairs
 * grouped, how many are the same story) and recall (of the same-story pairs, how many are grouped).
 * Used by `npm run bench:clustering` and by the test that holds the targets.
 * @module
 */
import { isSameStory, storySignature } from './story-signature.js';

/** A labelled pair as the evaluation reads it. */
export interface LabelledPair {
  /** First headline with its tags. */
  a: { title: string; teams: readonly number[]; players?: readonly number[]; source: string };
  /** Second headline with its tags. */
  b: { title: string; teams: readonly number[]; players?: readonly number[]; source: string };
  /** True when both tell the same story. */
  same: boolean;
}

/** Pairwise figures. */
export interface PairScore {
  /** Pairs evaluated. */
  pairs: number;
  /** Same-story pairs in the set. */
  positives: number;
  /** Grouped and the same story. */
  truePositives: number;
  /** Grouped but different stories. */
  falsePositives: number;
  /** Not grouped but the same story. */
  falseNegatives: number;
  /** truePositives / (truePositives + falsePositives); 1 when nothing is grouped. */
  precision: number;
  /** truePositives / positives; 1 when there are no positives. */
  recall: number;
  /** The pairs decided wrongly. */
  errors: (LabelledPair & { predicted: boolean })[];
}

/**
 * Scores `isSameStory` (or another decision) on labelled pairs.
 * @example
 * const { precision, recall } = scorePairs(headlinePairs());
 */
export function scorePairs(
  pairs: readonly LabelledPair[],
  decide: (a: LabelledPair['a'], b: LabelledPair['b']) => boolean = (a, b) =>
    isSameStory(
      storySignature({ title: a.title, teamIds: a.teams, playerIds: a.players }),
      storySignature({ title: b.title, teamIds: b.teams, playerIds: b.players }),
    ),
): PairScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const errors: PairScore['errors'] = [];
  for (const pair of pairs) {
    const predicted = decide(pair.a, pair.b);
    if (predicted && pair.same) tp++;
    else if (predicted) fp++;
    else if (pair.same) fn++;
    if (predicted !== pair.same) errors.push({ ...pair, predicted });
  }
  const positives = tp + fn;
  return {
    pairs: pairs.length,
    positives,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: positives === 0 ? 1 : tp / positives,
    errors,
  };
}
