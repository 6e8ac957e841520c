/**
 * Loads domains (publisher sites, YouTube channels) by id into the contract's `Domain`, in id order given.
 * @module
 */
import type { Domain } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';

interface DomainRow {
  id: number;
  name: string;
  favicon: string | null;
  description: string | null;
  label: string | null;
  is_youtube: boolean;
}

/**
 * Loads domains by id, in the order of `ids` (unknown ids are skipped).
 *
 * @example
 * ```ts
 * const [domain] = await loadDomains(db, [4]);
 * ```
 */
export async function loadDomains(db: Queryable, ids: readonly number[]): Promise<Domain[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<DomainRow>(
    'SELECT id, name, favicon, description, label, is_youtube FROM domains WHERE id = ANY($1::int[])',
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(Number(id));
    return row
      ? [
          {
            id: row.id,
            name: row.name,
            favicon: row.favicon,
            description: row.description,
            isYoutube: row.is_youtube,
            label: row.label ?? row.name,
          },
        ]
      : [];
  });
}
