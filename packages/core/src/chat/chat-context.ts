/**
 * What the lists of one chat share (internal): the client's transport, cable, timers and clock,
 * the reader's id, the like registry, and the register of lists on screen, through which a message
 * the reader sent, deleted or liked reaches every list showing it at once.
 * @module
 */
import type { Message } from '@sportspyder/contract';
import type { Timers } from '../environment.js';
import type { RealtimeClient } from '../realtime.js';
import type { Transport } from '../transport.js';
import type { LikeRegistry } from './like-registry.js';

/** A list on screen, as the chat reaches it. */
export interface FeedHandle {
  /** True when it shows `id`. */
  has(id: number): boolean;
  /** True when a new message of the reader belongs in it. */
  accepts(message: Message): boolean;
  /** Takes a message the reader sent or changed. */
  receive(message: Message): void;
  /** Changes a message in place. */
  patch(id: number, change: (message: Message) => Message): void;
}

/** The shared parts. */
export interface ChatContext {
  /** The transport. */
  readonly api: Transport;
  /** The cable. */
  readonly realtime: RealtimeClient;
  /** Timers (highlights, banners, the cooldown). */
  readonly timers: Timers;
  /** The clock. */
  readonly now: () => number;
  /** Liked ids. */
  readonly likes: LikeRegistry;
  /** The signed-in member's id, or null. */
  currentUserId(): number | null;
  /** Adds a list on screen; returns the function that removes it. */
  register(feed: FeedHandle): () => void;
  /** Every list on screen. */
  feeds(): readonly FeedHandle[];
}

/** Hands a message the reader sent or changed to every list that shows it or should. */
export function deliverEverywhere(ctx: ChatContext, message: Message): void {
  for (const feed of ctx.feeds()) {
    if (feed.has(message.id) || feed.accepts(message)) feed.receive(message);
  }
}
