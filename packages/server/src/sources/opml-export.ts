/**
 * OPML export of every source (`GET api/v1/admin/sources.opml`), in the form the import reads
 * (`opml-import.ts`), so exporting and importing into an empty database gives the same sources with the
 * same kind, teams and sport.
 *
 * Shape: one folder outline per sport (titled with the sport's name) holding the sport's sources, then
 * the sources without a sport at the top level (a folder would lend them a sport on import). Each source
 * is `<outline type="rss" text title xmlUrl htmlUrl category kind>`: `category` names its teams and sport
 * by slug (`/nfl,/green-bay-packers`), `kind` what it carries (readers that do not know it ignore it).
 * Removed sources are not exported.
 * @module
 */
import { generateOpml, type Opml } from 'feedsmith';
import type { Queryable } from '../db/database.js';

/** The file name the export is downloaded as. */
export const OPML_EXPORT_FILENAME = 'sportspyder-sources.opml';

interface ExportRow {
  title: string;
  feedUrl: string;
  kind: string;
  website: string | null;
  sportSlug: string | null;
  sportName: string | null;
  teamSlugs: string[];
}

/** An outline of the export, with the `kind` attribute the import reads. */
type ExportOutline = Opml.Outline<Date, ['kind']>;

function siteOf(row: ExportRow): string | undefined {
  if (row.website) return row.website;
  if (!/^https?:\/\//i.test(row.feedUrl)) return undefined;
  try {
    return new URL(row.feedUrl).origin;
  } catch {
    return undefined;
  }
}

function outlineOf(row: ExportRow): ExportOutline {
  const categories = [...(row.sportSlug ? [row.sportSlug] : []), ...row.teamSlugs].map((slug) => `/${slug}`);
  const site = siteOf(row);
  return {
    text: row.title,
    title: row.title,
    type: 'rss',
    xmlUrl: row.feedUrl,
    ...(site ? { htmlUrl: site } : {}),
    ...(categories.length > 0 ? { category: categories.join(',') } : {}),
    kind: row.kind,
  };
}

/**
 * The OPML document of every unremoved source.
 * @example
 * reply.type('text/x-opml').send(await exportOpml(db));
 */
export async function exportOpml(db: Queryable, now = new Date()): Promise<string> {
  const { rows } = await db.query<ExportRow>(
    `SELECT s.title, s.feed_url AS "feedUrl", s.kind, p.website, sp.slug AS "sportSlug", sp.name AS "sportName",
            COALESCE((SELECT array_agg(t.slug ORDER BY t.slug) FROM source_teams st JOIN teams t ON t.id = st.team_id
                       WHERE st.source_id = s.id), '{}') AS "teamSlugs"
       FROM sources s
       LEFT JOIN sports sp ON sp.id = s.sport_id
       LEFT JOIN podcasts p ON p.source_id = s.id
      WHERE s.removed_at IS NULL
      ORDER BY sp.position NULLS LAST, sp.id, lower(s.title), s.id`,
  );
  // Rows come sorted by sport: one folder per sport, in that order.
  const folders = new Map<string, ExportOutline>();
  const loose: ExportOutline[] = [];
  for (const row of rows) {
    const outline = outlineOf({ ...row, teamSlugs: row.teamSlugs ?? [] });
    if (!row.sportSlug) {
      loose.push(outline);
      continue;
    }
    const name = row.sportName ?? row.sportSlug;
    let folder = folders.get(row.sportSlug);
    if (!folder) {
      folder = { text: name, title: name, outlines: [] };
      folders.set(row.sportSlug, folder);
    }
    folder.outlines?.push(outline);
  }
  const outlines = [...folders.values(), ...loose];
  const head = { title: 'SportSpyder sources', dateCreated: now };
  if (outlines.length === 0) return emptyOpml(head);
  return generateOpml<['kind']>({ head, body: { outlines } }, { extraOutlineAttributes: ['kind'] });
}

/**
 * The document of an empty catalogue. feedsmith refuses a body without outlines ("Invalid input OPML"),
 * yet an administrator who removed every source still expects a file (readers and the import accept an
 * empty body): the head is generated as usual and the body left empty.
 */
function emptyOpml(head: { title: string; dateCreated: Date }): string {
  const placeholder = { text: '', xmlUrl: 'about:blank' };
  const withOne = generateOpml({ head, body: { outlines: [placeholder] } });
  return withOne.replace(/<body>[\s\S]*<\/body>/, '<body/>');
}
