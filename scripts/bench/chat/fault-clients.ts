// The two clients of the chat benchmark's fault run, both real and unchanged, each recording which
// message ids it holds, in what order and when:
// - RailsChatClient: the site's core realtime client (`createRealtime` of @sportspyder/core on
//   `@rails/actioncable`, protocol `actioncable-v1-json`, with the Node shims of @sportspyder/core's
//   testing entry), plus the documented client rule: after every reconnect, a REST catch-up
//   (`GET api/v1/channels/:id/messages?after=<last id seen>`, oldest first, page after page) while live
//   messages wait; a message is applied only when its id is above the last applied one.
// - AnyCableChatClient: AnyCable's own `@anycable/core` with `actioncable-v1-ext-json` and its default
//   options (reconnect backoff, session recovery, history by stream offset); every message it hands
//   over is recorded as is, so a duplicate or a gap the protocol let through would show.
import { type Cable, createCable } from '@anycable/core';
import WebSocket from 'ws';
import { createRealtime, type RealtimeClient } from '../../../packages/core/src/realtime.js';

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
  /** Rails client only: messages dropped because their id was not above the last applied one. */
  skipped: number;
  /** Rails client only: messages fetched by REST catch-ups. */
  caughtUp: number;
}

/** A chat broadcast: the messages it carries (ChatChannel). */
interface ChatBroadcast {
  messages?: { id: number }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The core realtime client with the REST catch-up rule. */
export class RailsChatClient {
  readonly record: ClientRecord;
  private readonly realtime: RealtimeClient;
  private last = 0;
  /** Live messages held while a catch-up runs, or null. */
  private held: number[] | null = null;
  private subscribed = false;
  private readonly ready: Promise<void>;

  constructor(
    name: string,
    cableUrl: string,
    private readonly apiUrl: string,
    private readonly channelId: number,
  ) {
    this.record = {
      name,
      protocol: 'actioncable-v1-json',
      ids: [],
      at: new Map(),
      reconnects: 0,
      reconnectedAt: [],
      skipped: 0,
      caughtUp: 0,
    };
    this.realtime = createRealtime({
      url: cableUrl,
      WebSocket: WebSocket as never,
    });
    this.ready = new Promise((resolve) => {
      // ChatChannel is not in core's typed channel map yet: the call is the same for any channel.
      this.realtime.subscribe(
        'ChatChannel' as never,
        { channelId } as never,
        {
          received: (data: unknown) => {
            for (const message of (data as ChatBroadcast).messages ?? []) this.take(message.id);
          },
          connected: ({ reconnected }: { reconnected: boolean }) => {
            if (reconnected) {
              this.record.reconnects += 1;
              this.record.reconnectedAt.push(performance.now());
              void this.catchUp();
            }
            if (!this.subscribed) {
              this.subscribed = true;
              resolve();
            }
          },
        } as never,
      );
    });
  }

  /** Resolves once the first subscription is confirmed. */
  subscribedOnce(): Promise<void> {
    return this.ready;
  }

  private take(id: number): void {
    if (this.held) {
      this.held.push(id);
      return;
    }
    this.apply(id);
  }

  private apply(id: number): void {
    if (id <= this.last) {
      this.record.skipped += 1;
      return;
    }
    this.last = id;
    this.record.ids.push(id);
    this.record.at.set(id, performance.now());
  }

  /** REST catch-up from the last id seen; live messages wait meanwhile and follow it. */
  private async catchUp(): Promise<void> {
    if (this.held) return; // one at a time; the running one reads up to now
    this.held = [];
    try {
      for (;;) {
        let page: { id: number }[];
        try {
          const response = await fetch(
            `${this.apiUrl}/api/v1/channels/${this.channelId}/messages?after=${this.last}&perPage=100`,
          );
          if (!response.ok) throw new Error(`catch-up answered ${response.status}`);
          page = ((await response.json()) as { messages: { id: number }[] }).messages;
        } catch {
          await sleep(250); // the server is not answering yet: try again
          continue;
        }
        for (const message of page) this.apply(message.id);
        this.record.caughtUp += page.length;
        if (page.length < 100) break;
      }
    } finally {
      const held = this.held ?? [];
      this.held = null;
      for (const id of held) this.apply(id);
    }
  }

  /** Closes the connection. */
  close(): void {
    this.realtime.disconnect();
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
      skipped: 0,
      caughtUp: 0,
    };
    this.cable = createCable(cableUrl, {
      protocol: 'actioncable-v1-ext-json',
      websocketImplementation: WebSocket,
      logLevel: 'error',
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
