/**
 * The `meta.pagination` of unpaged lists (the whole list is one page).
 * @module
 */
import type { ListMeta } from '@sportspyder/contract';

/** Pagination facts for a list returned whole. */
export function listMeta(count: number): ListMeta {
  return {
    pagination: { page: 1, perPage: Math.max(count, 1), totalPages: count > 0 ? 1 : 0, totalCount: count },
  };
}
