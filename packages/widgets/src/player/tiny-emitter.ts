/**
 * A minimal stand-in for `eventemitter3`, swapped in by the player embed's build (scripts/build.mjs) so
 * the core's value store costs a few bytes instead of ~1 KB gzipped. It keeps the behaviour the store
 * relies on: listeners run in the order added, the same listener added twice runs twice, `off` removes
 * every copy, and a listener removed while an event is being emitted still gets that event.
 * @module
 */

/** The part of eventemitter3's `EventEmitter` the core store uses. */
export class EventEmitter {
  /** Listeners by event name. */
  declare l: Record<string, Array<() => void>>;

  /** Adds `listener` for `event`. */
  on(event: string, listener: () => void): this {
    const next = [...this.listeners(event), listener];
    this.l[event] = next;
    return this;
  }

  /** Removes every copy of `listener` for `event`. */
  off(event: string, listener: () => void): this {
    const next = this.listeners(event).filter((l) => l !== listener);
    this.l[event] = next;
    return this;
  }

  /** Calls the listeners of `event`; true when there were any. */
  emit(event: string): boolean {
    const listeners = this.listeners(event);
    for (const listener of listeners) listener();
    return listeners.length > 0;
  }

  /** The listeners of `event`, in the order added. */
  listeners(event: string): Array<() => void> {
    // Created on first use: a class field would cost a helper in the ES2020 output.
    this.l ??= {};
    return this.l[event] ?? [];
  }

  /** Number of listeners of `event`. */
  listenerCount(event: string): number {
    return this.listeners(event).length;
  }
}
