/**
 * The two ways a call can fail: the server answered with an error status (`ApiError`, carrying the
 * contract's `{ errors: [{ title, code, field? }] }` list), or no answer arrived (`NetworkError`).
 * Callers tell them apart with `instanceof` to show a form error or an offline state.
 * @module
 */
import type { ApiErrorItem } from '@sportspyder/contract';

/** What the transport knows about the request that failed. */
export interface ApiErrorInit {
  /** HTTP method of the request. */
  method?: string;
  /** The API path that was called, e.g. `api/v1/session`. */
  path?: string;
  /** Seconds from a `Retry-After` header (429 answers). */
  retryAfter?: number | undefined;
}

/**
 * The server answered with a non-2xx status. `errors` is the answer's error list (or one item
 * made up from the status when the answer had none).
 *
 * @example
 * ```ts
 * try {
 *   await client.session.signIn({ username, password });
 * } catch (error) {
 *   if (error instanceof ApiError && error.status === 422) showError(error.firstError.title);
 * }
 * ```
 */
export class ApiError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /** The answer's error list; never empty. */
  readonly errors: readonly ApiErrorItem[];
  /** HTTP method of the request. */
  readonly method: string | undefined;
  /** The API path that was called. */
  readonly path: string | undefined;
  /** Seconds from a `Retry-After` header, when the answer carried one. */
  readonly retryAfter: number | undefined;

  /** Builds the error from the status and the answer's error list. */
  constructor(status: number, errors: readonly ApiErrorItem[], init: ApiErrorInit = {}) {
    const list = errors.length > 0 ? errors : [fallbackErrorItem(status)];
    super(list[0]?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = Object.freeze([...list]);
    this.method = init.method;
    this.path = init.path;
    this.retryAfter = init.retryAfter;
  }

  /** The first item of the list: the one a form shows. */
  get firstError(): ApiErrorItem {
    return this.errors[0] as ApiErrorItem;
  }

  /** The first error about `field`, for showing it next to that input. */
  errorFor(field: string): ApiErrorItem | undefined {
    return this.errors.find((item) => item.field === field);
  }
}

/** No answer: the network failed, the host is unreachable or the connection dropped. */
export class NetworkError extends Error {
  /** HTTP method of the request. */
  readonly method: string | undefined;
  /** The API path that was called. */
  readonly path: string | undefined;

  /** Wraps the low-level failure (kept as `cause`). */
  constructor(message: string, options: { cause?: unknown; method?: string; path?: string } = {}) {
    super(message, { cause: options.cause });
    this.name = 'NetworkError';
    this.method = options.method;
    this.path = options.path;
  }
}

/** True when `error` is an {@link ApiError}, optionally with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** True when `error` is a {@link NetworkError}. */
export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

function fallbackErrorItem(status: number): ApiErrorItem {
  const code =
    status === 401
      ? 'unauthorized'
      : status === 403
        ? 'forbidden'
        : status === 404
          ? 'not_found'
          : status === 429
            ? 'rate_limited'
            : status >= 500
              ? 'server_error'
              : 'http_error';
  return { title: `Request failed with status ${status}`, code };
}
