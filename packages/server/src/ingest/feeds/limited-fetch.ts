/**
 * One HTTP GET of a third-party URL with every limit a crawler of thousands of servers needs:
 * an overall timeout, a size cap enforced while streaming, manual redirects with a hop limit and
 * loop detection, optional per-host politeness, and a User-Agent. The feed fetcher (`fetchFeed`)
 * and the page fetcher (`fetchPage`, used by feed discovery) are both thin layers over it, so a
 * limit fixed here holds for every request the server makes to the outside.
 *
 * It never throws: every outcome is a value of {@link LimitedFetchResult}.
 * @module
 */
import { packageVersion } from '../../paths.js';
import type { HostPoliteness } from './host-politeness.js';
import { PrivateAddressError } from './private-address-error.js';

/** Default overall time limit for one fetch (all redirects and the body), in milliseconds. */
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
/** Default size cap of a fetched body: 10 MiB. */
export const DEFAULT_MAX_FEED_BYTES = 10 * 1024 * 1024;
/** Default number of redirects followed before giving up. */
export const DEFAULT_MAX_REDIRECTS = 5;

/**
 * The User-Agent of the server's fetches: names the product, its version and the site it serves,
 * so the operator of a feed server can see who is asking and where to complain. Build metadata of
 * the version (`0.1.0+1718000000`, made per start) is dropped: it would only add noise to logs.
 * @example
 * feedUserAgent('0.1.0', 'https://sportspyder.com'); // 'SportSpyder/0.1.0 (+https://sportspyder.com; feed fetcher)'
 */
export function feedUserAgent(version: string, publicOrigin?: string | null): string {
  const plain = version.split('+')[0]?.trim() || '0.0.0';
  return publicOrigin
    ? `SportSpyder/${plain} (+${publicOrigin}; feed fetcher)`
    : `SportSpyder/${plain} (feed fetcher)`;
}

/** Default User-Agent sent when the caller names none (no public origin known). */
export const DEFAULT_USER_AGENT = feedUserAgent(packageVersion());

/** Options of {@link limitedFetch}. */
export interface LimitedFetchOptions {
  /** Sent as `If-None-Match`. */
  etag?: string | null;
  /** Sent as `If-Modified-Since`. */
  lastModified?: string | null;
  /** Overall time limit in milliseconds (default 15 s). */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (default 10 MiB); the download stops as soon as it is passed. */
  maxBytes?: number;
  /** Redirects followed before the result is `too-many-redirects` (default 5). */
  maxRedirects?: number;
  /** The fetch implementation (default: Node's global fetch, looked up at call time). */
  fetch?: typeof fetch;
  /** User-Agent header value (default {@link DEFAULT_USER_AGENT}). */
  userAgent?: string;
  /** When given, every request hop waits for its host's turn (see {@link HostPoliteness}). */
  politeness?: HostPoliteness;
  /** An outside signal (e.g. process shutdown) that aborts the fetch; reported as `network`. */
  signal?: AbortSignal;
  /** The Accept header (the feed fetcher asks for feeds, the page fetcher for HTML). */
  accept?: string;
}

/** Error codes of a failed fetch; `http-<status>` carries the final HTTP status. */
export type LimitedFetchErrorCode =
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'network'
  | 'private-address'
  | `http-${number}`;

/** A failed fetch. */
export interface LimitedFetchError<Code extends string = LimitedFetchErrorCode> {
  kind: 'error';
  code: Code;
  message: string;
  /** Seconds the server asked us to wait (429/503 `Retry-After`), for the scheduler. */
  retryAfterSeconds?: number;
}

/** The outcome of {@link limitedFetch}. */
export type LimitedFetchResult =
  | {
      kind: 'ok';
      /** The decoded body text. */
      body: string;
      /** The URL after redirects. */
      finalUrl: string;
      /** The response's ETag. */
      etag: string | null;
      /** The response's Last-Modified. */
      lastModified: string | null;
      /** The response's Content-Type, if any. */
      contentType: string | null;
      /** The response's `Link` header, if any (WebSub discovery: `header-links.ts`). */
      link?: string;
      /** The final HTTP status (200 normally). */
      status: number;
      /** True when at least one hop was a permanent redirect (301/308). */
      permanentRedirect: boolean;
    }
  | { kind: 'not-modified'; finalUrl: string }
  | LimitedFetchError;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_ACCEPT = '*/*';

