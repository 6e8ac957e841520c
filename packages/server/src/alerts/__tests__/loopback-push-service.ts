/**
 * A push service on 127.0.0.1 for the alert tests and the benchmark: it takes RFC 8030 push requests on
 * `/push/<name>`, answers what the test asks (201 by default, or a list of statuses with headers), and
 * keeps every request. The browser's side is played by {@link browserKeys}: a P-256 key pair and an auth
 * secret made here, with which {@link decryptPayload} opens the aes128gcm body (RFC 8291 over RFC 8188)
 * exactly as a browser would, so the tests read what a device would show.
 * @module
 */
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push request as received. */
export interface ReceivedPush {
  name: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** `performance.now()` when the body was complete. */
  at: number;
}

/** A scripted answer. */
export interface PushAnswer {
  status: number;
  headers?: Record<string, string>;
}

/** The running service. */
export interface LoopbackPushService {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The endpoint URL of a subscription named `name`. */
  endpoint(name: string): string;
  received: ReceivedPush[];
  /** Answers for the next requests to `name`, in order (then 201). */
  script(name: string, answers: PushAnswer[]): void;
  /** Resolves with the next request to `name` (or any, without a name). */
  next(name?: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

/**
 * Starts the service.
 * @example
 * const push = await startLoopbackPushService();
 * const keys = browserKeys();
 * // subscribe { endpoint: push.endpoint('a'), keys: keys.subscriptionKeys }, trigger an alert, then:
 * const payload = decryptPayload((await push.next('a')).body, keys);
 */
export async function startLoopbackPushService(): Promise<LoopbackPushService> {
  const received: ReceivedPush[] = [];
  const scripts = new Map<string, PushAnswer[]>();
  const waiters: { name: string | undefined; resolve: (push: ReceivedPush) => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent(
        new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/push\//, ''),
      );
      const push: ReceivedPush = {
        name,
        headers: request.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      };
      received.push(push);
      const answer = scripts.get(name)?.shift() ?? { status: 201 };
      response.writeHead(answer.status, answer.headers ?? {}).end();
      for (const waiter of [...waiters]) {
        if (waiter.name === undefined || waiter.name === name) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(push);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name) => `${origin}/push/${encodeURIComponent(name)}`,
    received,
    script: (name, answers) => scripts.set(name, [...answers]),
    next: (name, timeoutMs = 10_000) =>
      new Promise<ReceivedPush>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push to ${name ?? 'any'} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          name,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's subscription keys: the ECDH key pair and auth secret, and their base64url forms. */
export interface BrowserKeys {
  ecdh: ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
  /** What `PushSubscription.toJSON().keys` holds. */
  subscriptionKeys: { p256dh: string; auth: string };
}

/** Makes the keys a browser makes when it subscribes (RFC 8291 §2). */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    publicKey,
    authSecret,
    subscriptionKeys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

/**
 * Decrypts an aes128gcm push body with the browser's keys (RFC 8291 §3.3–3.4, RFC 8188 §2) and parses it
 * as JSON. Throws when the body was not encrypted for these keys.
 */
export function decryptPayload(body: Buffer, keys: BrowserKeys): unknown {
  // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not a last record');
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}
