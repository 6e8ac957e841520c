/**
 * The header's live search (spec 1 §4.3, issue "Search"): up to {@link LIVE_RESULTS_LIMIT} teams,
 * players, topics, sources and podcasts for the dropdown, best first, each with the site path it opens,
 * a logo and a second line saying what it is. Matching is `live-name-match.ts`.
 * @module
 */
import type { LiveSearchResult } from '@sportspyder/contract';
import type { Database } from '../db/database.js';
import { LIVE_KIND_ORDER, matchLiveNames, withLiveSettings } from './live-name-match.js';
import { bind, type NameKind, type NameMatch, toNameQuery } from './name-match.js';

/** Results in the dropdown. */
export const LIVE_RESULTS_LIMIT = 10;

/**
 * Rows one kind may take while other kinds have matches: "chi" finds eight Chicago teams, and the
 * players, sources and podcasts that begin with it must still show.
 */
export const LIVE_KIND_CAP = 6;

/**
 * The dropdown's rows from the best-first matches: best first, no kind beyond {@link LIVE_KIND_CAP}
 * while another kind has a match left, then the rest in order until the list is full.
 */
export function pickLiveMatches(matches: readonly NameMatch[], limit = LIVE_RESULTS_LIMIT): NameMatch[] {
  const picked: NameMatch[] = [];
  const skipped: NameMatch[] = [];
  const perKind = new Map<NameKind, number>();
  for (const match of matches) {
    if (picked.length === limit) break;
    const count = perKind.get(match.kind) ?? 0;
    if (count >= LIVE_KIND_CAP) {
      skipped.push(match);
      continue;
    }
    perKind.set(match.kind, count + 1);
    picked.push(match);
  }
  picked.push(...skipped.slice(0, limit - picked.length));
  // Back in best-first order: a capped kind's extra rows go after better rows of other kinds.
  return picked.sort((a, b) => matches.indexOf(a) - matches.indexOf(b));
}

interface DetailRow {
  kind: NameKind;
  id: number;
  name: string;
  label: string;
  url: string;
  logo: string | null;
}

// The details of each kind (every branch names its columns: any may come first), in one statement of
// the kinds found (a query of one kind plans and runs the branch it needs, not all five). Labels: a team's sport, a player's position and team, a source's
// publisher (or what it is when the title already names it), a podcast's author.
const DETAILS_SQL: Record<Exclude<NameKind, 'domain'>, string> = {
  team: `SELECT 'team' AS kind, t.id, t.full_name AS name, s.name AS label, '/' || s.slug || '/' || t.slug AS url,
         '/logos/teams/' || t.slug || '.svg' AS logo
  FROM teams t JOIN sports s ON s.id = t.sport_id WHERE t.id = ANY(:team::int[])`,
  player: `SELECT 'player' AS kind, p.id, p.name, concat_ws(' · ', pos.abbr, COALESCE(t.full_name, s.name)) AS label,
         '/players/' || p.slug AS url,
         CASE WHEN t.slug IS NULL THEN '/logos/sports/' || s.slug || '.svg' ELSE '/logos/teams/' || t.slug || '.svg' END AS logo
  FROM players p JOIN sports s ON s.id = p.sport_id
  LEFT JOIN teams t ON t.id = p.team_id LEFT JOIN positions pos ON pos.id = p.position_id
  WHERE p.id = ANY(:player::int[])`,
  topic: `SELECT 'topic' AS kind, t.id, t.name, 'Topic' AS label, '/s/' || t.slug AS url, NULL AS logo
  FROM topics t WHERE t.id = ANY(:topic::int[])`,
  source: `SELECT 'source' AS kind, s.id, s.title AS name,
         CASE WHEN lower(s.title) = lower(d.name) THEN
           CASE s.kind WHEN 'video' THEN 'Video channel' ELSE 'News source' END
         ELSE d.name END AS label,
         '/sources/' || s.id || '/news' AS url, d.favicon AS logo
  FROM sources s JOIN domains d ON d.id = s.domain_id WHERE s.id = ANY(:source::int[])`,
  podcast: `SELECT 'podcast' AS kind, p.id, p.title AS name,
         CASE WHEN COALESCE(p.author, '') IN ('', p.title) THEN 'Podcast' ELSE 'Podcast · ' || p.author END AS label,
         '/podcasts/' || p.id AS url, p.image_url AS logo
  FROM podcasts p WHERE p.id = ANY(:podcast::int[])`,
};

function idsOf(matches: readonly NameMatch[], kind: NameKind): number[] {
  return matches.filter((m) => m.kind === kind).map((m) => m.id);
}

/**
 * The dropdown's results for `q` (already cleaned); none for a query with nothing searchable.
 *
 * @example
 * ```ts
 * const results = await liveSearch(db, 'packrs'); // [{ id: 'team-9', name: 'Green Bay Packers', ... }]
 * ```
 */
export async function liveSearch(db: Database, q: string): Promise<LiveSearchResult[]> {
  const query = toNameQuery(q);
  if (!query) return [];
  const found = await withLiveSettings(db, async (tx) => {
    const matches = pickLiveMatches(await matchLiveNames(tx, query, LIVE_RESULTS_LIMIT));
    if (matches.length === 0) return null;
    const kinds = LIVE_KIND_ORDER.filter((kind) => matches.some((match) => match.kind === kind));
    const { text, params } = bind(
      kinds.map((kind) => DETAILS_SQL[kind as keyof typeof DETAILS_SQL]).join(' UNION ALL '),
      Object.fromEntries(kinds.map((kind) => [kind, idsOf(matches, kind)])),
    );
    return { matches, rows: (await tx.query<DetailRow>(text, params)).rows };
  });
  if (!found) return [];
  const { matches, rows } = found;
  const byKey = new Map(rows.map((row) => [`${row.kind}-${Number(row.id)}`, row]));
  return matches.flatMap((match) => {
    const row = byKey.get(`${match.kind}-${match.id}`);
    if (!row) return [];
    return [
      { id: `${match.kind}-${match.id}`, name: row.name, url: row.url, logo: row.logo, label: row.label },
    ];
  });
}
