/**
 * An in-memory realtime client with the same interface as the ActionCable one, for tests: the
 * test pushes messages to a channel, confirms or rejects subscriptions, and inspects what is
 * subscribed. Pass it as `createClient({ realtime: fakeCable })`.
 * @module
 */
import type {
  ChannelHandlers,
  ChannelMessage,
  ChannelName,
  ChannelParams,
  RealtimeClient,
} from '../realtime.js';

/** One live subscription on the fake cable. */
export interface FakeSubscription {
  /** The channel name. */
  readonly channel: ChannelName;
  /** The params it subscribed with. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** The fake cable: a {@link RealtimeClient} plus controls for the test. */
export interface FakeCable extends RealtimeClient {
  /** Delivers `message` to every subscription of `channel` (only those with equal params, when given). */
  push<C extends ChannelName>(channel: C, message: ChannelMessage<C>, params?: ChannelParams<C>): number;
  /** Rejects every subscription of `channel` (as the server does for a visitor on a members channel). */
  reject(channel: ChannelName): void;
  /** The live subscriptions. */
  subscriptions(): readonly FakeSubscription[];
  /** True when `channel` has a live subscription. */
  isSubscribed(channel: ChannelName): boolean;
  /** Simulates a dropped socket that came back: every live subscription is confirmed again. */
  reconnect(): void;
  /** True between connect (or the first subscription) and disconnect. */
  readonly connected: boolean;
}

interface Live {
  channel: ChannelName;
  params: Record<string, unknown>;
  handlers: ChannelHandlers<ChannelName>;
}

/** Options of {@link createFakeCable}. */
export interface FakeCableOptions {
  /** Confirm new subscriptions (call `connected`) on the next microtask (default true). */
  autoConfirm?: boolean;
}

/**
 * Creates a fake cable.
 *
 * @example
 * ```ts
 * const cable = createFakeCable();
 * const client = createClient({ realtime: cable, storage: memoryStorage() });
 * await client.start();
 * cable.push('UserVersionsChannel', { version: '2' }); // client reloads
 * ```
 */
export function createFakeCable(options: FakeCableOptions = {}): FakeCable {
  const live = new Set<Live>();
  let connected = false;

  const sameParams = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

  return {
    get connected() {
      return connected;
    },
    subscribe(channel, params, handlers) {
      connected = true;
      const entry: Live = {
        channel,
        params: { ...(params as Record<string, unknown>) },
        handlers: handlers as unknown as ChannelHandlers<ChannelName>,
      };
      live.add(entry);
      if (options.autoConfirm !== false) {
        queueMicrotask(() => {
          if (live.has(entry)) entry.handlers.connected?.({ reconnected: false });
        });
      }
      return () => {
        live.delete(entry);
        if (live.size === 0) connected = false;
      };
    },
    connect() {
      connected = true;
    },
    disconnect() {
      connected = false;
    },
    push(channel, message, params) {
      let delivered = 0;
      for (const entry of [...live]) {
        if (entry.channel !== channel) continue;
        if (params && !sameParams(entry.params, params as Record<string, unknown>)) continue;
        entry.handlers.received(message as never);
        delivered++;
      }
      return delivered;
    },
    reconnect() {
      connected = true;
      for (const entry of [...live]) entry.handlers.connected?.({ reconnected: true });
    },
    reject(channel) {
      for (const entry of [...live]) {
        if (entry.channel !== channel) continue;
        live.delete(entry);
        entry.handlers.rejected?.();
      }
    },
    subscriptions: () => [...live].map(({ channel, params }) => Object.freeze({ channel, params })),
    isSubscribed: (channel) => [...live].some((entry) => entry.channel === channel),
  };
}
