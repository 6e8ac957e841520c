/**
 * Which messages the signed-in member likes, shared by every list of one chat (a message can show
 * in a channel and atop its thread): seeded from each list's `meta.likes`, changed at once by a
 * like toggle (optimistic) and put back when the server refuses.
 * @module
 */
import { createValueStore, type Observable } from '../store.js';

/** The liked message ids (a new set on every change; never mutated). */
export interface LikeRegistry extends Observable<ReadonlySet<number>> {
  /** True when the member likes `id`. */
  isLiked(id: number): boolean;
  /** Takes a list's answer: of `listed`, exactly those in `liked` are liked. */
  absorb(listed: readonly number[], liked: readonly number[]): void;
  /** Sets one message's state. */
  set(id: number, liked: boolean): void;
  /** Forgets everything (another member signed in). */
  clear(): void;
}

/** Creates an empty registry. */
export function createLikeRegistry(): LikeRegistry {
  const store = createValueStore<ReadonlySet<number>>(new Set());
  function write(change: (next: Set<number>) => void) {
    const next = new Set(store.getSnapshot());
    change(next);
    const current = store.getSnapshot();
    if (next.size === current.size && [...next].every((id) => current.has(id))) return;
    store.set(next);
  }
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    isLiked: (id) => store.getSnapshot().has(id),
    absorb(listed, liked) {
      const likedSet = new Set(liked);
      write((next) => {
        for (const id of listed) {
          if (likedSet.has(id)) next.add(id);
          else next.delete(id);
        }
      });
    },
    set(id, liked) {
      write((next) => {
        if (liked) next.add(id);
        else next.delete(id);
      });
    },
    clear() {
      if (store.getSnapshot().size > 0) store.set(new Set());
    },
  };
}
