/**
 * OPML import, shared by the CLI's `feeds import <file>` and the admin API's import: every outline with
 * an `xmlUrl` becomes a source (feedsmith's OPML parser reads the document).
 *
 * Team and sport rule: the titles (or texts) of the enclosing outlines, nearest first, and the
 * outline's own `category` attribute (comma separated, a leading `/` ignored) are looked up,
 * case-insensitively, as a team slug, a team full name ("Green Bay Packers"), a sport slug or a sport
 * name ("NFL"). Every team found becomes a default team of the source; the nearest sport found becomes
 * its sport. Anything else is a plain folder name and is ignored. The kind is the caller's, else the
 * outline's `kind` attribute (written by the export, `opml-export.ts`), else `podcast` for
 * `type="podcast"`, else guessed from the URL. Feeds already registered are skipped, not duplicated.
 * @module
 */
import { parseOpml } from 'feedsmith';
import type { Queryable } from '../db/database.js';
import type { SourceKind } from '../ingest/pipeline/source-row.js';
import { createSource, SOURCE_KINDS, SourceInputError, type SourceOrigin } from './source-store.js';

/** What an OPML import did. */
export interface OpmlImportResult {
  /** Sources created. */
  created: { id: number; title: string; feedUrl: string; teams: string[]; sport: string | null }[];
  /** Feed URLs already registered (left alone). */
  existing: string[];
  /** Outlines that could not be imported, with the reason. */
  failed: { feedUrl: string; reason: string }[];
}

/** Options of {@link importOpml}. */
export interface OpmlImportOptions {
  /** The kind of every feed (default: per outline, see the module comment). */
  kind?: SourceKind;
  /** Accept http(s) feed URLs only (the API). */
  webOnly?: boolean;
  /** Where the sources come from (default `admin`). */
  origin?: SourceOrigin;
}

interface Outline {
  text?: string;
  title?: string;
  xmlUrl?: string;
  type?: string;
  category?: string;
  kind?: string;
  outlines?: Outline[];
}

interface Lookup {
  teams: Map<string, string>;
  sports: Map<string, string>;
}

async function loadLookup(db: Queryable): Promise<Lookup> {
  const teams = await db.query<{ slug: string; fullName: string }>(
    'SELECT slug, full_name AS "fullName" FROM teams',
  );
  const sports = await db.query<{ slug: string; name: string }>('SELECT slug, name FROM sports');
  const lookup: Lookup = { teams: new Map(), sports: new Map() };
  for (const t of teams.rows) {
    lookup.teams.set(t.slug.toLowerCase(), t.slug);
    lookup.teams.set(t.fullName.toLowerCase(), t.slug);
  }
  for (const s of sports.rows) {
    lookup.sports.set(s.slug.toLowerCase(), s.slug);
    lookup.sports.set(s.name.toLowerCase(), s.slug);
  }
  return lookup;
}

function kindOf(outline: Outline, options: OpmlImportOptions): SourceKind | undefined {
  if (options.kind) return options.kind;
  const declared = outline.kind?.trim().toLowerCase();
  if (declared && SOURCE_KINDS.includes(declared as SourceKind)) return declared as SourceKind;
  if (outline.type === 'podcast') return 'podcast';
  return undefined;
}

/**
 * Imports the feeds of an OPML document. A document that is not OPML is a {@link SourceInputError} on
 * `opml`; a bad outline is reported in `failed` and the others are imported.
 * @example
 * const result = await importOpml(db, readFileSync('feeds.opml', 'utf8'), { kind: 'podcast' });
 */
export async function importOpml(
  db: Queryable,
  opml: string,
  options: OpmlImportOptions = {},
): Promise<OpmlImportResult> {
  let outlines: Outline[];
  try {
    outlines = (parseOpml(opml, { extraOutlineAttributes: ['kind'] }).body?.outlines ?? []) as Outline[];
  } catch (error) {
    throw new SourceInputError(
      'opml',
      'invalid',
      `Not an OPML file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const lookup = await loadLookup(db);
  const result: OpmlImportResult = { created: [], existing: [], failed: [] };

  const visit = async (outline: Outline, ancestors: string[]): Promise<void> => {
    const label = (outline.title ?? outline.text ?? '').trim();
    if (outline.xmlUrl) {
      const feedUrl = outline.xmlUrl.trim();
      const names = [
        ...(outline.category ?? '')
          .split(',')
          .map((c) => c.trim().replace(/^\//, ''))
          .filter(Boolean),
        ...ancestors,
      ].map((n) => n.toLowerCase());
      const teams = [...new Set(names.map((n) => lookup.teams.get(n)).filter((t): t is string => !!t))];
      const sport = names.map((n) => lookup.sports.get(n)).find((s): s is string => !!s) ?? null;
      const exists = await db.query('SELECT 1 FROM sources WHERE feed_url = $1 AND removed_at IS NULL', [
        feedUrl,
      ]);
      if (exists.rows.length > 0) {
        result.existing.push(feedUrl);
      } else {
        try {
          const kind = kindOf(outline, options);
          const source = await createSource(
            db,
            {
              feedUrl,
              ...(kind ? { kind } : {}),
              ...(label ? { title: label } : {}),
              teamSlugs: teams,
              ...(sport ? { sportSlug: sport } : {}),
              ...(options.origin ? { origin: options.origin } : {}),
            },
            { webOnly: options.webOnly === true },
          );
          result.created.push({ id: source.id, title: source.title, feedUrl, teams, sport });
        } catch (error) {
          result.failed.push({ feedUrl, reason: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    // Nearest folder first.
    for (const child of outline.outlines ?? []) await visit(child, label ? [label, ...ancestors] : ancestors);
  };
  for (const outline of outlines) await visit(outline, []);
  return result;
}
