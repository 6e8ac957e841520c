/**
 * Paging helpers and slug-or-id resolvers shared by the content read routes of group B (podcasts,
 * players, games, posts, summaries): `meta.pagination` of a page, and the 404 every unknown sport,
 * team or player answers.
 * @module
 */
import type { ListMeta } from '@sportspyder/contract';
import type { Database, Queryable } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { resolveSport, resolveTeam } from '../articles/resolve.js';

/** The `meta` of one page of a list of `totalCount` items. */
export function pageMeta(page: number, perPage: number, totalCount: number): ListMeta {
  return { pagination: { page, perPage, totalPages: Math.ceil(totalCount / perPage), totalCount } };
}

/** Page and page size of a paged query, with the contract's defaults applied. */
export function pageOf(query: { page?: number; perPage?: number }, defaultPerPage: number) {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage };
}

/** Throws the contract's 404. */
export function notFound(): never {
  throw new HttpError(404, NOT_FOUND.errors);
}

/** The id of a sport given by slug or id; 404 when unknown (remembered a minute: see `resolveSport`). */
export async function resolveSportId(db: Database, idOrSlug: string): Promise<number> {
  return (await resolveSport(db, idOrSlug)).id;
}

/**
 * The id of a team given by slug or id (old slugs follow renames); 404 when unknown (remembered a
 * minute: see `resolveTeam`).
 */
export async function resolveTeamId(db: Database, idOrSlug: string): Promise<number> {
  return (await resolveTeam(db, idOrSlug)).id;
}

/** The id of a player given by slug or id; 404 when unknown. */
export async function resolvePlayerId(db: Queryable, idOrSlug: string): Promise<number> {
  const numeric = /^\d{1,9}$/.test(idOrSlug);
  const { rows } = await db.query<{ id: number }>(
    numeric ? 'SELECT id FROM players WHERE id = $1' : 'SELECT id FROM players WHERE slug = $1',
    [numeric ? Number(idOrSlug) : idOrSlug],
  );
  return rows[0] ? Number(rows[0].id) : notFound();
}
