/**
 * Paging helpers and slug-or-id resolvers shared by the content read routes of group B (podcasts,
 * players, games, posts, summaries): `meta.pagination` of a page, and the 404 every unknown sport,
 * team or player answers.
 * @module
 */
import type { ListMeta } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';

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

async function resolve(
  db: Queryable,
  table: 'sports' | 'teams' | 'players',
  idOrSlug: string,
): Promise<number> {
  const numeric = /^\d{1,9}$/.test(idOrSlug);
  const { rows } = await db.query<{ id: number }>(
    numeric ? `SELECT id FROM ${table} WHERE id = $1` : `SELECT id FROM ${table} WHERE slug = $1`,
    [numeric ? Number(idOrSlug) : idOrSlug],
  );
  if (rows[0]) return Number(rows[0].id);
  if (table === 'teams' && !numeric) {
    // Renamed teams keep answering under their old slug (renames are stored resolved).
    const renamed = await db.query<{ id: number }>(
      'SELECT t.id FROM team_slug_renames r JOIN teams t ON t.slug = r.to_slug WHERE r.from_slug = $1',
      [idOrSlug],
    );
    if (renamed.rows[0]) return Number(renamed.rows[0].id);
  }
  return notFound();
}

/** The id of a sport given by slug or id; 404 when unknown. */
export function resolveSportId(db: Queryable, idOrSlug: string): Promise<number> {
  return resolve(db, 'sports', idOrSlug);
}

/** The id of a team given by slug or id (old slugs follow renames); 404 when unknown. */
export function resolveTeamId(db: Queryable, idOrSlug: string): Promise<number> {
  return resolve(db, 'teams', idOrSlug);
}

/** The id of a player given by slug or id; 404 when unknown. */
export function resolvePlayerId(db: Queryable, idOrSlug: string): Promise<number> {
  return resolve(db, 'players', idOrSlug);
}
