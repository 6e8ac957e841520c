/**
 * Realtime: typed channel subscriptions over the ActionCable protocol (`/cable`,
 * `actioncable-v1-json`) through the official `@rails/actioncable` consumer. The consumer is loaded,
 * made and connected on the first subscription and disconnected after the last one leaves. ActionCable
 * is imported then, not with the page: nothing on screen waits for the socket, so the first render
 * does not carry its 9 KB (a subscription made before it arrives is opened once it has). The channel
 * map types each channel's params and messages; later issues add their channels to it with
 * declaration merging. `@sportspyder/core/testing` ships an in-memory double with the same
 * interface.
 * @module
 */
import type { Consumer, Subscription } from '@rails/actioncable';
import type {
  ArticleCommentsChannelParams,
  ChatChannelParams,
  ChatThreadChannelParams,
  EpisodeCommentsChannelParams,
  GamesChannelParams,
  GamesPush,
  MessagesPush,
  ModerationPush,
} from '@sportspyder/contract';

type ActionCable = typeof import('@rails/actioncable');
let actionCable: Promise<ActionCable> | undefined;
/** ActionCable, imported once for every realtime client of the page. */
const loadActionCable = (): Promise<ActionCable> => {
  actionCable ??= import('@rails/actioncable');
  return actionCable;
};

/** Params of a channel that takes none. */
export type NoParams = Record<string, never>;

/** A message of UserNotificationsChannel: the member's unread count changed. */
export interface UserNotificationsMessage {
  /** Always 'notification'. */
  type: 'notification';
  /** The new unread count. */
  notificationsCount: number;
}

/** A message of UserVersionsChannel: a new version was deployed. */
export interface UserVersionsMessage {
  /** The deployed version. */
  version: string;
}

/** What one channel takes and delivers. */
export interface ChannelSpec<P, M> {
  /** The subscription params. */
  params: P;
  /** The message type the channel delivers. */
  message: M;
}

/**
 * Every channel the client knows: its params and the message it receives. Extend it from another
 * module with declaration merging:
 *
 * @example
 * ```ts
 * declare module '@sportspyder/core' {
 *   interface ChannelMap {
 *     ScoresChannel: ChannelSpec<{ gameId: number }, { home: number; away: number }>;
 *   }
 * }
 * ```
 */
export interface ChannelMap {
  /** The signed-in member's notifications; the server rejects visitors. */
  UserNotificationsChannel: ChannelSpec<NoParams, UserNotificationsMessage>;
  /** Deployments; open to everyone. */
  UserVersionsChannel: ChannelSpec<NoParams, UserVersionsMessage>;
  // The chat channels (spec 3 §7, issue 14) are listed here rather than merged in from the chat module:
  // a `declare module '../realtime.js'` augmentation does not survive the bundled declarations of the
  // published package (the relative module does not exist there).
  /** A chat channel's top-level messages (new, deleted, like and reply counts), by channel id. */
  ChatChannel: ChannelSpec<ChatChannelParams, MessagesPush>;
  /** The replies of one message, by message id. */
  ChatThreadChannel: ChannelSpec<ChatThreadChannelParams, MessagesPush>;
  /** An article's comments, by article id. */
  ArticleCommentsChannel: ChannelSpec<ArticleCommentsChannelParams, MessagesPush>;
  /** An episode's comments, by episode id. */
  EpisodeCommentsChannel: ChannelSpec<EpisodeCommentsChannelParams, MessagesPush>;
  /** A sport's games whose start, state, progress or score changed, by sport slug (issue 45). */
  GamesChannel: ChannelSpec<GamesChannelParams, GamesPush>;
  /** Reports as they arrive and admins' actions on them (issue 48); the server rejects non-admins. */
  AdminModerationChannel: ChannelSpec<NoParams, ModerationPush>;
}

/** A channel name. */
export type ChannelName = keyof ChannelMap;
/** The params a channel takes. */
export type ChannelParams<C extends ChannelName> = ChannelMap[C]['params'];
/** The message a channel delivers. */
export type ChannelMessage<C extends ChannelName> = ChannelMap[C]['message'];

