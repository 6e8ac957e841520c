/**
 * Loads sources by id into the contract's `Source` shape, in the order of the given ids, with their
 * domain, volume, article count, last article, default teams and (for a member) whether they follow it.
 * One query for the sources and their figures, one for the teams, one for the follows.
 * @module
 */
import type { Source, TeamRef } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { teamLogoUrl } from '../../routes/teams.js';

/** Days the daily volume is averaged over. */
export const VOLUME_DAYS = 7;

/** Options of {@link loadSources}. */
export interface LoadSourcesOptions {
  /** The signed-in member, for `following`; visitors follow nothing. */
  userId?: number | null;
}

interface SourceRow {
  id: number;
  description: string | null;
  domain_id: number;
  domain_name: string;
  domain_favicon: string | null;
  domain_description: string | null;
  domain_label: string | null;
  domain_is_youtube: boolean;
  articles_count: number | string;
  recent_count: number | string;
  last_id: number | string | null;
  last_title: string | null;
  last_published_at: Date | string | null;
}

interface SourceTeamRow {
  source_id: number;
  id: number;
  slug: string;
  name: string;
  full_name: string;
  short_name: string;
  sport_slug: string;
}

/**
 * Loads sources by id, in the order of `ids` (unknown ids are skipped).
 *
 * @example
 * ```ts
 * const [source] = await loadSources(db, [3], { userId: 12 });
 * ```
 */
export async function loadSources(
  db: Queryable,
  ids: readonly number[],
  opts: LoadSourcesOptions = {},
): Promise<Source[]> {
  if (ids.length === 0) return [];
  // Counts run on articles_source_published_idx (an index range per source, not a table scan).
  const [sources, teams, follows] = await Promise.all([
    db.query<SourceRow>(
      `SELECT s.id, coalesce(s.description, d.description) AS description,
         d.id AS domain_id, d.name AS domain_name, d.favicon AS domain_favicon,
         d.description AS domain_description, d.label AS domain_label, d.is_youtube AS domain_is_youtube,
         (SELECT count(*) FROM articles x WHERE x.source_id = s.id) AS articles_count,
         (SELECT count(*) FROM articles x WHERE x.source_id = s.id
            AND x.published_at > now() - make_interval(days => $2)) AS recent_count,
         l.id AS last_id, l.title AS last_title, l.published_at AS last_published_at
       FROM sources s JOIN domains d ON d.id = s.domain_id
       LEFT JOIN LATERAL (
         SELECT x.id, x.title, x.published_at FROM articles x WHERE x.source_id = s.id
         ORDER BY x.published_at DESC, x.id DESC LIMIT 1
       ) l ON true
       WHERE s.id = ANY($1::int[])`,
      [ids, VOLUME_DAYS],
    ),
    db.query<SourceTeamRow>(
      `SELECT st.source_id, t.id, t.slug, t.name, t.full_name, t.short_name, sp.slug AS sport_slug
       FROM source_teams st JOIN teams t ON t.id = st.team_id JOIN sports sp ON sp.id = t.sport_id
       WHERE st.source_id = ANY($1::int[]) ORDER BY t.full_name`,
      [ids],
    ),
    opts.userId
      ? db.query<{ source_id: number }>(
          'SELECT source_id FROM source_follows WHERE user_id = $1 AND source_id = ANY($2::int[])',
          [opts.userId, ids],
        )
      : Promise.resolve({ rows: [] as { source_id: number }[] }),
  ]);
  const teamsOf = new Map<number, TeamRef[]>();
  for (const t of teams.rows) {
    const list = teamsOf.get(t.source_id) ?? [];
    list.push({
      id: t.id,
      slug: t.slug,
      sportSlug: t.sport_slug,
      name: t.name,
      fullName: t.full_name,
      shortName: t.short_name,
      logo: teamLogoUrl(t.slug),
    });
    teamsOf.set(t.source_id, list);
  }
  const followed = new Set(follows.rows.map((r) => r.source_id));
  const byId = new Map(sources.rows.map((row) => [row.id, row]));
  const out: Source[] = [];
  for (const id of ids) {
    const row = byId.get(Number(id));
    if (!row) continue;
    out.push({
      id: row.id,
      description: row.description,
      dailyVolume: Math.round((Number(row.recent_count) / VOLUME_DAYS) * 10) / 10,
      articlesCount: Number(row.articles_count),
      domain: {
        id: row.domain_id,
        name: row.domain_name,
        favicon: row.domain_favicon,
        description: row.domain_description,
        isYoutube: row.domain_is_youtube,
        label: row.domain_label ?? row.domain_name,
      },
      lastArticle:
        row.last_id !== null && row.last_title !== null && row.last_published_at !== null
          ? {
              id: Number(row.last_id),
              title: row.last_title,
              createdAt: new Date(row.last_published_at).toISOString(),
            }
          : null,
      teams: teamsOf.get(row.id) ?? [],
      following: followed.has(row.id),
      egg: { id: row.id },
    });
  }
  return out;
}
