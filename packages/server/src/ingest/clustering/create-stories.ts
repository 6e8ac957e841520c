/**
 * Creates the story rows (`clusters`) of leads that start a story: clustering's new stories, and the
 * repair's when a lead without a story is joined by another (`merge-split-stories.ts`).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { type StorySignature, signatureText } from './story-signature.js';

/** A lead that starts a story: stored already (its id), or of the batch being stored (null). */
export interface StoryLead {
  id: number | null;
  publishedAt: Date;
  signature: StorySignature;
}

/**
 * Inserts one story per lead, counting one source and first seen at the lead's publication, in two
 * statements; answers the new story ids, in order. The ids are drawn first, so each lead knows its story
 * without relying on the order of RETURNING rows.
 * @example
 * const [story] = await createStories(tx, [{ id: 42, publishedAt, signature }]);
 */
export async function createStories(tx: Queryable, leads: readonly StoryLead[]): Promise<number[]> {
  if (leads.length === 0) return [];
  const { rows } = await tx.query<{ id: number | string }>(
    `SELECT nextval(pg_get_serial_sequence('clusters', 'id')) AS id FROM generate_series(1, $1::int)`,
    [leads.length],
  );
  const ids = leads.map((_, k) => Number(rows[k]?.id));
  await tx.query(
    `INSERT INTO clusters (id, lead_article_id, sources_count, first_seen_at, last_seen_at, signature)
     SELECT id, lead, 1, at, at, sig
       FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[]) AS u(id, lead, at, sig)`,
    [
      ids,
      leads.map((l) => l.id),
      leads.map((l) => l.publishedAt.toISOString()),
      leads.map((l) => signatureText(l.signature)),
    ],
  );
  return ids;
}
