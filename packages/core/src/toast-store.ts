/**
 * Toasts (spec 1 §2.9): short messages that disappear after {@link TOAST_DURATION_MS}. The store
 * owns the timers so every renderer (site, embeds) shows the same lifetime.
 * @module
 */
import { TOAST_DURATION_MS } from './constants.js';
import { globalTimers, type Timers } from './environment.js';
import { createValueStore, type Observable } from './store.js';

/** What a toast is about; renderers pick a colour from it. */
export type ToastKind = 'success' | 'error' | 'info';

/** One toast on screen. */
export interface Toast {
  /** Unique id within the store. */
  readonly id: number;
  /** The message. */
  readonly text: string;
  /** What it is about. */
  readonly kind: ToastKind;
}

/** The toasts on screen, oldest first. */
export interface ToastStore extends Observable<readonly Toast[]> {
  /** Shows `text` (default kind 'success') for {@link TOAST_DURATION_MS}; returns its id. */
  show(text: string, kind?: ToastKind): number;
  /** Removes a toast before its time. */
  dismiss(id: number): void;
  /** Removes every toast and cancels their timers. */
  clear(): void;
}

/** Options of {@link createToastStore}. */
export interface ToastStoreOptions {
  /** Timers (default: the global ones). */
  timers?: Timers;
  /** How long a toast stays (default {@link TOAST_DURATION_MS}). */
  durationMs?: number;
}

/**
 * Creates an empty toast store.
 *
 * @example
 * ```ts
 * const toasts = createToastStore();
 * toasts.show('Signed out successfully'); // gone after 2.5 s
 * ```
 */
export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const timers = options.timers ?? globalTimers;
  const duration = options.durationMs ?? TOAST_DURATION_MS;
  const store = createValueStore<readonly Toast[]>([]);
  const handles = new Map<number, unknown>();
  let nextId = 1;

  function dismiss(id: number) {
    const handle = handles.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    handles.delete(id);
    const list = store.getSnapshot();
    if (list.some((toast) => toast.id === id)) store.set(list.filter((toast) => toast.id !== id));
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    show(text, kind = 'success') {
      const id = nextId++;
      store.set([...store.getSnapshot(), Object.freeze({ id, text, kind })]);
      handles.set(
        id,
        timers.setTimeout(() => dismiss(id), duration),
      );
      return id;
    },
    dismiss,
    clear() {
      for (const handle of handles.values()) timers.clearTimeout(handle);
      handles.clear();
      store.set([]);
    },
  };
}
