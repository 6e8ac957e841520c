/**
 * The feed fetcher: one conditional HTTP GET of a feed URL with every safety limit a crawler of
 * thousands of third-party servers needs (overall timeout, size cap enforced while streaming,
 * manual redirects with a hop limit and loop detection, optional per-host politeness).
 *
 * It never throws: every outcome, including a server that answers garbage, is a value of
 * {@link FetchFeedResult}, so one bad feed can be recorded on its source and never takes the
 * ingestion loop down with it.
 * @module
 */
import type { HostPoliteness } from './host-politeness.js';

/** Default overall time limit for one fetch (all redirects and the body), in milliseconds. */
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
/** Default size cap of a feed body: 10 MiB. */
export const DEFAULT_MAX_FEED_BYTES = 10 * 1024 * 1024;
/** Default number of redirects followed before giving up. */
export const DEFAULT_MAX_REDIRECTS = 5;
/** Default User-Agent sent to feed servers. */
export const DEFAULT_USER_AGENT = 'SportSpyderBot/1.0 (+https://sportspyder.example/bot)';

/** Options of {@link fetchFeed}. */
export interface FetchFeedOptions {
  /** The ETag stored from the last successful fetch; sent as `If-None-Match`. */
  etag?: string | null;
  /** The Last-Modified value stored from the last successful fetch; sent as `If-Modified-Since`. */
  lastModified?: string | null;
  /** Overall time limit in milliseconds (default 15 s). */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (default 10 MiB); the download stops as soon as it is passed. */
  maxBytes?: number;
  /** Redirects followed before the result is `too-many-redirects` (default 5). */
  maxRedirects?: number;
  /** The fetch implementation (default: Node's global fetch). */
  fetch?: typeof fetch;
  /** User-Agent header value. */
  userAgent?: string;
  /** When given, every request hop waits for its host's turn (see {@link HostPoliteness}). */
  politeness?: HostPoliteness;
  /** An outside signal (e.g. process shutdown) that aborts the fetch; reported as `network`. */
  signal?: AbortSignal;
}

/** Error codes of a failed fetch; `http-<status>` carries the final HTTP status. */
export type FetchFeedErrorCode =
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'network'
  | 'not-a-feed'
  | `http-${number}`;

/** The outcome of {@link fetchFeed}. */
export type FetchFeedResult =
  | {
      kind: 'ok';
      /** The decoded body text. */
      body: string;
      /** The URL after redirects (store it when a permanent redirect moved the feed). */
      finalUrl: string;
      /** The response's ETag, to send next time. */
      etag: string | null;
      /** The response's Last-Modified, to send next time. */
      lastModified: string | null;
      /** The final HTTP status (200 normally). */
      status: number;
      /** True when at least one hop was a permanent redirect (301/308): the source URL can be updated. */
      permanentRedirect: boolean;
    }
  | { kind: 'not-modified'; finalUrl: string }
  | {
      kind: 'error';
      code: FetchFeedErrorCode;
      message: string;
      /** Seconds the server asked us to wait (429/503 `Retry-After`), for the scheduler. */
      retryAfterSeconds?: number;
    };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml, application/feed+json, ' +
  'application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

