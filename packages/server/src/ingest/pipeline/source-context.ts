/**
 * What the pipeline needs to know about a source besides its row: its default teams (a team blog's
 * `source_teams`), its sport slug, its domain's paywall flag. Read once per feed, or once for a batch of feeds.
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

/** The source fields a context is read from. */
export type ContextSource = { id: number; domainId: number; sportId: number | null; topicId: number | null };

/**
 * Reads the context of a source.
 * @example
 * const context = await loadSourceContext(tx, { id: 4, domainId: 2, sportId: null, topicId: null });
 */
export async function loadSourceContext(db: Queryable, source: ContextSource): Promise<SourceContext> {
  const [context] = await loadSourceContexts(db, [source]);
  return context as SourceContext;
}

/**
 * Reads the contexts of several sources in one statement (a batch of feeds), in the order given.
 * @example
 * const [a, b] = await loadSourceContexts(tx, [sourceA, sourceB]);
 */
export async function loadSourceContexts(
  db: Queryable,
  sources: readonly ContextSource[],
): Promise<SourceContext[]> {
  if (sources.length === 0) return [];
  const { rows } = await db.query<{
    id: number | string;
    paywall: boolean | null;
    isYoutube: boolean | null;
    sportSlug: string | null;
    topicSlug: string | null;
    teamIds: (number | string)[] | null;
  }>(
    `SELECT u.id, d.paywall, d.is_youtube AS "isYoutube", sp.slug AS "sportSlug", tp.slug AS "topicSlug",
            (SELECT array_agg(team_id ORDER BY team_id) FROM source_teams WHERE source_id = u.id) AS "teamIds"
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS u(id, domain_id, sport_id, topic_id)
       LEFT JOIN domains d ON d.id = u.domain_id
       LEFT JOIN sports sp ON sp.id = u.sport_id
       LEFT JOIN topics tp ON tp.id = u.topic_id`,
    [
      sources.map((s) => s.id),
      sources.map((s) => s.domainId),
      sources.map((s) => s.sportId),
      sources.map((s) => s.topicId),
    ],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return sources.map((source) => {
    const row = byId.get(source.id);
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
  });
}
