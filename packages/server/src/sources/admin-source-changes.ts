/**
 * The changes an admin makes to an existing source: edit (enable or disable, rename, sport, teams),
 * remove (keeping its articles on the site, or with them) and fetch now. Each answers false for an
 * unknown or removed source, so the route answers 404.
 * @module
 */
import type { AdminSourceUpdateBody } from '@sportspyder/contract';
import type { Database, Queryable } from '../db/database.js';
import { idsOfSlugs, replaceSourceTeams, setSourceEnabled } from './source-store.js';

/** Whether a source exists and is not removed. */
async function isLive(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM sources WHERE id = $1 AND removed_at IS NULL', [id]);
  return rows.length > 0;
}

/**
 * Applies an admin's edit. Disabling records "Disabled by <username>"; enabling makes the source due at
 * once. Unknown slugs are `SourceInputError`s (nothing is changed then).
 * @example
 * await updateSource(db, 12, { enabled: false }, 'admin');
 */
export async function updateSource(
  db: Database,
  id: number,
  body: AdminSourceUpdateBody,
  username: string,
): Promise<boolean> {
  if (!(await isLive(db, id))) return false;
  // Slugs are checked before anything is written.
  const teamIds = body.teams === undefined ? undefined : await idsOfSlugs(db, 'teams', body.teams);
  const sportId =
    body.sport === undefined
      ? undefined
      : body.sport === null
        ? null
        : (await idsOfSlugs(db, 'sports', [body.sport]))[0]!;
  await db.transaction(async (tx) => {
    if (body.title !== undefined) {
      await tx.query('UPDATE sources SET title = $2 WHERE id = $1', [id, body.title.trim() || body.title]);
    }
    if (sportId !== undefined)
      await tx.query('UPDATE sources SET sport_id = $2 WHERE id = $1', [id, sportId]);
    if (teamIds !== undefined) await replaceSourceTeams(tx, id, teamIds);
    if (body.enabled !== undefined) await setSourceEnabled(tx, id, body.enabled, `Disabled by ${username}`);
  });
  return true;
}

/**
 * Makes a source due now: the running scheduler fetches it within seconds. Answers null for an
 * unknown or removed source, else whether it is enabled (a disabled source is not fetched).
 * @example
 * const enabled = await fetchSourceNow(db, 12);
 */
export async function fetchSourceNow(db: Queryable, id: number): Promise<boolean | null> {
  const { rows } = await db.query<{ enabled: boolean }>(
    `UPDATE sources SET next_fetch_at = now() WHERE id = $1 AND removed_at IS NULL RETURNING enabled`,
    [id],
  );
  return rows[0] ? rows[0].enabled : null;
}

/**
 * Retires a source and keeps its articles on the site: it is disabled and leaves the admin's table;
 * the row stays because the articles reference it. Answers false for an unknown or removed source.
 * @example
 * await retireSource(db, 12, 'admin');
 */
export async function retireSource(db: Queryable, id: number, username: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE sources SET removed_at = now(), enabled = false,
            disabled_reason = $2, disabled_at = COALESCE(disabled_at, now())
      WHERE id = $1 AND removed_at IS NULL RETURNING id`,
    [id, `Removed by ${username}`],
  );
  return rows.length > 0;
}

/**
 * Deletes a source with everything it brought (articles and videos, podcast and episodes, posts, their
 * tags: `ON DELETE CASCADE`), and answers how many items went, or null for an unknown or removed
 * source. The stories that lost their lead article get the earliest remaining one as lead (or go, when
 * none remains), so their other articles keep showing.
 * @example
 * const removed = await deleteSource(db, 12);
 */
export async function deleteSource(db: Database, id: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ kind: string }>(
      'SELECT kind FROM sources WHERE id = $1 AND removed_at IS NULL FOR UPDATE',
      [id],
    );
    if (!rows[0]) return null;
    const counted = await tx.query<{ items: number }>(
      `SELECT ((SELECT count(*) FROM articles WHERE source_id = $1)
             + (SELECT count(*) FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id WHERE p.source_id = $1)
             + (SELECT count(*) FROM posts WHERE source_id = $1))::int AS items`,
      [id],
    );
    const stories = await tx.query<{ id: number }>(
      'SELECT DISTINCT cluster_id AS id FROM articles WHERE source_id = $1 AND cluster_id IS NOT NULL',
      [id],
    );
    await tx.query('DELETE FROM sources WHERE id = $1', [id]);
    const storyIds = stories.rows.map((r) => Number(r.id));
    if (storyIds.length > 0) await repairStories(tx, storyIds);
    return Number(counted.rows[0]?.items ?? 0);
  });
}

async function repairStories(tx: Queryable, storyIds: number[]): Promise<void> {
  await tx.query(
    `DELETE FROM clusters c WHERE c.id = ANY($1::bigint[])
        AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.cluster_id = c.id)`,
    [storyIds],
  );
  const leads = await tx.query<{ id: number }>(
    `WITH orphan AS (
       SELECT c.id FROM clusters c WHERE c.id = ANY($1::bigint[])
          AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = c.lead_article_id)
     ), pick AS (
       SELECT DISTINCT ON (a.cluster_id) a.cluster_id, a.id FROM articles a JOIN orphan o ON o.id = a.cluster_id
        ORDER BY a.cluster_id, a.published_at, a.id
     )
     UPDATE clusters c SET lead_article_id = pick.id FROM pick WHERE c.id = pick.cluster_id RETURNING pick.id`,
    [storyIds],
  );
  const leadIds = leads.rows.map((r) => Number(r.id));
  if (leadIds.length > 0) {
    await tx.query('UPDATE articles SET is_lead = true WHERE id = ANY($1::bigint[])', [leadIds]);
    await tx.query('UPDATE article_teams SET is_lead = true WHERE article_id = ANY($1::bigint[])', [leadIds]);
    await tx.query('UPDATE article_sports SET is_lead = true WHERE article_id = ANY($1::bigint[])', [
      leadIds,
    ]);
  }
  await tx.query(
    `UPDATE clusters c SET sources_count = GREATEST(1, (SELECT count(DISTINCT a.source_id) FROM articles a WHERE a.cluster_id = c.id))
      WHERE c.id = ANY($1::bigint[])`,
    [storyIds],
  );
}
