/**
 * The one gate every request value passes before a handler can hand it to SQL (issue "Search", bad
 * input): path parameters, query values and JSON bodies. PostgreSQL refuses NUL in text ("invalid byte
 * sequence for encoding UTF8: 0x00") and a lone UTF-16 surrogate cannot be encoded as UTF-8, so such a
 * value is answered here, by what a user of the URL expects, instead of failing in the database:
 *
 * - a path parameter that cannot name anything (NUL, control characters, lone surrogates, or a
 *   slug-or-id of digits beyond PostgreSQL's integer range) answers 404, like any unknown page;
 * - a query value with NUL or a lone surrogate answers the contract's 422 naming the field, except
 *   free text (`q`), where such characters are dropped and the rest is searched;
 * - an integer query field whose value is not a safe integer (`1e400`, 3,000 digits: ajv would coerce
 *   them to Infinity and let them through) answers 422 naming the field;
 * - a string in a JSON body with NUL or a lone surrogate answers 422 naming its field.
 *
 * The error handler's mapping of PostgreSQL data exceptions to 422 stays as a backstop.
 * @module
 */
import type { ApiErrorItem } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, NOT_FOUND } from './errors.js';

/** Query fields of free text: unstorable characters are removed rather than refused. */
export const FREE_TEXT_QUERY_FIELDS: ReadonlySet<string> = new Set(['q']);

/** PostgreSQL's `integer` upper bound: a slug-or-id made of more digits names no row. */
const MAX_INT4 = 2_147_483_647;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether PostgreSQL can store `text` as it is (no NUL, no lone surrogate). */
export function isStorableText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** `text` without the characters PostgreSQL cannot store. */
export function storableText(text: string): string {
  return text.replaceAll(NUL, '').replace(LONE_SURROGATE_ALL, '');
}

/** Turns `sport` or `user.displayName` into `Sport` / `Display name` for titles. */
function titleOf(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} is invalid`;
}

function invalid(field: string): HttpError {
  const item: ApiErrorItem = { field, code: 'invalid', title: titleOf(field) };
  return new HttpError(422, [item]);
}

/** The JSON-schema `type` of a property of an object schema, if it names one. */
function propertyType(schema: unknown, name: string): string | undefined {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  const type = properties?.[name]?.type;
  return typeof type === 'string' ? type : undefined;
}

function checkParams(request: FastifyRequest): void {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params || typeof params !== 'object') return;
  const schema = request.routeOptions.schema?.params;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    if (CONTROL.test(value) || LONE_SURROGATE.test(value)) throw new HttpError(404, NOT_FOUND.errors);
    // Integer path ids are bounded by the contract (422); a slug-or-id of digits beyond any id is a
    // page that does not exist.
    if (propertyType(schema, name) !== 'integer' && /^\d+$/.test(value) && Number(value) > MAX_INT4) {
      throw new HttpError(404, NOT_FOUND.errors);
    }
  }
}

function checkQuery(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  const schema = request.routeOptions.schema?.querystring;
  for (const [name, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    if (!values.every((v) => typeof v === 'string')) continue;
    if (FREE_TEXT_QUERY_FIELDS.has(name)) {
      query[name] = Array.isArray(raw) ? values.map(storableText) : storableText(raw as string);
      continue;
    }
    if (!values.every(isStorableText)) throw invalid(name);
    const type = propertyType(schema, name);
    if (type === 'integer' || type === 'number') {
      for (const value of values) {
        const n = Number(value);
        // Blank and non-numbers are left to the schema (it names the right problem).
        if (value.trim() === '' || Number.isNaN(n)) continue;
        if (!Number.isFinite(n) || (type === 'integer' && !Number.isSafeInteger(n))) throw invalid(name);
      }
    }
  }
}

/** The path (`a.b.0.c`) of the first string in `value` PostgreSQL cannot store, or null. */
function unstorablePath(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, storableText(key)];
    const found = unstorablePath(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function checkBody(request: FastifyRequest): void {
  const body = request.body;
  if (body === undefined || body === null || typeof body !== 'object') return;
  const path = unstorablePath(body, []);
  if (path) throw invalid(path.length > 0 ? path.join('.') : 'body');
}

/**
 * Checks the path, query and body of a request (see the module comment); throws the {@link HttpError}
 * to answer.
 */
export function guardRequestValues(request: FastifyRequest): void {
  checkParams(request);
  checkQuery(request);
  checkBody(request);
}

/**
 * Installs {@link guardRequestValues} for every route of `app` (call before registering routes):
 * it runs once the body is parsed and before the schema validates, so a route never sees such a value.
 *
 * @example
 * ```ts
 * registerInputGuard(app);
 * await app.register(routes);
 * ```
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    guardRequestValues(request);
  });
}
