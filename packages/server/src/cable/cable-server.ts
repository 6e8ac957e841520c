/**
 * The ActionCable protocol server on `ws` in noServer mode. It speaks `actioncable-v1-json` (Rails:
 * welcome, a ping every 3 s, subscribe → confirm/reject, unsubscribe, message → channel action,
 * broadcasts as `{ identifier, message }`, `disconnect` with `reconnect: true` when the server stops)
 * and, when the client asks for it, AnyCable's extended `actioncable-v1-ext-json`: a session id in the
 * welcome and its recovery on reconnect (`?sid=` or `X-AnyCable-Restore-Sid`: `restored`,
 * `restored_ids`), broadcasts carrying `stream_id`, `epoch` and `offset`, the `history` command (also
 * inside `subscribe`) answered with the missed messages in order then `confirm_history` or
 * `reject_history`, and `pong`/`ping` commands. A client of the extended protocol gets each logged
 * message once and in offset order: live ones wait while history is being sent, and a gap (two
 * processes publishing out of order) is filled from the log.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { Broadcaster, DeliveredMessage, StreamPosition } from './broadcaster.js';
import { type CableSession, CableSessions } from './cable-sessions.js';
import type { CableConnection, Channel, SubscriptionContext } from './channel.js';
import type { HistoryEntry, StreamHistory } from './stream-history.js';

/** Rails' subprotocol, the default. */
export const ACTIONCABLE_PROTOCOL = 'actioncable-v1-json';
/** AnyCable's extended subprotocol (session recovery, stream history). */
export const ACTIONCABLE_EXT_PROTOCOL = 'actioncable-v1-ext-json';
/** Path of the websocket endpoint. */
export const CABLE_PATH = '/cable';
/** How long live messages wait for a restored subscription's `history` command before going out. */
const RESTORED_HISTORY_WAIT_MS = 5000;

/** Options of a {@link CableServer}. */
export interface CableServerOptions {
  /** Where channels listen and the app publishes. */
  broadcaster: Broadcaster;
  /** The channels clients may subscribe to. */
  channels: readonly Channel[];
  /** Finds the signed-in user of a handshake (from its cookie), or null. */
  identify(request: IncomingMessage): Promise<number | null>;
  /** True when the handshake's Origin may connect. */
  isOriginAllowed(origin: string | undefined, request: IncomingMessage): boolean;
  /** Logger. */
  logger: FastifyBaseLogger;
  /** Ping period (default 3000 ms, the protocol's). */
  pingIntervalMs?: number;
  /** The durable stream log behind `history` (without it, history by offset is rejected). */
  history?: StreamHistory;
}

/** A `history` request: a time (unix seconds) and/or the client's position per stream. */
interface HistoryRequest {
  since?: number;
  streams?: Record<string, StreamPosition>;
}

/** A broadcast waiting while a subscription's history is sent. */
type Pending = [stream: string, message: DeliveredMessage, position: StreamPosition | undefined];

interface Subscription {
  identifier: string;
  /** `{"identifier":<identifier as JSON>,"message":` — the start of every broadcast frame to it. */
  framePrefix: string;
  channel: Channel;
  context: SubscriptionContext;
  streams: string[];
  stop: (() => void)[];
  /** Extended protocol: the last position sent per stream (a later duplicate is dropped). */
  positions: Map<string, StreamPosition>;
  /** Extended protocol: broadcasts held back while history is being sent, or null. */
  held: Pending[] | null;
  heldTimer?: NodeJS.Timeout;
}

interface ConnectionState extends CableConnection {
  socket: WebSocket;
  extended: boolean;
  /** Extended protocol: the session id told in the welcome. */
  sid?: string;
  session?: CableSession;
  subscriptions: Map<string, Subscription>;
  /** The last subscribe or unsubscribe of each identifier still being handled (see `inOrder`). */
  commands: Map<string, Promise<void>>;
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function offeredProtocols(request: IncomingMessage): string[] {
  return String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
}

/** The previous session a reconnecting extended client names (AnyCable: header first, then `?sid=`). */
function restoreSid(request: IncomingMessage): string | undefined {
  const header = request.headers['x-anycable-restore-sid'];
  if (typeof header === 'string' && header) return header;
  const query = (request.url ?? '').split('?')[1];
  return new URLSearchParams(query ?? '').get('sid') || undefined;
}

function isPosition(value: unknown): value is StreamPosition {
  const v = value as StreamPosition | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.epoch === 'string' &&
    Number.isSafeInteger(v.offset) &&
    v.offset >= 0
  );
}

