/**
 * The ActionCable protocol server (`actioncable-v1-json`) on `ws` in noServer mode: welcome, a ping every
 * 3 s, subscribe → confirm/reject, unsubscribe, message → channel action, broadcasts as
 * `{ identifier, message }`, and `disconnect` with `reconnect: true` when the server stops.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { Broadcaster } from './broadcaster.js';
import type { CableConnection, Channel, SubscriptionContext } from './channel.js';

/** The only subprotocol spoken. */
export const ACTIONCABLE_PROTOCOL = 'actioncable-v1-json';
/** Path of the websocket endpoint. */
export const CABLE_PATH = '/cable';

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
}

interface Subscription {
  channel: Channel;
  context: SubscriptionContext;
  stop: (() => void)[];
}

interface ConnectionState extends CableConnection {
  socket: WebSocket;
  subscriptions: Map<string, Subscription>;
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** Serves ActionCable connections handed over by the HTTP server's `upgrade` event. */
export class CableServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<ConnectionState>();
  private readonly channels: Map<string, Channel>;
  private readonly pingTimer: NodeJS.Timeout;
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
      handleProtocols: (protocols) => (protocols.has(ACTIONCABLE_PROTOCOL) ? ACTIONCABLE_PROTOCOL : false),
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
    const protocols = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    if (!protocols.includes(ACTIONCABLE_PROTOCOL)) {
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
        this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, userId));
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
    const done = new Promise<void>((resolve) => this.wss.close(() => resolve()));
    // Give clients a moment to answer the closing handshake, then cut whoever did not.
    const deadline = Date.now() + 500;
    while (this.wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const client of this.wss.clients) client.terminate();
    await done;
  }

  private accept(socket: WebSocket, userId: number | null): void {
    const connection: ConnectionState = { socket, userId, subscriptions: new Map() };
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => {
      if (!isBinary) this.receive(connection, data);
    });
    socket.on('close', () => {
      this.drop(connection);
      this.connections.delete(connection);
    });
    socket.on('error', (error) => this.options.logger.debug({ err: error }, 'cable: socket error'));
    this.send(connection, { type: 'welcome' });
  }

  private drop(connection: ConnectionState): void {
    for (const subscription of connection.subscriptions.values())
      for (const stop of subscription.stop) stop();
    connection.subscriptions.clear();
  }

  private send(connection: ConnectionState, payload: Record<string, unknown>): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(payload));
  }

  private pingAll(): void {
    const message = Math.floor(Date.now() / 1000);
    for (const connection of this.connections) this.send(connection, { type: 'ping', message });
  }

  private receive(connection: ConnectionState, data: RawData): void {
    let command: { command?: unknown; identifier?: unknown; data?: unknown };
    try {
      command = JSON.parse(data.toString());
    } catch {
      this.options.logger.debug('cable: unreadable frame ignored');
      return;
    }
    const identifier = typeof command.identifier === 'string' ? command.identifier : undefined;
    if (!identifier) return;
    switch (command.command) {
      case 'subscribe':
        void this.subscribe(connection, identifier);
        break;
      case 'unsubscribe': {
        const subscription = connection.subscriptions.get(identifier);
        if (subscription) for (const stop of subscription.stop) stop();
        connection.subscriptions.delete(identifier);
        break;
      }
      case 'message':
        void this.perform(connection, identifier, command.data);
        break;
      default:
        this.options.logger.debug({ command: command.command }, 'cable: unknown command ignored');
    }
  }

  private async subscribe(connection: ConnectionState, identifier: string): Promise<void> {
    if (connection.subscriptions.has(identifier)) return; // already subscribed: ActionCable ignores it too
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
    if (!channel || streams === null || connection.socket.readyState !== WebSocket.OPEN) {
      this.send(connection, { identifier, type: 'reject_subscription' });
      return;
    }
    const stop = streams.map((stream) =>
      this.options.broadcaster.subscribe(stream, (message) => this.send(connection, { identifier, message })),
    );
    connection.subscriptions.set(identifier, { channel, context, stop });
    this.send(connection, { identifier, type: 'confirm_subscription' });
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