class FetchStop extends Error {
  constructor(
    readonly code: FetchFeedErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Fetches a feed with a conditional GET and returns its body, a "not modified" answer, or a
 * typed error. Redirects are followed by hand (at most `maxRedirects`, loops detected, only to
 * http(s)), the whole exchange is bounded by `timeoutMs`, and the body is read as a stream that
 * is cancelled as soon as it passes `maxBytes`. Never throws.
 * @example
 * const result = await fetchFeed(source.url, { etag: source.etag, lastModified: source.lastModified });
 * if (result.kind === 'ok') parseFeed(result.body, { baseUrl: result.finalUrl, now: new Date() });
 */
export async function fetchFeed(url: string, options: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The clock starts with the first request, not before: time spent waiting for the host's turn
  // (politeness) must not count against the feed.
  const startClock = () => {
    timer ??= setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    if (options.signal?.aborted) throw new FetchStop('network', 'Fetch aborted before it started');
    return await followRedirects(url, options, controller.signal, startClock);
  } catch (error) {
    if (timedOut)
      return { kind: 'error', code: 'timeout', message: `No complete answer within ${timeoutMs} ms` };
    if (error instanceof FetchStop) {
      return error.retryAfterSeconds === undefined
        ? { kind: 'error', code: error.code, message: error.message }
        : {
            kind: 'error',
            code: error.code,
            message: error.message,
            retryAfterSeconds: error.retryAfterSeconds,
          };
    }
    return { kind: 'error', code: 'network', message: describeNetworkError(error) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

async function followRedirects(
  startUrl: string,
  options: FetchFeedOptions,
  signal: AbortSignal,
  startClock: () => void,
): Promise<FetchFeedResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const seen = new Set<string>();
  let current = parseHttpUrl(startUrl);
  let permanentRedirect = false;
  for (let hop = 0; ; hop++) {
    seen.add(current.href);
    const hopResult = await withPoliteness(options.politeness, current.host, () =>
      requestOnce(current, options, signal, startClock),
    );
    if (hopResult.kind !== 'redirect') {
      return hopResult.kind === 'ok' ? { ...hopResult, permanentRedirect } : hopResult;
    }
    const next = parseHttpUrl(hopResult.location, current.href);
    if (seen.has(next.href)) {
      throw new FetchStop('redirect-loop', `Redirect loop: ${current.href} leads back to ${next.href}`);
    }
    if (hop + 1 > maxRedirects) {
      throw new FetchStop(
        'too-many-redirects',
        `More than ${maxRedirects} redirects starting at ${startUrl}`,
      );
    }
    if (hopResult.status === 301 || hopResult.status === 308) permanentRedirect = true;
    current = next;
  }
}

type OkResult = Extract<FetchFeedResult, { kind: 'ok' }>;
type HopResult =
  | Exclude<FetchFeedResult, { kind: 'ok' }>
  | Omit<OkResult, 'permanentRedirect'>
  | { kind: 'redirect'; status: number; location: string };

function withPoliteness<T>(politeness: HostPoliteness | undefined, host: string, task: () => Promise<T>) {
  return politeness ? politeness.run(host, task) : task();
}

async function requestOnce(
  url: URL,
  options: FetchFeedOptions,
  signal: AbortSignal,
  startClock: () => void,
): Promise<HopResult> {
  startClock();
  if (signal.aborted) throw new FetchStop('network', 'Fetch aborted');
  const headers: Record<string, string> = {
    accept: ACCEPT,
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(url.href, { method: 'GET', headers, redirect: 'manual', signal });

  if (REDIRECT_STATUSES.has(response.status)) {
    await discard(response);
    const location = response.headers.get('location');
    if (!location)
      throw new FetchStop(`http-${response.status}`, `Redirect ${response.status} without Location`);
    return { kind: 'redirect', status: response.status, location };
  }
  if (response.status === 304) {
    await discard(response);
    return { kind: 'not-modified', finalUrl: url.href };
  }
  if (response.status < 200 || response.status > 299) {
    await discard(response);
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    throw new FetchStop(`http-${response.status}`, `HTTP ${response.status} from ${url.href}`, retryAfter);
  }

  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FEED_BYTES;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw new FetchStop('too-large', `Declared size ${declared} bytes exceeds the ${maxBytes}-byte cap`);
  }
  const bytes = await readCapped(response, maxBytes);
  const body = decodeBody(bytes, response.headers.get('content-type'));
  if (!looksLikeFeed(body)) {
    throw new FetchStop(
      'not-a-feed',
      `The answer from ${url.href} is not XML or JSON (an HTML page or text)`,
    );
  }
  return {
    kind: 'ok',
    body,
    finalUrl: url.href,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    status: response.status,
  };
}

/** Reads the body chunk by chunk and cancels the download as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchStop('too-large', `The body passed the ${maxBytes}-byte cap; download stopped`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function parseHttpUrl(value: string, base?: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    throw new FetchStop('network', `Not a valid URL: ${value.slice(0, 200)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FetchStop('network', `Only http and https are fetched, not ${parsed.protocol}`);
  }
  parsed.hash = '';
  return parsed;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, Math.round((at - Date.now()) / 1000)) : undefined;
}

/** Picks the charset from the Content-Type header, else the XML declaration, else UTF-8. */
function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  let label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (!label) {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
    label = /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** A cheap sniff: feeds start with `<` (XML), `{` (JSON Feed) or `[` (Mastodon); HTML pages are refused. */
function looksLikeFeed(body: string): boolean {
  const start = body
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (start.startsWith('{') || start.startsWith('[')) return true;
  if (!start.startsWith('<')) return false;
  return !/^(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>])/.test(start);
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.message}${causeText}`.slice(0, 500);
  }
  return 'Network error';
}
