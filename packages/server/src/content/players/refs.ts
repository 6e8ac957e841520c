/**
 * Batched loaders of the small team and sport references that players, podcasts, episodes and
 * posts embed (the contract's TeamRef, SportRef and PodcastTeam), plus row value helpers shared by
 * the content read modules (ids may come back as bigint or string, timestamps as Date or string).
 * @module
 */
import type { SportRef, TeamRef } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { sportLogoUrl } from '../../routes/sports.js';
import { teamLogoUrl } from '../../routes/teams.js';

/** Turns an id column value (number, bigint or numeric string) into a number. */
export function toId(value: unknown): number {
  return Number(value);
}

/** A UTC time as PostgreSQL's JSON writes it: date, time, optional fraction, `+00:00` (or `Z`). */
const UTC_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:\+00:00|Z)$/;

/** Turns a timestamp column value (Date or string) into an ISO 8601 string. */
export function toIso(value: unknown): string {
  if (typeof value === 'string') {
    // JSON columns give UTC times as `2026-11-27T11:46:26.190123+00:00`: cut to milliseconds as a Date
    // would, without building one per field (about 2% of a feed request's CPU profile).
    const utc = UTC_TIME.exec(value);
    if (utc) return `${utc[1]}.${`${utc[2] ?? ''}000`.slice(0, 3)}Z`;
  }
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/**
 * The rows of a `json_agg` column (PGlite may give it as text, node-postgres parses it; null when
 * nothing was aggregated).
 */
export function jsonRows<T>(value: T[] | string | null | undefined): T[];
/** The rows of a `json_agg` column read as `unknown`, typed by the caller. */
export function jsonRows<T>(value: unknown): T[];
export function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/** The distinct, valid ids of a list, for `= ANY($1)` queries. */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/** A row of {@link teamRefsSql}. */
export interface TeamRefRow {
  id: number;
  slug: string;
  name: string;
  full_name: string;
  short_name: string;
  sport_slug: string;
}

/** The TeamRef of a team row joined with its sport slug. */
function toTeamRef(row: TeamRefRow): TeamRef {
  return {
    id: toId(row.id),
    slug: row.slug,
    sportSlug: row.sport_slug,
    name: row.name,
    fullName: row.full_name,
    shortName: row.short_name,
    logo: teamLogoUrl(row.slug),
  };
}

/** The team refs of the teams whose ids the `int[]` SQL expression `teamIds` holds. */
export const teamRefsSql = (teamIds: string) =>
  `SELECT t.id, t.slug, t.name, t.full_name, t.short_name, s.slug AS sport_slug
   FROM teams t JOIN sports s ON s.id = t.sport_id WHERE t.id = ANY(${teamIds})`;

/** The sport refs of the sports whose ids the `int[]` SQL expression `sportIds` holds. */
export const sportRefsSql = (sportIds: string) =>
  `SELECT id, slug, name FROM sports WHERE id = ANY(${sportIds})`;

/** TeamRefs keyed by id, from the rows of {@link teamRefsSql}. */
export function teamRefsOf(rows: readonly TeamRefRow[]): Map<number, TeamRef> {
  return new Map(rows.map((row) => [toId(row.id), toTeamRef(row)]));
}

/** SportRefs keyed by id, from the rows of {@link sportRefsSql}. */
export function sportRefsOf(
  rows: readonly { id: number; slug: string; name: string }[],
): Map<number, SportRef> {
  return new Map(
    rows.map((row) => [
      toId(row.id),
      { id: toId(row.id), slug: row.slug, name: row.name, logo: sportLogoUrl(row.slug) },
    ]),
  );
}

/** Loads the TeamRefs of the given team ids in one query, keyed by id. */
export async function loadTeamRefs(db: Queryable, ids: readonly number[]): Promise<Map<number, TeamRef>> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<TeamRefRow>(teamRefsSql('$1::int[]'), [wanted]);
  return teamRefsOf(rows);
}

/** Loads the SportRefs of the given sport ids in one query, keyed by id. */
export async function loadSportRefs(db: Queryable, ids: readonly number[]): Promise<Map<number, SportRef>> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; slug: string; name: string }>(sportRefsSql('$1::int[]'), [
    wanted,
  ]);
  return sportRefsOf(rows);
}
