/**
 * The {@link Broadcaster} of several server processes: Redis pub/sub (ioredis), as Rails' Redis cable
 * adapter does. Every process publishes through Redis and hears every stream its sockets listen to.
 * The per-stream `seq` comes from one Redis counter, incremented and published in one Lua script, so
 * every process sees the same numbers in the same order. Selected by REDIS_URL (see `createBroadcaster`).
 * @module
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { Broadcaster, DeliveredMessage, StreamListener, StreamPosition } from './broadcaster.js';

/** Options of a {@link RedisBroadcaster}. */
export interface RedisBroadcasterOptions {
  /** `redis://[user:password@]host:port[/db]`. */
  url: string;
  /**
   * Prefix of the pub/sub channels and counter keys (default `sportspyder:cable:`); processes of one
   * deployment share it, tests pick their own so runs on one Redis never hear each other.
   */
  prefix?: string;
  /** Where connection problems are reported (default: nowhere). */
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** What travels through Redis: the message and its log position (the seq is in front of it). */
interface Envelope {
  m: Record<string, unknown>;
  p?: StreamPosition;
}

// INCR and PUBLISH in one script: two processes publishing to one stream at the same moment cannot
// send seq 6 before seq 5. The payload is `<seq>|<envelope JSON>`.
const PUBLISH_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], seq .. '|' .. ARGV[2])
return seq`;

type ScriptedRedis = Redis & {
  cablePublish(counterKey: string, channel: string, payload: string): Promise<number>;
};

/** A {@link Broadcaster} over Redis pub/sub, for several server processes. */
export class RedisBroadcaster implements Broadcaster {
  private readonly publisher: ScriptedRedis;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly listeners = new Map<string, Set<StreamListener>>();
  private closed = false;
  /** Receives errors thrown by listeners (one bad socket must not stop the others). */
  onListenerError: (error: unknown) => void = () => {};

  /**
   * Opens the two connections (a subscribed Redis connection can do nothing else).
   *
   * @example
   * ```ts
   * const broadcaster = new RedisBroadcaster({ url: 'redis://127.0.0.1:6379' });
   * broadcaster.subscribe('user_versions', (message) => console.log(message.version, message.seq));
   * await broadcaster.publish('user_versions', { version: 'v2' });
   * ```
   */
  constructor(options: RedisBroadcasterOptions) {
    this.prefix = options.prefix ?? 'sportspyder:cable:';
    const logger = options.logger;
    const redisOptions: RedisOptions = {
      // A publish while Redis is away waits for the reconnection a few times, then fails (the caller
      // answers an error) rather than hanging a request forever.
      maxRetriesPerRequest: 3,
      // Reconnect forever with a backoff capped at 2 s: Redis restarting must not need a server restart.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      // ioredis subscribes again to every channel after a reconnection (its default, said here on purpose).
      autoResubscribe: true,
    };
    // Named connections show who is who in `CLIENT LIST`.
    this.publisher = new Redis(options.url, {
      ...redisOptions,
      connectionName: `${this.prefix}publisher`,
    }) as ScriptedRedis;
    this.publisher.defineCommand('cablePublish', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
    this.subscriber = new Redis(options.url, { ...redisOptions, connectionName: `${this.prefix}subscriber` });
    // An 'error' event without a handler would end the process; a lost connection is logged instead
    // and ioredis reconnects.
    for (const [role, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      connection.on('error', (error: Error) => {
        if (!this.closed) logger?.warn({ err: error, role }, 'redis broadcaster: connection error');
      });
    }
    this.subscriber.on('message', (channel: string, payload: string) => this.deliver(channel, payload));
  }

  /** {@inheritDoc Broadcaster.publish} */
  async publish(stream: string, message: Record<string, unknown>, position?: StreamPosition): Promise<void> {
    const envelope: Envelope = position ? { m: message, p: position } : { m: message };
    await this.publisher.cablePublish(
      `${this.prefix}seq:${stream}`,
      this.channelOf(stream),
      JSON.stringify(envelope),
    );
  }

  /** {@inheritDoc Broadcaster.subscribe} */
  subscribe(stream: string, listener: StreamListener): () => void {
    let set = this.listeners.get(stream);
    if (!set) {
      set = new Set();
      this.listeners.set(stream, set);
      // Failures are retried by ioredis on reconnection (autoResubscribe); nothing to await here.
      this.subscriber.subscribe(this.channelOf(stream)).catch(() => {});
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(stream) === set) {
        this.listeners.delete(stream);
        if (!this.closed) this.subscriber.unsubscribe(this.channelOf(stream)).catch(() => {});
      }
    };
  }

  /**
   * Resolves once both connections are ready (tests, and a start that wants to fail early).
   * Rejects when Redis cannot be reached within `timeoutMs`.
   */
  async ready(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await Promise.all(
      [this.publisher, this.subscriber].map(async (connection) => {
        while (connection.status !== 'ready') {
          if (Date.now() > deadline) throw new Error(`Redis not ready (${connection.status})`);
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
  }

  /** Number of listeners of a stream (tests, metrics). */
  listenerCount(stream: string): number {
    return this.listeners.get(stream)?.size ?? 0;
  }

  /** {@inheritDoc Broadcaster.close} */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map((connection) =>
        // QUIT lets pending commands finish; a connection that is down is simply dropped.
        connection.status === 'ready'
          ? connection.quit().then(
              () => {},
              () => connection.disconnect(),
            )
          : connection.disconnect(),
      ),
    );
  }

  private channelOf(stream: string): string {
    return `${this.prefix}stream:${stream}`;
  }

  private deliver(channel: string, payload: string): void {
    const name = channel.startsWith(`${this.prefix}stream:`)
      ? channel.slice(this.prefix.length + 'stream:'.length)
      : undefined;
    const set = name === undefined ? undefined : this.listeners.get(name);
    if (!set) return;
    const bar = payload.indexOf('|');
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload.slice(bar + 1)) as Envelope;
    } catch {
      return; // not ours: someone else published on our channel name
    }
    const delivered: DeliveredMessage = { ...envelope.m, seq: Number(payload.slice(0, bar)) };
    for (const listener of [...set]) {
      try {
        listener(delivered, envelope.p);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
