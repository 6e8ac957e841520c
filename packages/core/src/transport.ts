/**
 * The HTTP transport of spec 1 §7 "Transport": JSON over `fetch`, same-origin by default, cookies
 * sent (`credentials: 'include'`), the CSRF cookie echoed as `X-CSRF-Token` on state-changing
 * calls, `X-Skip-Limit` when the page URL carries `skiplimit`. Failures are typed (spec 1 §2.2):
 * a 404 goes to the not-found handler, a 429 to the rate-limited handler, and the promise rejects
 * in every case so callers stop. Only a GET that got no answer at all is retried.
 * @module
 */
import type { ApiErrorItem } from '@sportspyder/contract';
import { CSRF_COOKIE, CSRF_HEADER, SKIP_LIMIT_FLAG, SKIP_LIMIT_HEADER } from './constants.js';
import { readCookie, urlFlag } from './environment.js';
import { ApiError, NetworkError } from './errors.js';

/** A query parameter value; `undefined` and `null` are left out, arrays repeat the key. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

/** Query parameters of a request. */
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** Called when an answer is 404 (the site navigates to /page-not-found). */
export type NotFoundHandler = (error: ApiError) => void;

/** Called when an answer is 429 with the `Retry-After` seconds, if given (the site shows /too-many-tries). */
export type RateLimitedHandler = (retryAfterSeconds: number | undefined, error: ApiError) => void;

/** The handlers the transport routes 404 and 429 answers to. */
export interface TransportHandlers {
  /** Receives 404 answers. */
  onNotFound?: NotFoundHandler | undefined;
  /** Receives 429 answers. */
  onRateLimited?: RateLimitedHandler | undefined;
}

/** Options of one request. */
export interface RequestOptions {
  /** Query parameters, appended to the path. */
  query?: QueryParams | undefined;
  /** Aborts the request. An aborted request rejects with the abort reason and is never retried. */
  signal?: AbortSignal | undefined;
  /** Extra headers. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Route a 404 to the not-found handler (default true). The promise rejects either way. */
  handleNotFound?: boolean | undefined;
  /** Route a 429 to the rate-limited handler (default true). The promise rejects either way. */
  handleRateLimit?: boolean | undefined;
}

/** How GET requests are retried after network failures. */
export interface RetryOptions {
  /** Total attempts, the first included (default 3). */
  attempts?: number;
  /** Delay before the first retry in ms; doubles each time (default 300). */
  baseDelayMs?: number;
}

/** Options of {@link createTransport}. */
export interface TransportOptions {
  /** API origin, e.g. `https://sportspyder.com`; '' (default) means the page's own origin. */
  baseUrl?: string | undefined;
  /** The `fetch` to use (default: the global one, looked up per call). */
  fetch?: typeof fetch | undefined;
  /** The page URL (reads the `skiplimit` flag; resolves paths when `baseUrl` is ''). */
  location: () => string;
  /** The `document.cookie` string (reads the CSRF cookie). */
  cookies: () => string;
  /** Waits between retries. */
  sleep: (ms: number) => Promise<void>;
  /** The current 404/429 handlers (read per answer, so they can be set after creation). */
  handlers: () => TransportHandlers;
  /** GET retry policy. */
  retry?: RetryOptions | undefined;
  /** Sees every answer's headers (the connectivity store reads the service worker's copy mark). */
  onAnswer?: ((path: string, headers: Headers) => void) | undefined;
  /** Told when a request failed for want of a network, after its retries (the connectivity store). */
  onNetworkError?: ((path: string) => void) | undefined;
}

