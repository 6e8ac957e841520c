/**
 * The experiment bucket (spec 1 §6): a random integer from 0 to 98 compared with the cumulative
 * percentages of the session experiment's variants picks the variant this page load belongs to.
 * The variant is reported as `v` on the tracking calls.
 * @module
 */
import type { Experiment } from '@sportspyder/contract';
import { EXPERIMENT_ROLL_MAX } from './constants.js';

/** A random bucket from 0 to {@link EXPERIMENT_ROLL_MAX} drawn with `random` (default `Math.random`). */
export function rollExperimentBucket(random: () => number = Math.random): number {
  return Math.min(EXPERIMENT_ROLL_MAX, Math.floor(random() * (EXPERIMENT_ROLL_MAX + 1)));
}

/**
 * The id of the variant whose cumulative percentage first exceeds `roll`, or null when there is no
 * experiment or the roll falls past every variant.
 *
 * @example
 * ```ts
 * const exp = { id: 1, type: 'ads', platform: 'all', variants: [{ id: 4, percentage: 50 }, { id: 5, percentage: 50 }] };
 * chooseVariant(exp, 10); // 4
 * chooseVariant(exp, 60); // 5
 * ```
 */
export function chooseVariant(experiment: Experiment | null | undefined, roll: number): number | null {
  if (!experiment) return null;
  let cumulative = 0;
  for (const variant of experiment.variants) {
    cumulative += variant.percentage;
    if (roll < cumulative) return variant.id;
  }
  return null;
}