class FetchStop extends Error {
  constructor(
    readonly code: LimitedFetchErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Fetches `url` and returns its decoded body, a "not modified" answer, or a typed error. Redirects
 * are followed by hand (at most `maxRedirects`, loops detected, only to http(s)), the whole exchange
 * is bounded by `timeoutMs`, and the body is read as a stream that is cancelled as soon as it passes
 * `maxBytes`. Never throws.
 * @example
 * const result = await limitedFetch('https://club.example/', { accept: 'text/html' });
 * if (result.kind === 'ok') console.log(result.contentType, result.body.length);
 */
export async function limitedFetch(
  url: string,
  options: LimitedFetchOptions = {},
): Promise<LimitedFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The clock starts with the first request, not before: time spent waiting for the host's turn
  // (politeness) must not count against the URL.
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
    const refused = findPrivateAddressError(error);
    if (refused) return { kind: 'error', code: 'private-address', message: refused.message };
    return { kind: 'error', code: 'network', message: describeNetworkError(error) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

async function followRedirects(
  startUrl: string,
  options: LimitedFetchOptions,
  signal: AbortSignal,
  startClock: () => void,
): Promise<LimitedFetchResult> {
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

type OkResult = Extract<LimitedFetchResult, { kind: 'ok' }>;
type HopResult =
  | Exclude<LimitedFetchResult, { kind: 'ok' }>
  | Omit<OkResult, 'permanentRedirect'>
  | { kind: 'redirect'; status: number; location: string };

function withPoliteness<T>(politeness: HostPoliteness | undefined, host: string, task: () => Promise<T>) {
  return politeness ? politeness.run(host, task) : task();
}

async function requestOnce(
  url: URL,
  options: LimitedFetchOptions,
  signal: AbortSignal,
  startClock: () => void,
): Promise<HopResult> {
  startClock();
  if (signal.aborted) throw new FetchStop('network', 'Fetch aborted');
  const headers: Record<string, string> = {
    accept: options.accept ?? DEFAULT_ACCEPT,
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(url.href, { method: 'GET', headers, redirect: 'manual', signal });

  if (REDIRECT_STATUSES.has(response.status)) {
    discard(response);
    const location = response.headers.get('location');
    if (!location)
      throw new FetchStop(`http-${response.status}`, `Redirect ${response.status} without Location`);
    return { kind: 'redirect', status: response.status, location };
  }
  if (response.status === 304) {
    discard(response);
    return { kind: 'not-modified', finalUrl: url.href };
  }
  if (response.status < 200 || response.status > 299) {
    discard(response);
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    throw new FetchStop(`http-${response.status}`, `HTTP ${response.status} from ${url.href}`, retryAfter);
  }

  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FEED_BYTES;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response);
    throw new FetchStop('too-large', `Declared size ${declared} bytes exceeds the ${maxBytes}-byte cap`);
  }
  const bytes = await readCapped(response, maxBytes);
  const contentType = response.headers.get('content-type');
  return {
    kind: 'ok',
    body: decodeBody(bytes, contentType),
    finalUrl: url.href,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    contentType,
    status: response.status,
    ...(response.headers.has('link') ? { link: response.headers.get('link') as string } : {}),
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
      reader.cancel().catch(() => undefined);
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

/**
 * Drops a body that will not be read. The cancel is not awaited: it only releases the connection,
 * and some fetch implementations (test interceptors among them) never settle it.
 */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
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

/** Picks the charset from the Content-Type header, else the XML declaration or HTML meta, else UTF-8. */
function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  let label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (!label) {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
    label = /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head.slice(0, 256))?.[1];
    // An HTML page names its charset in a <meta>; only pages are read for it, never feeds (whose
    // descriptions may quote HTML).
    if (!label && /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>])/i.test(head)) {
      label = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
    }
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
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

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.message}${causeText}`.slice(0, 500);
  }
  return 'Network error';
}
