// The two clients of the chat benchmark's fault run, both real and unchanged, each recording which
// message ids it holds, in what order and when:
// - CoreChatClient: the site's chat store of @sportspyder/core (`chatFor(client).channelMessages`, on
//   core's realtime client over `@rails/actioncable`, protocol `actioncable-v1-json`, with the Node shims
//   of core's testing entry), which after every reconnection catches up over REST
//   (`GET api/v1/channels/:id/messages?after=<last id seen>`) and merges by id in order.
// - AnyCableChatClient: AnyCable's own `@anycable/core` with `actioncable-v1-ext-json` and its default
//   options (session recovery, history by stream offset) but for its documented `reconnectStrategy`,
//   set to start at 0.5 s as core's own client does, doubling, tries at most 4 s apart (the
//   default starts at the 3 s ping interval and grows to 24 s and more, so a client whose two first
//   tries fall in a 6 s outage waits 12 s or more). Every message it hands over is recorded as is,
//   so a duplicate or a gap the protocol let through would show.
import { backoffWithJitter, type Cable, createCable } from '@anycable/core';
import WebSocket from 'ws';
import { chatFor } from '../../../packages/core/src/chat/chat.js';
import { createClient, type SportSpyderClient } from '../../../packages/core/src/client.js';
import { memoryStorage } from '../../../packages/core/src/storage.js';

/** What a client holds: ids in the order it took them, and when. */
export interface ClientRecord {
  /** Which client: `rails-3`, `anycable-0`. */
  name: string;
  protocol: 'actioncable-v1-json' | 'actioncable-v1-ext-json';
  /** Message ids in the order the client took them. */
  ids: number[];
  /** performance.now() at which each id was taken. */
  at: Map<number, number>;
  /** Reconnects seen (connections after the first). */
  reconnects: number;
  /** performance.now() of each reconnect (the subscription confirmed again). */
  reconnectedAt: number[];
  /** Core client: catch-up requests (`?after=`) that failed or did not answer 200, by cause. */
  failedCatchUps: string[];
}

/** A chat broadcast: the messages it carries (ChatChannel). */
interface ChatBroadcast {
  messages?: { id: number }[];
}

/**
 * The site's chat client: core's channel store (`chatFor(client).channelMessages(id)`) on a core client
 * in Node. Its list is what a reader sees; an id is recorded when it first appears in it, and `ids` is
 * the list itself (so a duplicate or a wrong order in it would show).
 */
export class CoreChatClient {
  readonly record: ClientRecord;
  private readonly client: SportSpyderClient;
  private readonly stop: () => void;
  private readonly ready: Promise<void>;

  constructor(name: string, cableUrl: string, apiUrl: string, channelId: number) {
    this.record = {
      name,
      protocol: 'actioncable-v1-json',
      ids: [],
      at: new Map(),
      reconnects: 0,
      reconnectedAt: [],
      failedCatchUps: [],
    };
    const record = this.record;
    // The store's requests, watched: a catch-up that fails is not retried by the store.
    const watched: typeof fetch = async (input, init) => {
      const catchUp = String(input instanceof Request ? input.url : input).includes('after=');
      try {
        const response = await fetch(input, init);
        if (catchUp && response.status !== 200) record.failedCatchUps.push(`HTTP ${response.status}`);
        return response;
      } catch (error) {
        if (catchUp) record.failedCatchUps.push((error as Error).message);
        throw error;
      }
    };
    this.client = createClient({
      baseUrl: apiUrl,
      fetch: watched,
      cableUrl,
      WebSocket: WebSocket as never,
      storage: memoryStorage(),
      location: () => `${apiUrl}/`,
      cookies: () => '',
      reload: () => {},
      viewportWidth: () => 1280,
      documentHidden: () => false,
      hasUnsentInput: () => false,
    });
    const store = chatFor(this.client).channelMessages(channelId);
    let connection = 'connecting';
    let resolveReady: () => void = () => {};
    this.ready = new Promise((resolve) => {
      resolveReady = resolve;
    });
    this.stop = store.subscribe(() => {
      const snapshot = store.getSnapshot();
      const now = performance.now();
      if (snapshot.connection === 'live' && connection === 'offline') {
        this.record.reconnects += 1;
        this.record.reconnectedAt.push(now);
      }
      connection = snapshot.connection;
      if (connection === 'live' && snapshot.status === 'success') resolveReady();
      this.record.ids = snapshot.items.map((item) => item.message.id);
      for (const id of this.record.ids) if (!this.record.at.has(id)) this.record.at.set(id, now);
    });
  }

  /** Resolves once the first page is loaded and the subscription is confirmed. */
  subscribedOnce(): Promise<void> {
    return this.ready;
  }

  /** Closes the connection. */
  close(): void {
    this.stop();
    this.client.realtime.disconnect();
  }
}

/** AnyCable's client on the extended protocol. */
export class AnyCableChatClient {
  readonly record: ClientRecord;
  private readonly cable: Cable;
  private readonly ready: Promise<void>;

  constructor(name: string, cableUrl: string, channelId: number) {
    this.record = {
      name,
      protocol: 'actioncable-v1-ext-json',
      ids: [],
      at: new Map(),
      reconnects: 0,
      reconnectedAt: [],
      failedCatchUps: [],
    };
    this.cable = createCable(cableUrl, {
      protocol: 'actioncable-v1-ext-json',
      websocketImplementation: WebSocket,
      logLevel: 'error',
      reconnectStrategy: backoffWithJitter(0.5, { maxInterval: 4 }),
    });
    this.cable.on('connect', (event) => {
      if (!event.reconnect) return;
      this.record.reconnects += 1;
      this.record.reconnectedAt.push(performance.now());
    });
    const channel = this.cable.subscribeTo('ChatChannel', { channelId });
    channel.on('message', (data) => {
      for (const message of (data as ChatBroadcast).messages ?? []) {
        this.record.ids.push(message.id);
        if (!this.record.at.has(message.id)) this.record.at.set(message.id, performance.now());
      }
    });
    this.ready = channel.ensureSubscribed();
  }

  /** Resolves once the first subscription is confirmed. */
  subscribedOnce(): Promise<void> {
    return this.ready;
  }

  /** Closes the connection. */
  close(): void {
    this.cable.disconnect();
  }
}