function historyRequestOf(value: unknown): HistoryRequest | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as { since?: unknown; streams?: unknown };
  const request: HistoryRequest = {};
  if (typeof raw.since === 'number' && raw.since > 0) request.since = raw.since;
  if (raw.streams && typeof raw.streams === 'object') {
    request.streams = {};
    for (const [stream, position] of Object.entries(raw.streams))
      if (isPosition(position)) request.streams[stream] = position;
  }
  return request.since === undefined && request.streams === undefined ? null : request;
}

/**
 * The JSON of each broadcast message, encoded once for all its Rails-protocol subscribers (a
 * broadcaster hands every listener of a stream the same object): at 10,000 subscribers encoding it per
 * connection was a large share of a broadcast's time (docs/benchmarks.md, Chat).
 */
const encodedMessages = new WeakMap<DeliveredMessage, string>();

function encodedMessage(message: DeliveredMessage): string {
  let json = encodedMessages.get(message);
  if (json === undefined) {
    json = JSON.stringify(message);
    encodedMessages.set(message, json);
  }
  return json;
}

/**
 * A broadcast's whole frame for one subscription identifier, as UTF-8 bytes, built once per message
 * and identifier: every Rails-protocol subscriber of a chat channel sends the same identifier, so at
 * 10,000 subscribers the server hands `ws` one buffer 10,000 times (written without a copy) instead
 * of building, measuring and encoding 10,000 strings that the next garbage collection must sweep.
 */
const encodedFrames = new WeakMap<DeliveredMessage, Map<string, Buffer>>();

function frameBytes(message: DeliveredMessage, framePrefix: string): Buffer {
  let frames = encodedFrames.get(message);
  if (frames === undefined) {
    frames = new Map();
    encodedFrames.set(message, frames);
  }
  let bytes = frames.get(framePrefix);
  if (bytes === undefined) {
    // The same text as JSON.stringify({ identifier, message }), with the message encoded once.
    bytes = Buffer.from(`${framePrefix}${encodedMessage(message)}}`);
    frames.set(framePrefix, bytes);
  }
  return bytes;
}

/** A broadcast's message for an extended client: the log position is in the frame, not the `seq`. */
function extendedMessage(message: DeliveredMessage): Record<string, unknown> {
  const { seq: _seq, ...rest } = message;
  return rest;
}

