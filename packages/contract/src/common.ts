/**
 * Small building blocks shared by the entity and request schemas: nullable values, ids,
 * timestamps and the path parameters most routes take.
 * @module
 */
import { type Static, type TNull, type TSchema, type TUnion, Type } from '@sinclair/typebox';

/**
 * Makes a schema accept `null` too, for data that may be missing (`X | null`).
 *
 * @example
 * ```ts
 * const Summary = Nullable(Type.String()); // string | null
 * ```
 */
export function Nullable<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()]);
}

/**
 * PostgreSQL's `integer` upper bound: ids and every other integer stored in an `integer` column stop here,
 * so a larger number in a request is refused by validation (422 naming the field) before any SQL.
 */
export const MAX_INT4 = 2_147_483_647;

/** A database id: a positive integer. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_INT4 });

/** An id or 0, for cursors (`since`, `after`: "newer than this id", 0 for everything). */
export const IdCursor = Type.Integer({ minimum: 0, maximum: MAX_INT4 });

/** Deepest page of a paged list a request may ask for (100,000 pages of up to 100 items). */
export const MAX_PAGE = 100_000;

/** A page number of a paged list, from 1. */
export const PageNumber = Type.Integer({
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  description: 'Page number, from 1.',
});

/**
 * The longest media position or length a player reports, in seconds: 7 days, beyond any podcast
 * episode or video (a 24-hour live stream included).
 */
export const MAX_MEDIA_SECONDS = 7 * 24 * 60 * 60;

/** A position or a length in a media file, in seconds (fractions allowed). */
export const MediaSeconds = Type.Number({ minimum: 0, maximum: MAX_MEDIA_SECONDS });

/** An experiment variant number of tracking calls (`v`, `vf`, `va`), stored as an `integer`. */
export const VariantNumber = Type.Integer({ minimum: 0, maximum: MAX_INT4 });

/**
 * The longest path parameter of the contract, in characters (hash-link tokens); the router accepts
 * path segments long enough to carry it percent-encoded (server `app.ts`).
 */
export const MAX_PATH_PARAM_LENGTH = 128;

/** An ISO 8601 date-time string, e.g. `2026-11-22T01:58:24Z`. */
export const DateTime = Type.String({ format: 'date-time' });

/** Path parameter `:id` holding a numeric id. */
export const IdParams = Type.Object({ id: Id });
/** Path parameter `:id` holding a numeric id. */
export type IdParams = Static<typeof IdParams>;

/** Path parameter `:id` holding a slug or a numeric id (sports, teams, players, topics). */
export const SlugParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 120 }) });
/** Path parameter `:id` holding a slug or a numeric id. */
export type SlugParams = Static<typeof SlugParams>;

/** Path parameter `:id` holding a hash-link token (e-mail preference pages, resets, verifications). */
export const HashParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: MAX_PATH_PARAM_LENGTH }),
});
/** Path parameter `:id` holding a hash-link token. */
export type HashParams = Static<typeof HashParams>;

/** The device hash: a random string kept on the device that identifies it (spec 1 §3). */
export const DeviceHash = Type.String({ minLength: 1, maxLength: 64 });

/** The platform flag of tracking calls: 1 on mobile (up to 767 px wide), 0 otherwise. */
export const PlatformFlag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** The platform flag of tracking calls. */
export type PlatformFlag = Static<typeof PlatformFlag>;

/** A reference to a team inside another resource (article cards, podcasts, players). */
export const TeamRef = Type.Object({
  id: Id,
  slug: Type.String(),
  sportSlug: Type.String(),
  name: Type.String(),
  fullName: Type.Optional(Type.String()),
  shortName: Type.String(),
  logo: Type.String(),
});
/** A reference to a team inside another resource. */
export type TeamRef = Static<typeof TeamRef>;

/** A reference to a sport inside another resource. */
export const SportRef = Type.Object({
  id: Id,
  slug: Type.String(),
  name: Type.String(),
  logo: Type.String(),
});
/** A reference to a sport inside another resource. */
export type SportRef = Static<typeof SportRef>;

/** A reference to a user inside another resource (fantasy team owner, chat author). */
export const UserRef = Type.Object({ id: Id, username: Type.String() });
/** A reference to a user inside another resource. */
export type UserRef = Static<typeof UserRef>;
