// The load side of the fanout benchmark: many raw `ws` clients speaking `actioncable-v1-json` (welcome,
// subscribe, confirm), kept as light as possible so the bench process measures the server and not
// itself: no JSON parsing of broadcasts; each frame is searched (as bytes) for the marker the bench
// puts in the message content (`bench#<n>;`), and only the arrival time and count per message are
// kept. The same clients serve the floor run against scripts/bench/chat/floor-server.ts.
import WebSocket from 'ws';

/** The marker before a message's number in its content. */
export const MARKER = 'bench#';
const MARKER_BYTES = Buffer.from(MARKER);
const SEMICOLON = 0x3b;

/** Arrivals of one marked message over all clients. */
export interface Arrival {
  /** Clients that have it. */
  count: number;
  /** performance.now() of the first and the last arrival. */
  first: number;
  last: number;
}

/** Reads the number after the marker in a frame, or -1. */
function markedNumber(data: Buffer): number {
  const at = data.indexOf(MARKER_BYTES);
  if (at < 0) return -1;
  let n = 0;
  for (let i = at + MARKER_BYTES.length; i < data.length; i++) {
    const c = data[i] as number;
    if (c === SEMICOLON) return n;
    if (c < 0x30 || c > 0x39) return -1;
    n = n * 10 + (c - 0x30);
  }
  return -1;
}

/** A set of subscribed clients and the arrivals of marked messages. */
export class FanoutClients {
  private readonly sockets: WebSocket[] = [];
  private readonly arrivals = new Map<number, Arrival>();
  /** Who waits for a message to reach every client. */
  private readonly waiters = new Map<number, () => void>();
  /** Frames received that carried no marker (pings, confirmations). */
  otherFrames = 0;
  /** The first marked frame received, as text (the floor run sends frames like it). */
  sample: string | null = null;

  /** Number of open clients. */
  get size(): number {
    return this.sockets.length;
  }

  /** The arrivals of message `n` so far. */
  arrival(n: number): Arrival | undefined {
    return this.arrivals.get(n);
  }

  private record(data: Buffer): void {
    const n = markedNumber(data);
    if (n < 0) {
      this.otherFrames += 1;
      return;
    }
    const now = performance.now();
    this.sample ??= data.toString();
    const arrival = this.arrivals.get(n);
    let count = 1;
    if (arrival) {
      arrival.count += 1;
      arrival.last = now;
      count = arrival.count;
    } else {
      this.arrivals.set(n, { count: 1, first: now, last: now });
    }
    if (count >= this.sockets.length) this.waiters.get(n)?.();
  }

  /**
   * Opens one client, waits for the welcome, subscribes with `identifier` (unless null: the floor
   * server has no channels) and waits for the confirmation.
   */
  private openOne(url: string, identifier: string | null): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, ['actioncable-v1-json'], {
        perMessageDeflate: false,
        skipUTF8Validation: true,
      });
      let state: 'welcome' | 'confirm' | 'ready' = 'welcome';
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error(`no ${state} within 30 s`));
      }, 30_000);
      socket.on('error', (error) => {
        clearTimeout(timer);
        if (state !== 'ready') reject(error);
      });
      socket.on('message', (data: Buffer) => {
        if (state === 'ready') {
          this.record(data);
          return;
        }
        const text = data.toString();
        if (state === 'welcome' && text.includes('"welcome"')) {
          if (identifier === null) {
            state = 'ready';
          } else {
            state = 'confirm';
            socket.send(JSON.stringify({ command: 'subscribe', identifier }));
            return;
          }
        } else if (state === 'confirm' && text.includes('"confirm_subscription"')) {
          state = 'ready';
        } else if (text.includes('"reject_subscription"')) {
          clearTimeout(timer);
          reject(new Error('subscription rejected'));
          return;
        } else {
          return;
        }
        clearTimeout(timer);
        resolve(socket);
      });
    });
  }

  /** Opens clients until there are `total`, `concurrency` handshakes at a time. */
  async open(url: string, identifier: string | null, total: number, concurrency = 100): Promise<void> {
    while (this.sockets.length < total) {
      const batch = Math.min(concurrency, total - this.sockets.length);
      const opened = await Promise.all(Array.from({ length: batch }, () => this.openOne(url, identifier)));
      this.sockets.push(...opened);
    }
  }

  /** Waits until message `n` reached every client, or `timeoutMs` passed; answers its arrivals. */
  async waitFor(n: number, timeoutMs: number): Promise<Arrival | undefined> {
    const done = this.arrivals.get(n);
    if (done && done.count >= this.sockets.length) return done;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.set(n, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.waiters.delete(n);
    return this.arrivals.get(n);
  }

  /** Closes every client and waits until they are closed. */
  async close(): Promise<void> {
    await Promise.all(
      this.sockets.splice(0).map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.terminate();
          }),
      ),
    );
    this.arrivals.clear();
  }
}
