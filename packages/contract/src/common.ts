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

/** A database id: a positive integer. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** An ISO 8601 date-time string, e.g. `2026-11-22T01:58:24Z`. */
export const DateTime = Type.String({ format: 'date-time' });

/** Path parameter `:id` holding a numeric id. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** Path parameter `:id` holding a numeric id. */
export type IdParams = Static<typeof IdParams>;

/** Path parameter `:id` holding a slug or a numeric id (sports, teams, players, topics). */
export const SlugParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 120 }) });
/** Path parameter `:id` holding a slug or a numeric id. */
export type SlugParams = Static<typeof SlugParams>;

/** Path parameter `:id` holding a hash-link token (e-mail preference pages, resets, verifications). */
export const HashParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });
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
