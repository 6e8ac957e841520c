/**
 * OPML import (`feeds import <file>`): every outline with an `xmlUrl` becomes a source (feedsmith's
 * OPML parser reads the file).
 *
 * Team and sport rule: the titles (or texts) of the enclosing outlines, nearest first, and the
 * outline's own `category` attribute (comma separated) are looked up, case-insensitively, as a team
 * slug, a team full name ("Green Bay Packers"), a sport slug or a sport name ("NFL"). Every team found
 * becomes a default team of the source; the nearest sport found becomes its sport. Anything else is a
 * plain folder name and is ignored. Feeds already registered are skipped, not duplicated.
 * @module
 */
import { parseOpml } from 'feedsmith';
import type { Queryable } from '../db/database.js';
import type { SourceKind } from '../ingest/pipeline/source-row.js';
import { CliUsageError } from './cli-output.js';
import { createSource } from './source-admin.js';

/** What an OPML import did. */
export interface OpmlImportResult {
  /** Sources created. */
  created: { id: number; title: string; feedUrl: string; teams: string[]; sport: string | null }[];
  /** Feed URLs already registered (left alone). */
  existing: string[];
  /** Outlines that could not be imported, with the reason. */
  failed: { feedUrl: string; reason: string }[];
}

interface Outline {
  text?: string;
  title?: string;
  xmlUrl?: string;
  type?: string;
  category?: string;
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

/**
 * Imports the feeds of an OPML document.
 * @example
 * const result = await importOpml(db, readFileSync('feeds.opml', 'utf8'), { kind: 'podcast' });
 */
export async function importOpml(
  db: Queryable,
  opml: string,
  options: { kind?: SourceKind } = {},
): Promise<OpmlImportResult> {
  let outlines: Outline[];
  try {
    outlines = (parseOpml(opml).body?.outlines ?? []) as Outline[];
  } catch (error) {
    throw new CliUsageError(`Not an OPML file: ${error instanceof Error ? error.message : String(error)}`);
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
      const exists = await db.query('SELECT 1 FROM sources WHERE feed_url = $1', [feedUrl]);
      if (exists.rows.length > 0) {
        result.existing.push(feedUrl);
      } else {
        try {
          const source = await createSource(db, {
            feedUrl,
            ...(options.kind
              ? { kind: options.kind }
              : outline.type === 'podcast'
                ? { kind: 'podcast' }
                : {}),
            ...(label ? { title: label } : {}),
            teamSlugs: teams,
            ...(sport ? { sportSlug: sport } : {}),
          });
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
