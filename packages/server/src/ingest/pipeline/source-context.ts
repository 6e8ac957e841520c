/**
 * What the pipeline needs to know about a source besides its row: its default teams (a team blog's
 * `source_teams`), its sport slug, its domain's paywall flag. Read once per feed.
 * @module
 */
import type { Queryable } from '../../db/database.js';

/** The tagging and storage context of one source. */
export interface SourceContext {
  /** The source id. */
  sourceId: number;
  /** Its domain id. */
  domainId: number;
  /** Teams every item of the source is filed under. */
  defaultTeamIds: number[];
  /** The source's sport id (sport-wide outlet), if any. */
  sportId: number | null;
  /** That sport's slug, context for ambiguous names. */
  sportSlug: string | null;
  /** The source's topic id (other-sport outlet), if any. */
  topicId: number | null;
  /** That topic's slug: players of team sports need more evidence in its stories. */
  topicSlug: string | null;
  /** Whether the domain is paywalled: its articles are marked `paywall`. */
  paywall: boolean;
  /** Whether the domain is a YouTube channel host. */
  isYoutube: boolean;
}

/**
 * Reads the context of a source.
 * @example
 * const context = await loadSourceContext(tx, { id: 4, domainId: 2, sportId: null, topicId: null });
 */
export async function loadSourceContext(
  db: Queryable,
  source: { id: number; domainId: number; sportId: number | null; topicId: number | null },
): Promise<SourceContext> {
  const { rows } = await db.query<{
    paywall: boolean;
    isYoutube: boolean;
    sportSlug: string | null;
    topicSlug: string | null;
    teamIds: (number | string)[] | null;
  }>(
    `SELECT d.paywall, d.is_youtube AS "isYoutube",
            (SELECT slug FROM sports WHERE id = $3) AS "sportSlug",
            (SELECT slug FROM topics WHERE id = $4) AS "topicSlug",
            (SELECT array_agg(team_id ORDER BY team_id) FROM source_teams WHERE source_id = $1) AS "teamIds"
       FROM domains d WHERE d.id = $2`,
    [source.id, source.domainId, source.sportId, source.topicId],
  );
  const row = rows[0];
  return {
    sourceId: source.id,
    domainId: source.domainId,
    defaultTeamIds: (row?.teamIds ?? []).map(Number),
    sportId: source.sportId,
    sportSlug: row?.sportSlug ?? null,
    topicId: source.topicId,
    topicSlug: row?.topicSlug ?? null,
    paywall: row?.paywall ?? false,
    isYoutube: row?.isYoutube ?? false,
  };
}
