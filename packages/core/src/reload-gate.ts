/**
 * Reloading for a new version without losing what the reader is typing (spec 1 §7, spec 3 §4; issue
 * 17): a page reloads when the deployed version differs from the one it loaded, but while it holds
 * unsent input (a chat message being typed, a form being filled) the reload waits until the input is
 * sent or abandoned.
 *
 * "Unsent input" is read from the page by {@link createUnsentInputTracker}: a text field or textarea
 * the reader typed into since the page loaded, still on the page, not empty, whose form has not been
 * submitted since. Search boxes (`type=search`, or a combobox) are left out: a search costs nothing
 * to type again, and the header's box keeps its text after a search. Framework-agnostic: it listens
 * to the document's `input` and `submit` events, so React's controlled fields count like any other.
 * @module
 */
import { UNSENT_INPUT_RECHECK_MS } from './constants.js';
import type { Timers } from './environment.js';

/** Tells whether the page holds unsent input. */
export interface UnsentInputTracker {
  /** True while a field holds text the reader typed and has not sent. */
  hasUnsentInput(): boolean;
  /** Stops listening. */
  stop(): void;
}

interface FieldLike {
  readonly isConnected: boolean;
  readonly value: string;
  readonly form?: unknown;
}

interface DocumentLike {
  addEventListener(type: string, listener: (event: { target: unknown }) => void, capture?: boolean): void;
  removeEventListener(type: string, listener: (event: { target: unknown }) => void, capture?: boolean): void;
}

const TEXT_TYPES = new Set(['', 'text', 'email', 'password', 'url', 'tel', 'number']);

/** A field whose text counts as input: a textarea, or a text-like input that is not a search box. */
function isTypedField(target: unknown): target is FieldLike {
  const element = target as {
    tagName?: string;
    type?: string;
    getAttribute?: (name: string) => string | null;
  } | null;
  if (!element?.tagName || !element.getAttribute) return false;
  if (element.getAttribute('role') === 'combobox') return false;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA') return true;
  return tag === 'INPUT' && TEXT_TYPES.has((element.type ?? '').toLowerCase());
}

/**
 * Watches a document for unsent input.
 *
 * @example
 * ```ts
 * const tracker = createUnsentInputTracker(document);
 * tracker.hasUnsentInput(); // false until the reader types into a form
 * ```
 */
export function createUnsentInputTracker(doc: DocumentLike): UnsentInputTracker {
  const typed = new Set<FieldLike>();
  const onInput = (event: { target: unknown }) => {
    if (isTypedField(event.target)) typed.add(event.target);
  };
  // A submitted form's fields are sent: whatever the page does with their text afterwards.
  const onSubmit = (event: { target: unknown }) => {
    for (const field of typed) if (field.form === event.target) typed.delete(field);
  };
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('submit', onSubmit, true);
  return {
    hasUnsentInput() {
      for (const field of typed) {
        // Removed from the page (the reader went elsewhere) or emptied: abandoned.
        if (!field.isConnected || field.value.trim() === '') typed.delete(field);
      }
      return typed.size > 0;
    },
    stop() {
      doc.removeEventListener('input', onInput, true);
      doc.removeEventListener('submit', onSubmit, true);
      typed.clear();
    },
  };
}

/** Options of {@link createReloadGate}. */
export interface ReloadGateOptions {
  /** Reloads the page. */
  reload: () => void;
  /** True while the page holds unsent input. */
  hasUnsentInput: () => boolean;
  /** Timers for the re-checks. */
  timers: Timers;
  /** How often a waiting reload looks again (default {@link UNSENT_INPUT_RECHECK_MS}). */
  recheckMs?: number;
}

/** A reload that waits for unsent input. */
export interface ReloadGate {
  /** Reloads now, or as soon as no unsent input is left. */
  request(): void;
  /** True while a requested reload waits for input to be sent or abandoned. */
  isWaiting(): boolean;
  /** Forgets a waiting reload (the client stopped). */
  cancel(): void;
}

/**
 * Creates a {@link ReloadGate}.
 *
 * @example
 * ```ts
 * const gate = createReloadGate({ reload: () => location.reload(), hasUnsentInput: () => false, timers });
 * gate.request(); // reloads at once: nothing is being typed
 * ```
 */
export function createReloadGate(options: ReloadGateOptions): ReloadGate {
  const recheckMs = options.recheckMs ?? UNSENT_INPUT_RECHECK_MS;
  let timer: unknown = null;
  const attempt = () => {
    timer = null;
    if (options.hasUnsentInput()) {
      timer = options.timers.setTimeout(attempt, recheckMs);
      return;
    }
    options.reload();
  };
  return {
    request() {
      if (timer === null) attempt();
    },
    isWaiting: () => timer !== null,
    cancel() {
      if (timer !== null) options.timers.clearTimeout(timer);
      timer = null;
    },
  };
}
