/**
 * The one error handler and not-found handler of the API: every failure answers the contract's
 * `{ errors: [{ title, code, field? }] }`, validation problems name their field with a 422, and
 * nothing internal (stack, SQL, paths) ever reaches a client.
 * @module
 */
import type { ApiErrorItem, ErrorList } from '@sportspyder/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error a handler throws on purpose: its status and items are sent as they are. */
export class HttpError extends Error {
  /**
   * Creates the error.
   *
   * @example
   * ```ts
   * throw new HttpError(404, [{ code: 'not_found', title: 'Not found' }]);
   * ```
   */
  constructor(
    /** HTTP status. */
    readonly statusCode: number,
    /** The error list items. */
    readonly items: ApiErrorItem[],
  ) {
    super(items[0]?.title ?? 'Error');
  }
}

/** The 404 item every missing resource answers. */
export const NOT_FOUND: ErrorList = { errors: [{ code: 'not_found', title: 'Not found' }] };
/** The 500 item: the only thing a client learns about an unexpected failure. */
export const SERVER_ERROR: ErrorList = { errors: [{ code: 'server_error', title: 'Something went wrong' }] };
/** The 429 item (the Retry-After header says when to come back). */
export const RATE_LIMITED: ErrorList = {
  errors: [{ code: 'rate_limited', title: 'Too many requests. Please try again later.' }],
};

/** The part of an ajv error the mapping reads. */
interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns `hash` or `user.displayName` into `Hash` / `User display name` for titles. */
function humanize(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldOf(error: AjvError, context: string): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    path.push(error.params.missingProperty);
  }
  return path.length > 0 ? path.join('.') : context;
}

/**
 * Maps ajv validation errors to error items, one per field (the first problem of each field wins):
 * missing or empty → `blank`, too long/short → `too_long`/`too_short`, anything else → `invalid`.
 *
 * @example
 * ```ts
 * validationItems([{ keyword: 'required', instancePath: '', params: { missingProperty: 'hash' } }], 'body');
 * // [{ field: 'hash', code: 'blank', title: "Hash can't be blank" }]
 * ```
 */
export function validationItems(errors: readonly AjvError[], context = 'body'): ApiErrorItem[] {
  const byField = new Map<string, ApiErrorItem>();
  for (const error of errors) {
    // An if/then rule's own error only repeats that `then` failed; the failure itself names the field.
    if (error.keyword === 'if') continue;
    const field = fieldOf(error, context);
    if (byField.has(field)) continue;
    const name = humanize(field);
    const limit = Number(error.params.limit);
    let item: ApiErrorItem;
    if (error.keyword === 'required' || (error.keyword === 'minLength' && limit <= 1)) {
      item = { field, code: 'blank', title: `${name} can't be blank` };
    } else if (error.keyword === 'maxLength' || error.keyword === 'maxItems') {
      item = { field, code: 'too_long', title: `${name} is too long (maximum is ${limit} characters)` };
    } else if (error.keyword === 'minLength' || error.keyword === 'minItems') {
      item = { field, code: 'too_short', title: `${name} is too short (minimum is ${limit} characters)` };
    } else {
      item = { field, code: 'invalid', title: `${name} is invalid` };
    }
    byField.set(field, item);
  }
  return [...byField.values()];
}

function isBodyParseError(error: FastifyError): boolean {
  return (
    error instanceof SyntaxError ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
    error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
  );
}

/** Sends an error list with a status. */
export function sendErrors(reply: FastifyReply, status: number, body: ErrorList): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Answers the error of a request in the contract's shape (the single place errors are rendered). */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError) return sendErrors(reply, error.statusCode, { errors: error.items });
  if (error.validation) {
    const items = validationItems(error.validation as AjvError[], error.validationContext ?? 'body');
    return sendErrors(reply, 422, {
      errors: items.length > 0 ? items : [{ code: 'invalid', title: 'Invalid' }],
    });
  }
  if (error.statusCode === 429) return sendErrors(reply, 429, RATE_LIMITED);
  if (isBodyParseError(error)) {
    const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    return sendErrors(reply, tooLarge ? 413 : 422, {
      errors: [
        tooLarge
          ? { code: 'too_long', field: 'body', title: 'The request body is too large' }
          : { code: 'invalid', field: 'body', title: 'The request body is not valid JSON' },
      ],
    });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return sendErrors(reply, 415, {
      errors: [{ code: 'unsupported_media_type', field: 'body', title: 'Send the body as application/json' }],
    });
  }
  if (isDatabaseInputError(error)) {
    // A value the schema let through but the database cannot take (out of range, not a number):
    // bad input, answered as such rather than as a server failure.
    request.log.warn({ err: error }, 'database rejected an input value');
    return sendErrors(reply, 422, {
      errors: [{ code: 'invalid', title: 'A value in the request is invalid' }],
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Framework 4xx (bad URL encoding, ...): keep the status, hide the framework's wording.
    return sendErrors(reply, status, { errors: [{ code: 'bad_request', title: 'Bad request' }] });
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendErrors(reply, 500, SERVER_ERROR);
}

/**
 * PostgreSQL's "data exception" codes for input values (numeric out of range, invalid text, dates,
 * characters the encoding cannot hold). The input guard answers these values first; this is the backstop.
 */
const DATABASE_INPUT_ERRORS = new Set(['22003', '22P02', '22007', '22008', '22001', '22021', '22P05']);

function isDatabaseInputError(error: FastifyError): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && DATABASE_INPUT_ERRORS.has(code);
}

/** The 414 item: a path segment longer than any path parameter of the contract. */
export const URI_TOO_LONG: ErrorList = {
  errors: [{ code: 'uri_too_long', title: 'The address is too long' }],
};

/**
 * Answers the refusals Fastify's router makes before any route or hook runs (Fastify's
 * `frameworkErrors` option) in the contract's envelope: a path segment over the router's limit (414),
 * a path parameter that cannot be decoded (400).
 *
 * @example
 * ```ts
 * Fastify({ frameworkErrors: handleFrameworkError });
 * ```
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // Fastify logs such a request's arrival but not its answer (no route, no response listeners): the
  // request log gets the same "request completed" line as every other request.
  reply.raw.once('finish', () => request.log.info({ res: reply }, 'request completed'));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendErrors(reply, 414, URI_TOO_LONG);
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendErrors(reply, 400, { errors: [{ code: 'bad_request', title: 'The address is not valid' }] });
  }
  request.log.error({ err: error }, 'router error');
  return sendErrors(reply, 500, SERVER_ERROR);
}

/** Installs {@link handleError} as the app's error handler. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
