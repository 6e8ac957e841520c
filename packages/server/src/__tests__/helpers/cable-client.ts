/**
 * A raw ActionCable test client on `ws`: records frames and waits for the one a test expects.
 * @module
 */
import WebSocket from 'ws';

/** A received frame. */
export type Frame = Record<string, unknown>;

/** A websocket that queues the frames it receives. */
export class CableTestClient {
  /** Every frame received, in order. */
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];

  private constructor(
    /** The socket. */
    readonly socket: WebSocket,
  ) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(frame)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(frame);
        }
      }
    });
  }

  /** Connects; rejects with the HTTP status when the handshake is refused. */
  static connect(
    url: string,
    options: { origin?: string; cookie?: string; protocols?: string[] } = {},
  ): Promise<CableTestClient> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    const socket = new WebSocket(
      url,
      options.protocols ?? ['actioncable-v1-json', 'actioncable-unsupported'],
      {
        headers,
        ...(options.origin ? { origin: options.origin } : {}),
      },
    );
    const client = new CableTestClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** Waits for the first frame (already received or coming) matching `match`. */
  next(match: (frame: Frame) => boolean, timeoutMs = 4000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /** Sends a command. */
  send(command: Frame): void {
    this.socket.send(JSON.stringify(command));
  }

  /** Subscribes to a channel and answers the confirm or reject frame. */
  async subscribe(
    channel: string,
    params: Record<string, unknown> = {},
  ): Promise<{ identifier: string; type: string }> {
    const identifier = JSON.stringify({ channel, ...params });
    this.send({ command: 'subscribe', identifier });
    const frame = await this.next(
      (f) =>
        f.identifier === identifier &&
        (f.type === 'confirm_subscription' || f.type === 'reject_subscription'),
    );
    return { identifier, type: String(frame.type) };
  }

  /** Closes the socket. */
  close(): void {
    this.socket.close();
  }
}