/** Callbacks of one subscription. */
export interface ChannelHandlers<C extends ChannelName> {
  /** A message arrived. */
  received(message: ChannelMessage<C>): void;
  /** The server confirmed the subscription (again after a reconnect: `reconnected` true). */
  connected?(info: { reconnected: boolean }): void;
  /** The connection dropped. */
  disconnected?(info: { willAttemptReconnect: boolean }): void;
  /** The server refused the subscription (e.g. a visitor on a members-only channel). */
  rejected?(): void;
}

/** The realtime client: the real ActionCable one or the test double. */
export interface RealtimeClient {
  /** Subscribes to `channel` with `params`; returns the function that unsubscribes. */
  subscribe<C extends ChannelName>(
    channel: C,
    params: ChannelParams<C>,
    handlers: ChannelHandlers<C>,
  ): () => void;
  /** Opens the connection now (it otherwise opens on the first subscription). */
  connect(): void;
  /** Closes the connection; subscriptions resume on the next connect. */
  disconnect(): void;
}

/** A WebSocket constructor, e.g. the `ws` package's under Node. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => unknown;

/** A function that opens a WebSocket, for callers that wrap socket creation. */
export type WebSocketFactory = (url: string, protocols?: string | string[]) => unknown;

/**
 * Turns a {@link WebSocketFactory} into the constructor `@rails/actioncable` expects (it calls
 * `new` and reads the ready-state constants from the constructor).
 */
