/**
 * The story signatures of stored lead articles, remembered between batches. Every batch compares its
 * new articles with the leads of their teams over the last and next 48 hours, so consecutive batches
 * read mostly the same leads; their signatures (headline terms, team and player tags) never change
 * once stored (nothing updates an article's title or tags, and ids are never reused), so they are
 * worked out once per process instead of once per batch. Only what can change (the article's story)
 * is read each time.
 *
 * One cache per database (`leadSignaturesOf`): tests and tools open several databases in one process,
 * whose article ids overlap.
 * @module
 */
import type { StorySignature } from './story-signature.js';

/** Signatures remembered per database at most (the oldest forgotten first): about 20 MB. */
export const MAX_LEAD_SIGNATURES = 50_000;

/** A bounded map of article id to story signature, least recently used forgotten first. */
export class LeadSignatures {
  private readonly entries = new Map<number, StorySignature>();

  constructor(private readonly capacity = MAX_LEAD_SIGNATURES) {}

  /** The signature of the stored article `id`, if remembered. */
  get(id: number): StorySignature | undefined {
    const signature = this.entries.get(id);
    if (signature) {
      // Re-inserted, so the Map's insertion order is the order of last use.
      this.entries.delete(id);
      this.entries.set(id, signature);
    }
    return signature;
  }

  /** Remembers the signature of the stored article `id`. */
  remember(id: number, signature: StorySignature): void {
    this.entries.delete(id);
    this.entries.set(id, signature);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
  }

  /** How many signatures are remembered. */
  get size(): number {
    return this.entries.size;
  }
}

const CACHES = new WeakMap<object, LeadSignatures>();

/**
 * The lead signatures remembered for one database (any object standing for it, such as its
 * `Database`).
 * @example
 * const leads = leadSignaturesOf(db);
 */
export function leadSignaturesOf(database: object): LeadSignatures {
  let cache = CACHES.get(database);
  if (!cache) {
    cache = new LeadSignatures();
    CACHES.set(database, cache);
  }
  return cache;
}
