/**
 * A small seeded pseudo-random generator (mulberry32) with the helpers the demo generator needs.
 * Seeds are mixed from several parts (the seed, a sport, a day number) so that one day's content
 * does not depend on how many numbers another day drew: regenerating later keeps earlier days identical.
 * @module
 */

/** A deterministic random source. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy of a list. */
  shuffle<T>(items: readonly T[]): T[];
}

/** Mixes any number of numbers and strings into one 32-bit seed (FNV-1a over their text). */
export function mixSeed(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0001')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Creates a mulberry32 generator.
 *
 * @example
 * const random = createRandom(mixSeed(42, 'nfl', 20410));
 * random.int(1, 6);
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
