/**
 * The can-send-at time of spec 3 §4: after a send, the next one waits for the server's rate limit.
 * One per chat, since the server counts a member's sends everywhere (channels, threads, comments).
 * The limit is the server's: {@link CHAT_SEND_LIMIT_SECONDS} mirrors it (docs/decisions/chat.md), and a
 * refusal teaches the real one (its Retry-After and the number in 'You can send a message every
 * {limit} secs'), so a changed server limit is followed without a new client.
 * @module
 */
import type { Timers } from '../environment.js';
import { createValueStore, type Observable } from '../store.js';

/**
 * Seconds between two sends, as the server enforces them (`CHAT_SEND_COOLDOWN_SECONDS` in
 * packages/server/src/chat/chat-writes.ts); learnt again from every cooldown refusal.
 */
export const CHAT_SEND_LIMIT_SECONDS = 5;

/** The cooldown's state. */
export interface CooldownSnapshot {
  /** When the next send may go (ms since the epoch); 0 before any send. */
  readonly canSendAt: number;
  /** True until `canSendAt`. */
  readonly coolingDown: boolean;
  /** The limit in seconds as last known. */
  readonly limitSeconds: number;
}

/** The cooldown. */
export interface SendCooldown extends Observable<CooldownSnapshot> {
  /** A send succeeded: wait the limit from now. */
  sent(): void;
  /** The server refused a send as too early: wait `retryAfterSeconds` (else the limit); learn `limitSeconds`. */
  refused(retryAfterSeconds: number | undefined, limitSeconds: number | undefined): void;
  /** Cancels the timer. */
  dispose(): void;
}

/** The limit a cooldown refusal names ('You can send a message every 5 secs' → 5), if it does. */
export function limitFromCooldownText(text: string): number | undefined {
  const match = /every (\d+) secs?/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** Creates a cooldown on the given clock and timers. */
export function createSendCooldown(options: {
  now: () => number;
  timers: Timers;
  limitSeconds?: number;
}): SendCooldown {
  const store = createValueStore<CooldownSnapshot>({
    canSendAt: 0,
    coolingDown: false,
    limitSeconds: options.limitSeconds ?? CHAT_SEND_LIMIT_SECONDS,
  });
  let timer: unknown;

  function until(canSendAt: number) {
    if (timer !== undefined) options.timers.clearTimeout(timer);
    const wait = canSendAt - options.now();
    store.update({ canSendAt, coolingDown: wait > 0 });
    timer =
      wait > 0
        ? options.timers.setTimeout(() => {
            timer = undefined;
            store.update({ coolingDown: false });
          }, wait)
        : undefined;
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    sent() {
      until(options.now() + store.getSnapshot().limitSeconds * 1000);
    },
    refused(retryAfterSeconds, limitSeconds) {
      if (limitSeconds !== undefined && limitSeconds > 0) store.update({ limitSeconds });
      until(options.now() + (retryAfterSeconds ?? store.getSnapshot().limitSeconds) * 1000);
    },
    dispose() {
      if (timer !== undefined) options.timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
