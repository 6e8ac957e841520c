/**
 * The server's side of the episode download relay (issue 49, `episode-audio-routes.ts`): one GET of an
 * episode's enclosure on its podcast host, answered as a stream, never held in memory (an episode is
 * tens to hundreds of megabytes). The limits are those of every outside request the server makes
 * (`ingest/feeds/limited-fetch.ts`), adapted to a body that is passed on rather than read: the fetch it
 * is given is the SSRF-guarded one (`createFeedFetch`, which checks the address inside each connection,
 * so every redirect hop is checked again), redirects are followed by hand (a hop limit, loops detected,
 * http and https only), the headers must come within a time limit, and the body is capped in bytes
 * both by its declared length and while it streams. It never throws: every outcome is a value.
 * @module
 */
import { pipeline, Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_MAX_REDIRECTS } from '../../ingest/feeds/limited-fetch.js';
import { PrivateAddressError } from '../../ingest/feeds/private-address-error.js';

/**
 * The largest episode the relay passes on: the downloads' byte bound of the page (core
 * `EPISODE_DOWNLOADS_MAX_BYTES`, 1 GB; the server does not import the core, a test keeps them equal).
 * A larger file could never be kept on the device, so it is not fetched.
 */
export const EPISODE_AUDIO_MAX_BYTES = 1024 * 1024 * 1024;

/** Why the relay could not pass the audio on. */
export type EnclosureFailureCode =
  /** The stored enclosure is not an absolute http(s) URL (site-relative audio is fetched directly). */
  | 'invalid-url'
  /** The host declared more than the byte bound. */
  | 'too-large'
  /** The host answered with something other than audio (an HTML page, a video). */
  | 'not-audio'
  /** The SSRF guard refused the host's address (production without FEEDS_ALLOW_PRIVATE). */
  | 'private-address'
  /** The host failed: an error status, a timeout, a broken connection, too many redirects. */
  | 'upstream';

/** The outcome of {@link fetchEnclosure}. */
export type EnclosureResult =
  | {
      kind: 'ok';
      /** `audio/...` or `application/octet-stream`, without parameters. */
      contentType: string;
      /** The body's length in bytes when the host declared it for the bytes as sent, else null. */
      contentLength: number | null;
      /** The body, capped at the byte bound (it fails past it); destroying it stops the download. */
      body: Readable;
    }
  | { kind: 'error'; code: EnclosureFailureCode; message: string; bytes?: number };

/** Options of {@link fetchEnclosure}. */
export interface FetchEnclosureOptions {
  /** The SSRF-guarded fetch (`createFeedFetch({ allowPrivate: config.feedsAllowPrivate })`). */
  fetch: typeof fetch;
  /** User-Agent header value. */
  userAgent: string;
  /** Largest body passed on (default {@link EPISODE_AUDIO_MAX_BYTES}). */
  maxBytes?: number;
  /** Time limit until the final answer's headers, redirects included (default 15 s). */
  timeoutMs?: number;
  /** Redirects followed (default 5). */
  maxRedirects?: number;
  /** Aborts the fetch and the body (the member went away). */
  signal?: AbortSignal;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The media type the relay answers with for the host's Content-Type, or null when it is not audio.
 * A missing type and S3's old default `binary/octet-stream` are sent as `application/octet-stream`.
 * @example
 * relayedMediaType('audio/mpeg; charset=binary'); // 'audio/mpeg'
 * relayedMediaType('text/html'); // null
 */
export function relayedMediaType(header: string | null): string | null {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream') {
    return 'application/octet-stream';
  }
  return /^audio\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : null;
}

/**
 * Fetches an episode's audio and answers its stream with its type and length, or why it cannot.
 * @example
 * const audio = await fetchEnclosure(episode.enclosureUrl, { fetch: guardedFetch, userAgent });
 * if (audio.kind === 'ok') reply.type(audio.contentType).send(audio.body);
 */
export async function fetchEnclosure(url: string, options: FetchEnclosureOptions): Promise<EnclosureResult> {
  const maxBytes = options.maxBytes ?? EPISODE_AUDIO_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  let timedOut = false;
  // The time limit covers the answer's headers only: the body of a long episode may take minutes (a
  // host that stalls mid-body is cut by undici's own body timeout, 5 minutes between chunks).
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  const fail = (code: EnclosureFailureCode, message: string): EnclosureResult => {
    stop();
    return { kind: 'error', code, message };
  };
  try {
    const start = httpUrl(url);
    if (!start) return fail('invalid-url', 'The audio address is not an absolute http(s) URL');
    let current: URL = start;
    const seen = new Set<string>();
    for (let hop = 0; ; hop++) {
      seen.add(current.href);
      const response: Response = await options.fetch(current.href, {
        method: 'GET',
        // The bytes as stored: a compressed transfer would make the declared length wrong for what is sent.
        headers: {
          accept: 'audio/*, */*;q=0.5',
          'accept-encoding': 'identity',
          'user-agent': options.userAgent,
        },
        redirect: 'manual',
        signal: controller.signal,
      });
      if (REDIRECT_STATUSES.has(response.status)) {
        discard(response);
        const location = response.headers.get('location');
        const next = location ? httpUrl(location, current.href) : null;
        if (!next) return fail('upstream', `Redirect ${response.status} without a usable Location`);
        if (seen.has(next.href)) return fail('upstream', `Redirect loop at ${next.href}`);
        if (hop + 1 > maxRedirects) return fail('upstream', `More than ${maxRedirects} redirects`);
        current = next;
        continue;
      }
      if (response.status !== 200) {
        discard(response);
        return fail('upstream', `The podcast host answered ${response.status}`);
      }
      const contentType = relayedMediaType(response.headers.get('content-type'));
      if (!contentType) {
        discard(response);
        return fail('not-audio', `The podcast host sent ${response.headers.get('content-type')}, not audio`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      const known = Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
      if (known !== null && known > maxBytes) {
        discard(response);
        stop();
        return { kind: 'error', code: 'too-large', message: `The audio is ${known} bytes`, bytes: known };
      }
      clearTimeout(timer);
      // A body the host encoded anyway arrives decoded: its declared length no longer holds.
      const encoded = !/^(identity)?$/i.test(response.headers.get('content-encoding')?.trim() ?? '');
      const source = response.body
        ? Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>)
        : Readable.from([]);
      const body = pipeline(source, capBytes(maxBytes), (error) => {
        if (error) stop();
      });
      return { kind: 'ok', contentType, contentLength: encoded ? null : known, body };
    }
  } catch (error) {
    const refused = findPrivateAddressError(error);
    if (refused) return fail('private-address', refused.message);
    if (timedOut) return fail('upstream', `No answer within ${timeoutMs} ms`);
    return fail('upstream', error instanceof Error ? error.message.slice(0, 300) : 'Network error');
  } finally {
    clearTimeout(timer);
  }
}

/** A pass-through that fails once more than `maxBytes` went through (a host that declared no length). */
function capBytes(maxBytes: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.byteLength;
      if (total > maxBytes) done(new Error(`The audio passed the ${maxBytes}-byte bound`));
      else done(null, chunk);
    },
  });
}

function httpUrl(value: string, base?: string): URL | null {
  try {
    const parsed = base === undefined ? new URL(value) : new URL(value, base);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    parsed.hash = '';
    return parsed;
  } catch {
    return null;
  }
}

/** Drops a body that will not be read (not awaited: it only releases the connection). */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/** The refusal of the SSRF guard, however deep the fetch implementation wrapped it. */
function findPrivateAddressError(error: unknown): PrivateAddressError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof PrivateAddressError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