/** Serves ActionCable connections handed over by the HTTP server's `upgrade` event. */
export class CableServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<ConnectionState>();
  private readonly channels: Map<string, Channel>;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly sessions = new CableSessions();
  private closed = false;

  /**
   * Creates the server; attach it with `server.on('upgrade', (req, socket, head) => cable.handleUpgrade(...))`.
   *
   * @example
   * ```ts
   * const cable = new CableServer({ broadcaster, channels: [UserVersionsChannel], identify, isOriginAllowed, logger });
   * httpServer.on('upgrade', (req, socket, head) => cable.handleUpgrade(req, socket, head));
   * ```
   */
  constructor(private readonly options: CableServerOptions) {
    this.channels = new Map(options.channels.map((c) => [c.name, c]));
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: 64 * 1024,
      // The extended protocol when the client offers it, Rails' otherwise.
      handleProtocols: (protocols) =>
        protocols.has(ACTIONCABLE_EXT_PROTOCOL)
          ? ACTIONCABLE_EXT_PROTOCOL
          : protocols.has(ACTIONCABLE_PROTOCOL)
            ? ACTIONCABLE_PROTOCOL
            : false,
    });
    this.pingTimer = setInterval(() => this.pingAll(), options.pingIntervalMs ?? 3000);
    this.pingTimer.unref();
  }

  /** Number of open connections. */
  get size(): number {
    return this.connections.size;
  }

  /** Takes over an HTTP upgrade request for `/cable`; anything else is refused. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    if (path !== CABLE_PATH || this.closed) {
      reject(socket, 404, 'Not Found');
      return;
    }
    const protocols = offeredProtocols(request);
    if (!protocols.includes(ACTIONCABLE_PROTOCOL) && !protocols.includes(ACTIONCABLE_EXT_PROTOCOL)) {
      reject(socket, 400, 'Bad Request');
      return;
    }
    const origin = request.headers.origin;
    if (!this.options.isOriginAllowed(origin, request)) {
      this.options.logger.warn({ origin }, 'cable: origin refused');
      reject(socket, 403, 'Forbidden');
      return;
    }
    this.options
      .identify(request)
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'cable: cannot identify the connection');
        return null;
      })
      .then((userId) => {
        if (socket.destroyed) return;
        this.wss.handleUpgrade(request, socket, head, (ws) => {
          void this.accept(ws, userId, restoreSid(request));
        });
      });
  }

  /** Sends the disconnect message to every connection, closes them and stops pinging. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pingTimer);
    for (const connection of this.connections) {
      this.send(connection, { type: 'disconnect', reason: 'server_restart', reconnect: true });
      this.drop(connection);
      connection.socket.close(1001, 'server_restart');
    }
    this.sessions.clear();
    const done = new Promise<void>((resolve) => this.wss.close(() => resolve()));
    // Give clients a moment to answer the closing handshake, then cut whoever did not.
    const deadline = Date.now() + 500;
    while (this.wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const client of this.wss.clients) client.terminate();
    await done;
  }

  private async accept(socket: WebSocket, userId: number | null, previousSid?: string): Promise<void> {
    const extended = socket.protocol === ACTIONCABLE_EXT_PROTOCOL;
    const connection: ConnectionState = {
      socket,
      userId,
      extended,
      subscriptions: new Map(),
      commands: new Map(),
    };
    this.connections.add(connection);
    // Frames arriving while a session is restored wait for it, so none overtakes the welcome.
    let ready: Promise<void> = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      if (!isBinary) void ready.then(() => this.receive(connection, data));
    });
    socket.on('close', () => {
      this.drop(connection);
      this.connections.delete(connection);
      if (connection.sid) this.sessions.closed(connection.sid);
    });
    socket.on('error', (error) => this.options.logger.debug({ err: error }, 'cable: socket error'));
    if (!extended) {
      this.send(connection, { type: 'welcome' });
      return;
    }
    const { sid, session } = this.sessions.open(userId);
    connection.sid = sid;
    connection.session = session;
    const previous = previousSid ? this.sessions.take(previousSid, userId) : null;
    if (!previous) {
      this.send(connection, { type: 'welcome', sid });
      return;
    }
    ready = this.restore(connection, previous);
    await ready;
  }

  /** Subscribes again to a previous session's channels (authorised again) and says which came back. */
  private async restore(connection: ConnectionState, previous: CableSession): Promise<void> {
    const restoredIds: string[] = [];
    for (const identifier of previous.identifiers) {
      // Live messages wait for the client's `history` command, which follows the welcome at once.
      if (await this.open(connection, identifier, { holdLive: true })) restoredIds.push(identifier);
    }
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    this.send(connection, {
      type: 'welcome',
      sid: connection.sid,
      restored: true,
      restored_ids: restoredIds,
    });
  }

  private drop(connection: ConnectionState): void {
    for (const subscription of connection.subscriptions.values()) this.stopSubscription(subscription);
    connection.subscriptions.clear();
  }

  private stopSubscription(subscription: Subscription): void {
    for (const stop of subscription.stop) stop();
    clearTimeout(subscription.heldTimer);
    subscription.held = null;
  }

  private send(connection: ConnectionState, payload: Record<string, unknown>): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(payload));
  }

  private pingAll(): void {
    // One encoding for every connection.
    const frame = JSON.stringify({ type: 'ping', message: Math.floor(Date.now() / 1000) });
    for (const connection of this.connections)
      if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(frame);
  }

  private receive(connection: ConnectionState, data: RawData): void {
    let command: { command?: unknown; identifier?: unknown; data?: unknown; history?: unknown };
    try {
      command = JSON.parse(data.toString());
    } catch {
      this.options.logger.debug('cable: unreadable frame ignored');
      return;
    }
    if (connection.extended) {
      // The client's answer to our ping (AnyCable client `pongs: true`): any frame shows it is alive.
      if (command.command === 'pong') return;
      // A client checking the connection itself.
      if (command.command === 'ping') {
        this.send(connection, { type: 'pong' });
        return;
      }
    }
    const identifier = typeof command.identifier === 'string' ? command.identifier : undefined;
    if (!identifier) return;
    switch (command.command) {
      case 'subscribe': {
        const history = connection.extended ? command.history : undefined;
        this.inOrder(connection, identifier, () => this.subscribe(connection, identifier, history));
        break;
      }
      case 'unsubscribe':
        this.inOrder(connection, identifier, () => {
          const subscription = connection.subscriptions.get(identifier);
          if (subscription) this.stopSubscription(subscription);
          connection.subscriptions.delete(identifier);
          connection.session?.identifiers.delete(identifier);
        });
        break;
      case 'message':
        void this.perform(connection, identifier, command.data);
        break;
      case 'history':
        if (connection.extended) void this.history(connection, identifier, command.history);
        break;
      default:
        this.options.logger.debug({ command: command.command }, 'cable: unknown command ignored');
    }
  }

  /**
   * Runs a subscribe or unsubscribe after the previous one of the same identifier has finished.
   * Authorising a subscription is asynchronous, and @rails/actioncable sends `subscribe` again every
   * 500 ms until it is confirmed (and again on each welcome): handled side by side, the repeat found
   * the first one done and was rejected, and the client then forgot a subscription it had just been
   * confirmed. In turn, the repeat finds it subscribed and is ignored, as Rails ignores it.
   */
  private inOrder(connection: ConnectionState, identifier: string, task: () => Promise<void> | void): void {
    const previous = connection.commands.get(identifier) ?? Promise.resolve();
    const next = previous.then(task).catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'cable: command failed');
    });
    connection.commands.set(identifier, next);
    void next.then(() => {
      if (connection.commands.get(identifier) === next) connection.commands.delete(identifier);
    });
  }

  private async subscribe(connection: ConnectionState, identifier: string, history: unknown): Promise<void> {
    if (connection.subscriptions.has(identifier)) return; // already subscribed: ActionCable ignores it too
    const request = historyRequestOf(history);
    const subscription = await this.open(connection, identifier, { holdLive: request !== null });
    if (!subscription) {
      this.send(connection, { identifier, type: 'reject_subscription' });
      return;
    }
    this.send(connection, { identifier, type: 'confirm_subscription' });
    if (request) await this.serveHistory(connection, subscription, request);
  }

  /** Authorises a subscription and listens to its streams; null when the channel rejects it. */
  private async open(
    connection: ConnectionState,
    identifier: string,
    { holdLive }: { holdLive: boolean },
  ): Promise<Subscription | null> {
    let parsed: Record<string, unknown> | undefined;
    try {
      const value: unknown = JSON.parse(identifier);
      if (value && typeof value === 'object' && !Array.isArray(value))
        parsed = value as Record<string, unknown>;
    } catch {
      // falls through to the rejection
    }
    const { channel: name, ...params } = parsed ?? {};
    const channel = typeof name === 'string' ? this.channels.get(name) : undefined;
    const context: SubscriptionContext = { connection, params };
    let streams: string[] | null = null;
    if (channel) {
      try {
        streams = await channel.subscribe(context);
      } catch (error) {
        this.options.logger.error({ err: error, channel: name }, 'cable: subscribe failed');
      }
    }
    if (!channel || streams === null || connection.socket.readyState !== WebSocket.OPEN) return null;
    if (connection.subscriptions.has(identifier)) return null; // never two of one identifier
    const subscription: Subscription = {
      identifier,
      framePrefix: `{"identifier":${JSON.stringify(identifier)},"message":`,
      channel,
      context,
      streams,
      stop: [],
      positions: new Map(),
      held: connection.extended && holdLive ? [] : null,
    };
    if (subscription.held) {
      // A client that never asks for history must not be left without its live messages.
      subscription.heldTimer = setTimeout(
        () => this.release(connection, subscription),
        RESTORED_HISTORY_WAIT_MS,
      );
      subscription.heldTimer.unref();
    }
    subscription.stop = streams.map((stream) =>
      this.options.broadcaster.subscribe(stream, (message, position) =>
        this.broadcast(connection, subscription, stream, message, position),
      ),
    );
    connection.subscriptions.set(identifier, subscription);
    connection.session?.identifiers.add(identifier);
    return subscription;
  }

  private broadcast(
    connection: ConnectionState,
    subscription: Subscription,
    stream: string,
    message: DeliveredMessage,
    position: StreamPosition | undefined,
  ): void {
    if (!connection.extended) {
      if (connection.socket.readyState === WebSocket.OPEN)
        connection.socket.send(frameBytes(message, subscription.framePrefix), { binary: false });
      return;
    }
    if (subscription.held) {
      subscription.held.push([stream, message, position]);
      return;
    }
    const last = position ? subscription.positions.get(stream) : undefined;
    if (position && last && last.epoch === position.epoch && position.offset > last.offset + 1) {
      // An earlier message is still on its way (another process published it later): fill the gap
      // from the log, holding this one and whatever follows until then.
      subscription.held = [[stream, message, position]];
      void this.serveHistory(connection, subscription, { streams: { [stream]: last } }, { silent: true });
      return;
    }
    this.deliver(connection, subscription, stream, extendedMessage(message), position);
  }

  /** Sends one message to an extended client unless it already has it (by offset). */
  private deliver(
    connection: ConnectionState,
    subscription: Subscription,
    stream: string,
    message: Record<string, unknown>,
    position: StreamPosition | undefined,
  ): void {
    if (!position) {
      this.send(connection, { identifier: subscription.identifier, message });
      return;
    }
    const last = subscription.positions.get(stream);
    if (last && last.epoch === position.epoch && position.offset <= last.offset) return;
    subscription.positions.set(stream, position);
    this.send(connection, {
      identifier: subscription.identifier,
      message,
      stream_id: stream,
      epoch: position.epoch,
      offset: position.offset,
    });
  }

  /**
   * Lets held live messages go, in order, skipping those history already sent. With `fillGaps`, a gap
   * left behind them starts a fill from the log (which holds what follows); the fill itself releases
   * without, so a message missing from the log cannot start fills forever.
   */
  private release(connection: ConnectionState, subscription: Subscription, fillGaps = true): void {
    clearTimeout(subscription.heldTimer);
    const held = subscription.held;
    subscription.held = null;
    for (const [stream, message, position] of held ?? []) {
      if (fillGaps) this.broadcast(connection, subscription, stream, message, position);
      else this.deliver(connection, subscription, stream, extendedMessage(message), position);
    }
  }

  private async history(connection: ConnectionState, identifier: string, raw: unknown): Promise<void> {
    const subscription = connection.subscriptions.get(identifier);
    if (!subscription) return;
    const request = historyRequestOf(raw);
    if (!request) {
      // Nothing to catch up with: whatever waited for this request goes out now.
      if (subscription.held) this.release(connection, subscription);
      return;
    }
    if (!subscription.held) subscription.held = [];
    await this.serveHistory(connection, subscription, request);
  }

  /**
   * Sends the logged messages `request` asks for, then `confirm_history` (or `reject_history` when a
   * position cannot be served), then the live messages held meanwhile. `silent` fills a gap without
   * telling the client (it asked for nothing).
   */
  private async serveHistory(
    connection: ConnectionState,
    subscription: Subscription,
    request: HistoryRequest,
    { silent = false }: { silent?: boolean } = {},
  ): Promise<void> {
    const backlog: [string, HistoryEntry[]][] = [];
    let failed = false;
    try {
      for (const stream of subscription.streams) {
        const position = request.streams?.[stream];
        if (position) {
          const entries = (await this.options.history?.since(stream, position)) ?? null;
          if (entries === null) {
            failed = true;
            break;
          }
          backlog.push([stream, entries]);
          // The client holds everything up to its position: nothing at or before it is sent again.
          const last = subscription.positions.get(stream);
          if (!last || last.epoch !== position.epoch || last.offset < position.offset)
            subscription.positions.set(stream, position);
        } else if (request.since !== undefined && this.options.history) {
          const entries = await this.options.history.sinceTime(stream, new Date(request.since * 1000));
          if (entries === null) {
            failed = true;
            break;
          }
          backlog.push([stream, entries]);
        }
      }
    } catch (error) {
      this.options.logger.error({ err: error }, 'cable: history failed');
      failed = true;
    }
    if (connection.subscriptions.get(subscription.identifier) !== subscription) return; // unsubscribed meanwhile
    if (!failed) {
      for (const [stream, entries] of backlog)
        for (const entry of entries)
          this.deliver(connection, subscription, stream, entry.message, entry.position);
    }
    if (!silent) {
      this.send(connection, {
        identifier: subscription.identifier,
        type: failed ? 'reject_history' : 'confirm_history',
      });
    }
    this.release(connection, subscription, !silent);
  }

  private async perform(connection: ConnectionState, identifier: string, raw: unknown): Promise<void> {
    const subscription = connection.subscriptions.get(identifier);
    if (!subscription?.channel.perform || typeof raw !== 'string') return;
    try {
      const data = JSON.parse(raw) as Record<string, unknown>;
      const { action, ...rest } = data;
      if (typeof action !== 'string') return;
      await subscription.channel.perform(subscription.context, action, rest);
    } catch (error) {
      this.options.logger.error({ err: error }, 'cable: perform failed');
    }
  }
}