export function webSocketConstructorFrom(factory: WebSocketFactory): WebSocketConstructor {
  function FactoryWebSocket(url: string, protocols?: string | string[]) {
    return factory(url, protocols);
  }
  Object.assign(FactoryWebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  return FactoryWebSocket as unknown as WebSocketConstructor;
}

/** First wait before reopening a dropped socket; it doubles (with jitter) up to {@link REOPEN_MAX_MS}. */
export const REOPEN_FIRST_MS = 500;
/** Longest wait between two tries to reopen a dropped socket. */
export const REOPEN_MAX_MS = 30_000;

// The part of @rails/actioncable's connection the reopen loop uses (its types do not declare it).
interface CableConnection {
  isOpen(): boolean;
  isActive(): boolean;
  open(): boolean;
  monitor: { reconnectAttempts: number };
}

/** Options of {@link createRealtime}. */
export interface RealtimeOptions {
  /** Absolute `ws(s)://` URL of the cable, or a function returning it. */
  url: string | (() => string);
  /** The WebSocket implementation (default: the global one). Sets `@rails/actioncable`'s adapter. */
  WebSocket?: WebSocketConstructor | undefined;
  /** Alternative to `WebSocket`: a function that opens the socket. */
  createWebSocket?: WebSocketFactory | undefined;
}

/**
 * The cable URL for an origin: `ws://host/cable` for http, `wss://host/cable` for https.
 *
 * @example
 * ```ts
 * cableUrlFor('https://sportspyder.com/nfl'); // 'wss://sportspyder.com/cable'
 * ```
 */
export function cableUrlFor(pageOrApiUrl: string): string {
  let url: URL;
  try {
    url = new URL('/cable', pageOrApiUrl);
  } catch {
    // about:blank and other origin-less pages: the conventional local address.
    url = new URL('http://localhost/cable');
  }
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Creates the ActionCable-backed realtime client. Nothing connects until the first subscription.
 *
 * @example
 * ```ts
 * const realtime = createRealtime({ url: 'wss://sportspyder.com/cable' });
 * const off = realtime.subscribe('UserVersionsChannel', {}, { received: () => location.reload() });
 * ```
 */
export function createRealtime(options: RealtimeOptions): RealtimeClient {
  let consumer: Consumer | undefined;
  let active = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenAttempts = 0;
  // Whether a subscription was ever confirmed: only then is a reopen a reconnection.
  let confirmedOnce = false;

  // @rails/actioncable reopens a closed socket only once its monitor finds the connection stale (6 s
  // without a ping, checked every 6 to 12 s), so a server restart kept readers waiting about 10 s.
  // The design's rule is a jittered exponential backoff from about 0.5 s up to 30 s: this loop tries
  // again on that schedule until the socket is open, and stops once it is, or when nobody listens.
  function scheduleReopen() {
    if (reopenTimer !== undefined) return;
    const base = Math.min(REOPEN_MAX_MS, REOPEN_FIRST_MS * 2 ** reopenAttempts++);
    reopenTimer = setTimeout(reopenNow, base / 2 + (Math.random() * base) / 2);
  }

  function reopenNow() {
    reopenTimer = undefined;
    const connection = cableConnection();
    if (!connection || active === 0 || connection.isOpen()) {
      reopenAttempts = 0;
      return;
    }
    if (!connection.isActive()) {
      // Counted as the monitor counts its own tries: the welcome of a socket opened after a try
      // confirms every subscription with `reconnected: true`, which pages act on (catch up, read the
      // session and the version again). An uncounted reopen would confirm with `reconnected: false`,
      // which is right only while nothing was ever confirmed (the first socket never opened).
      if (confirmedOnce) connection.monitor.reconnectAttempts++;
      connection.open();
    }
    scheduleReopen();
  }

  // ActionCable's consumer holds its connection on a field its types do not declare.
  function cableConnection(): CableConnection | undefined {
    return (consumer as unknown as { connection?: CableConnection } | undefined)?.connection;
  }

  function stopReopening() {
    if (reopenTimer !== undefined) clearTimeout(reopenTimer);
    reopenTimer = undefined;
    reopenAttempts = 0;
  }

  function ensureConsumer(cable: ActionCable): Consumer {
    const implementation =
      options.WebSocket ?? (options.createWebSocket && webSocketConstructorFrom(options.createWebSocket));
    // The adapter is global to @rails/actioncable: set it only when the caller chose one.
    if (implementation) cable.adapters.WebSocket = implementation as unknown as typeof WebSocket;
    consumer ??= cable.createConsumer(typeof options.url === 'function' ? options.url() : options.url);
    return consumer;
  }

  return {
    subscribe(channel, params, handlers) {
      active++;
      let done = false;
      let confirmedBefore = false;
      let subscription: Subscription | undefined;
      void loadActionCable().then((cable) => {
        // Unsubscribed while ActionCable was loading: nothing to open.
        if (done) return;
        subscription = ensureConsumer(cable).subscriptions.create(
          { ...params, channel },
          {
            received: (data: unknown) => handlers.received(data as ChannelMessage<typeof channel>),
            connected: (info?: { reconnected: boolean }) => {
              stopReopening();
              confirmedOnce = true;
              // @rails/actioncable tells only the first subscription confirmed after a reopen that it
              // reconnected (it clears its flag there); a subscription confirmed a second time has
              // reconnected whatever the flag says, and must catch up like the first.
              const reconnected = confirmedBefore || Boolean(info?.reconnected);
              confirmedBefore = true;
              handlers.connected?.({ reconnected });
            },
            disconnected: (info?: { willAttemptReconnect?: boolean }) => {
              // Not after our own disconnect or the server's "do not reconnect".
              if (info?.willAttemptReconnect) scheduleReopen();
              handlers.disconnected?.({ willAttemptReconnect: Boolean(info?.willAttemptReconnect) });
            },
            rejected: () => handlers.rejected?.(),
          },
        );
        // A socket that fails before it opens (a server restarting as the page loads, a proxy
        // answering 502) tells no subscription `disconnected`: @rails/actioncable marks a connection
        // disconnected only once it has opened, and left alone tries again after its 6-12 s stale
        // check. The same backoff covers it; it stops as soon as the socket is open.
        const connection = cableConnection();
        if (connection && !connection.isOpen()) scheduleReopen();
      });
      return () => {
        if (done) return;
        done = true;
        subscription?.unsubscribe();
        active--;
        // Nobody listens any more: free the socket (the next subscription reopens it).
        if (active === 0) {
          stopReopening();
          consumer?.disconnect();
        }
      };
    },
    connect() {
      void loadActionCable().then((cable) => ensureConsumer(cable).connect());
    },
    disconnect() {
      stopReopening();
      consumer?.disconnect();
    },
  };
}
