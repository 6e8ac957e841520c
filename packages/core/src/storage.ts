/**
 * The key-value storage adapter (the `localStorage` shape) with a browser default and an in-memory
 * fallback, plus JSON helpers. Core code never touches `localStorage` directly, so it runs in Node
 * tests and in embeds whose host blocks storage.
 * @module
 */

/** A `localStorage`-compatible store of strings; `window.localStorage` satisfies it as is. */
export interface StorageAdapter {
  /** The value under `key`, or null when absent. */
  getItem(key: string): string | null;
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void;
  /** Forgets `key`. */
  removeItem(key: string): void;
}

/**
 * A storage kept in memory only (Node, tests, or browsers that refuse storage).
 *
 * @example
 * ```ts
 * const client = createClient({ storage: memoryStorage() });
 * ```
 */
export function memoryStorage(initial: Record<string, string> = {}): StorageAdapter {
  const data = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

/**
 * The browser's `localStorage` when it is present and writable; otherwise (Node, private modes,
 * sandboxed iframes) a {@link memoryStorage}.
 */
export function browserStorage(): StorageAdapter {
  try {
    const storage = (globalThis as { localStorage?: StorageAdapter }).localStorage;
    if (storage) {
      // Safari private mode and blocked third-party storage throw on write, not on access.
      const probe = '__sportspyder_probe__';
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // fall through to memory
  }
  return memoryStorage();
}

/** Reads and parses the JSON value under `key`; `undefined` when absent or unreadable. */
export function readJson<T>(storage: StorageAdapter, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON under `key`; a full or blocked storage is ignored (memory is best effort). */
export function writeJson(storage: StorageAdapter, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage blocked: keep working without persistence
  }
}
