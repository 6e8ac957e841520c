// A TCP proxy in the bench process that can play a network drop for the clients behind it: `drop(ms)`
// cuts every open connection at once (both ends destroyed, no close frame, as when a phone changes
// network) and, for `ms`, resets every new connection attempt, then forwards again. The clients must
// notice, reconnect and catch up on their own.
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A proxy from a loopback port to `127.0.0.1:<target>`. */
export class TcpProxy {
  private readonly server: Server;
  private readonly pairs = new Set<[Socket, Socket]>();
  private downUntil = 0;
  /** Connections accepted, and refused while down. */
  accepted = 0;
  refused = 0;

  constructor(private readonly targetPort: number) {
    this.server = createServer((client) => this.accept(client));
  }

  private accept(client: Socket): void {
    if (Date.now() < this.downUntil) {
      this.refused += 1;
      client.resetAndDestroy();
      return;
    }
    this.accepted += 1;
    const upstream = connect(this.targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Starts listening; answers the port. */
  listen(): Promise<number> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  }

  /** Cuts every connection and refuses new ones for `ms`. */
  drop(ms: number): void {
    this.downUntil = Date.now() + ms;
    for (const [client, upstream] of [...this.pairs]) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  /** Stops listening and cuts what is left. */
  close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
