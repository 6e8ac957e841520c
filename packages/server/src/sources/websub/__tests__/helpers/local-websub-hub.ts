/**
 * A local WebSub hub for tests and the benchmark: a real HTTP server on a loopback address that takes
 * subscription requests (form-encoded `hub.mode`, `hub.topic`, `hub.callback`, `hub.secret`,
 * `hub.lease_seconds`), answers 202 and then verifies the intent with a GET on the callback, as a hub
 * does (W3C WebSub §5), and publishes: POSTs a topic's content to its verified subscribers with a correct,
 * a wrong or no `X-Hub-Signature`.
 * @module
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subscription request the hub received. */
export interface HubRequestRecord {
  mode: string;
  topic: string;
  callback: string;
  secret: string | null;
  leaseSeconds: number | null;
  at: Date;
}

/** One verification of intent the hub made. */
export interface VerificationRecord {
  mode: string;
  topic: string;
  callback: string;
  status: number;
  /** True when the subscriber echoed the challenge. */
  confirmed: boolean;
}

/** A verified subscription. */
export interface HubSubscriber {
  topic: string;
  callback: string;
  secret: string | null;
  leaseSeconds: number;
}

/** How a published push is signed. */
export type PushSignature = 'valid' | 'wrong' | 'none';

/** Options of {@link LocalWebSubHub.start}. */
export interface LocalWebSubHubOptions {
  /** The loopback address listened on (default 127.0.0.1). */
  host?: string;
  /** The lease the hub grants (default: the one asked for, else 10 days). */
  grantLeaseSeconds?: number;
  /** The HMAC algorithm of signed pushes (default sha256). */
  algorithm?: 'sha1' | 'sha256' | 'sha384' | 'sha512';
}

/** A running local hub. */
export class LocalWebSubHub {
  /** Every subscription request received, oldest first. */
  readonly requests: HubRequestRecord[] = [];
  /** Every verification made, oldest first. */
  readonly verifications: VerificationRecord[] = [];
  /** Verified subscribers by callback. */
  readonly subscribers = new Map<string, HubSubscriber>();
  private readonly waiters = new Set<() => void>();
  private pendingVerifications = new Set<Promise<void>>();

  private constructor(
    private readonly server: Server,
    /** The hub's URL (`http://127.0.0.x:port/`). */
    readonly url: string,
    private readonly options: LocalWebSubHubOptions,
  ) {}

  /** Starts a hub on a free port. */
  static async start(options: LocalWebSubHubOptions = {}): Promise<LocalWebSubHub> {
    const host = options.host ?? '127.0.0.1';
    let hub: LocalWebSubHub | undefined;
    const server = createServer((request, response) => {
      void hub!.handle(request).then(
        (status) => response.writeHead(status, { 'content-type': 'text/plain' }).end(),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    hub = new LocalWebSubHub(server, `http://${host}:${(server.address() as AddressInfo).port}/`, options);
    return hub;
  }

  private async handle(request: IncomingMessage): Promise<number> {
    if (request.method !== 'POST') return 405;
    // A hub that is down: every request to a path under /refuse is answered 503.
    if (request.url?.startsWith('/refuse')) {
      await readText(request);
      return 503;
    }
    const form = new URLSearchParams(await readText(request));
    const mode = form.get('hub.mode') ?? '';
    const topic = form.get('hub.topic') ?? '';
    const callback = form.get('hub.callback') ?? '';
    if (!['subscribe', 'unsubscribe'].includes(mode) || !topic || !callback) return 400;
    const asked = Number(form.get('hub.lease_seconds'));
    const record: HubRequestRecord = {
      mode,
      topic,
      callback,
      secret: form.get('hub.secret'),
      leaseSeconds: Number.isFinite(asked) && asked > 0 ? asked : null,
      at: new Date(),
    };
    this.requests.push(record);
    // The verification follows the 202, as most hubs do it.
    const verification = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() =>
      this.verify(record),
    );
    this.pendingVerifications.add(verification);
    void verification.finally(() => this.pendingVerifications.delete(verification));
    this.notify();
    return 202;
  }

  private async verify(record: HubRequestRecord): Promise<void> {
    const leaseSeconds = this.options.grantLeaseSeconds ?? record.leaseSeconds ?? 864_000;
    const result = await this.verifyIntent(record.callback, {
      mode: record.mode,
      topic: record.topic,
      ...(record.mode === 'subscribe' ? { leaseSeconds } : {}),
    });
    if (result.confirmed && record.mode === 'subscribe') {
      this.subscribers.set(record.callback, {
        topic: record.topic,
        callback: record.callback,
        secret: record.secret,
        leaseSeconds,
      });
    }
    if (result.confirmed && record.mode === 'unsubscribe') this.subscribers.delete(record.callback);
    this.notify();
  }

  /**
   * Sends a verification of intent to `callback` (also usable on its own: a hub verifying a topic the
   * subscriber never asked for); records and answers what the subscriber said.
   */
  async verifyIntent(
    callback: string,
    intent: { mode: string; topic: string; leaseSeconds?: number },
  ): Promise<VerificationRecord & { body: string }> {
    const challenge = randomBytes(12).toString('hex');
    const url = new URL(callback);
    url.searchParams.set('hub.mode', intent.mode);
    url.searchParams.set('hub.topic', intent.topic);
    url.searchParams.set('hub.challenge', challenge);
    if (intent.leaseSeconds !== undefined)
      url.searchParams.set('hub.lease_seconds', String(intent.leaseSeconds));
    let status = 0;
    let body = '';
    try {
      const response = await fetch(url);
      status = response.status;
      body = await response.text();
    } catch {
      status = 0;
    }
    const record: VerificationRecord = {
      mode: intent.mode,
      topic: intent.topic,
      callback,
      status,
      confirmed: status >= 200 && status < 300 && body === challenge,
    };
    this.verifications.push(record);
    return { ...record, body };
  }

  /**
   * Publishes `body` to every verified subscriber of `topic`, signed as asked; answers the subscribers'
   * HTTP statuses.
   */
  async publish(
    topic: string,
    body: string,
    options: { signature?: PushSignature; contentType?: string } = {},
  ): Promise<number[]> {
    const statuses: number[] = [];
    for (const sub of this.subscribers.values()) {
      if (sub.topic !== topic) continue;
      const headers: Record<string, string> = {
        'content-type': options.contentType ?? 'application/rss+xml',
        link: `<${this.url}>; rel="hub", <${topic}>; rel="self"`,
      };
      const signature = options.signature ?? 'valid';
      const algorithm = this.options.algorithm ?? 'sha256';
      if (signature !== 'none') {
        const key = signature === 'valid' ? (sub.secret ?? '') : 'not-the-secret';
        headers['x-hub-signature'] = `${algorithm}=${createHmac(algorithm, key).update(body).digest('hex')}`;
      }
      const response = await fetch(sub.callback, { method: 'POST', headers, body });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  /** Resolves once `test()` holds (checked after each request and verification), or fails after `ms`. */
  async waitFor(test: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('The local WebSub hub waited in vain');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, 100));
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(done);
      });
    }
  }

  /** The verified subscriber of `topic`, if any. */
  subscriberOf(topic: string): HubSubscriber | undefined {
    return [...this.subscribers.values()].find((s) => s.topic === topic);
  }

  private notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const waiter of waiters) waiter();
  }

  /** Waits for verifications in flight, then stops the server. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pendingVerifications]);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