/** JSON over HTTP to the SportSpyder API. Paths are relative to the origin, e.g. `api/v1/session`. */
export interface Transport {
  /** GET `path`; resolves with the parsed JSON answer. Retries on network failure only. */
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  /** POST `body` as JSON to `path`. Never retried. */
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** PUT `body` as JSON to `path`. Never retried. */
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** PATCH `body` as JSON to `path`. Never retried. */
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** DELETE `path` (with an optional JSON body). Never retried. */
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Any method; the shared implementation of the shortcuts above. */
  request<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

/** Default GET retry policy: 3 attempts, 300 ms then 600 ms apart. */
export const DEFAULT_RETRY: Required<RetryOptions> = Object.freeze({ attempts: 3, baseDelayMs: 300 });

/**
 * Builds the transport. `createClient` does this for you; use it directly only for tooling.
 *
 * @example
 * ```ts
 * const api = createTransport({ location: () => location.href, cookies: () => document.cookie,
 *   sleep: (ms) => new Promise((r) => setTimeout(r, ms)), handlers: () => ({}) });
 * const { session } = await api.get<{ session: Session }>('api/v1/session');
 * ```
 */
export function createTransport(options: TransportOptions): Transport {
  const retry = { ...DEFAULT_RETRY, ...options.retry };

  function origin(): string | null {
    if (options.baseUrl) return options.baseUrl.replace(/\/+$/, '');
    try {
      const { origin: pageOrigin } = new URL(options.location());
      return pageOrigin === 'null' ? null : pageOrigin;
    } catch {
      return null;
    }
  }

  function url(path: string, query: QueryParams | undefined): string {
    const base = origin();
    // Without a usable page origin (about:blank, sandboxed frames) a root-relative URL lets the
    // runtime resolve it against the document.
    const target = new URL(path.replace(/^\/+/, ''), `${base ?? 'http://relative.invalid'}/`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value == null) continue;
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) target.searchParams.append(key, String(item));
    }
    return base ? target.toString() : `${target.pathname}${target.search}`;
  }

  function headers(method: string, hasBody: boolean, extra?: Readonly<Record<string, string>>) {
    const result: Record<string, string> = { Accept: 'application/json' };
    if (hasBody) result['Content-Type'] = 'application/json';
    if (method !== 'GET' && method !== 'HEAD') {
      const token = readCookie(options.cookies(), CSRF_COOKIE);
      if (token) result[CSRF_HEADER] = token;
    }
    const skip = urlFlag(options.location(), SKIP_LIMIT_FLAG);
    // A bare `?skiplimit` still asks to skip; an empty header value is dropped by some proxies.
    if (skip !== null) result[SKIP_LIMIT_HEADER] = skip || '1';
    return { ...result, ...extra };
  }

  async function once(method: string, path: string, body: unknown, request: RequestOptions) {
    const hasBody = body !== undefined;
    const doFetch = options.fetch ?? globalThis.fetch;
    try {
      return await doFetch(url(path, request.query), {
        method,
        credentials: 'include',
        headers: headers(method, hasBody, request.headers),
        body: hasBody ? JSON.stringify(body) : undefined,
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      throw new NetworkError(`Network request failed: ${method} ${path}`, { cause: error, method, path });
    }
  }

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    request: RequestOptions = {},
  ): Promise<T> {
    const verb = method.toUpperCase();
    const attempts = verb === 'GET' ? Math.max(1, retry.attempts) : 1;
    let response: Response | undefined;
    for (let attempt = 1; !response; attempt++) {
      try {
        response = await once(verb, path, body, request);
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        if (attempt >= attempts) {
          options.onNetworkError?.(path);
          throw error;
        }
        await options.sleep(retry.baseDelayMs * 2 ** (attempt - 1));
      }
    }
    if (verb === 'GET') options.onAnswer?.(path, response.headers);
    const payload = await readBody(response, verb, path, request.signal);
    if (response.ok) return payload as T;

    const error = new ApiError(response.status, errorItems(payload), {
      method: verb,
      path,
      retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    });
    const handlers = options.handlers();
    if (error.status === 404 && request.handleNotFound !== false) handlers.onNotFound?.(error);
    if (error.status === 429 && request.handleRateLimit !== false) {
      handlers.onRateLimited?.(error.retryAfter, error);
    }
    throw error;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, body, opts) => request('DELETE', path, body, opts),
  };
}

/**
 * The answer's JSON (or text). A body cut off by an abort rejects with the abort reason, and one cut off by
 * the network rejects with a NetworkError: read as "no body", a 200 would resolve to undefined and the
 * caller would render nothing (an admin table that sorted while it loaded crashed on it).
 */
async function readBody(
  response: Response,
  method: string,
  path: string,
  signal?: AbortSignal,
): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    if (response.ok) {
      throw new NetworkError(`Network request failed: ${method} ${path}`, { cause: error, method, path });
    }
    text = '';
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorItems(payload: unknown): ApiErrorItem[] {
  const list = (payload as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is ApiErrorItem =>
      typeof item === 'object' && item !== null && typeof (item as ApiErrorItem).title === 'string',
  );
}

/** Seconds to wait from a `Retry-After` header (seconds or an HTTP date); undefined when absent. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
