/**
 * The shape of one entry of the route registry and small helpers the route groups share
 * (error responses, paged queries, path parameters).
 * @module
 */
import { type TInteger, type TObject, type TSchema, type TString, Type } from '@sinclair/typebox';
import { Id, PageNumber } from './common.js';
import { ErrorList } from './errors.js';

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of the API: what it accepts and what it answers, per status code. */
export interface RouteDef {
  /** HTTP method. */
  method: HttpMethod;
  /** Path with `:param` placeholders, starting at `/api/v1`. */
  url: string;
  /** One sentence for the reference. */
  summary: string;
  /** Tag grouping the call in the reference (the resource). */
  tag: string;
  /** Path parameters. */
  params?: TSchema;
  /** Query string. */
  querystring?: TSchema;
  /** JSON body. */
  body?: TSchema;
  /** Answers by status code; error statuses answer {@link ErrorList}. */
  response: Record<number, TSchema>;
  /** The media type of the success answer when it is not JSON (e.g. `text/x-opml` for a file). */
  produces?: string;
}

/**
 * The error statuses the API answers with (see the team brief for their codes). Besides these, any
 * route may answer 405 `method_not_allowed` (with `Allow`), 413, 414 `uri_too_long` and 415, all in the
 * {@link ErrorList} envelope. 502 `upstream_error` is for the calls that relay another host's answer.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 414 | 415 | 422 | 429 | 502;

/**
 * Builds the `response` entries of the given error statuses, each answering {@link ErrorList}.
 *
 * @example
 * ```ts
 * const response = { 200: TeamList, ...errorResponses(401, 404) };
 * ```
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorList> {
  const out = {} as Record<S, typeof ErrorList>;
  for (const status of statuses) out[status] = ErrorList;
  return out;
}

/**
 * Builds a paged query (`page`, `perPage`) with the list's default page size (spec 2 §9) plus
 * extra query fields.
 *
 * @example
 * ```ts
 * querystring: pagedQuery(13, { grouped: Type.Optional(Type.Boolean()) })
 * ```
 */
export function pagedQuery<P extends Record<string, TSchema>>(defaultPerPage: number, extra?: P) {
  return Type.Object({
    page: Type.Optional(PageNumber),
    perPage: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        default: defaultPerPage,
        description: `Items per page (default ${defaultPerPage}).`,
      }),
    ),
    ...(extra ?? ({} as P)),
  });
}

/** A slug-or-id path parameter value (sports, teams, players, topics, users by username). */
export const SlugValue = Type.String({ minLength: 1, maxLength: 120 });

/** A numeric path parameter value. */
// Ids are PostgreSQL integers: a larger number is invalid input (422), never a database error.
export const IdValue = Id;

/**
 * Builds a path-parameter schema where every named parameter is a slug or an id.
 *
 * @example
 * ```ts
 * params: slugParams('sportId')
 * ```
 */
export function slugParams<K extends string>(...names: K[]): TObject<Record<K, TString>> {
  return Type.Object(Object.fromEntries(names.map((n) => [n, SlugValue])) as Record<K, TString>);
}

/**
 * Builds a path-parameter schema where every named parameter is a numeric id.
 *
 * @example
 * ```ts
 * params: idParams('fantasyTeamId', 'id')
 * ```
 */
export function idParams<K extends string>(...names: K[]): TObject<Record<K, TInteger>> {
  return Type.Object(Object.fromEntries(names.map((n) => [n, IdValue])) as Record<K, TInteger>);
}
