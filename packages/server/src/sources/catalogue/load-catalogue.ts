/**
 * The real world's catalogue of public sports feeds (issue 44): data files in `data/catalogue/*.json`
 * (their format and where each entry came from: `data/catalogue/README.md`), read and checked here.
 * A file that breaks the format stops the load with the file and entry named, so a bad edit is caught by
 * the tests, not at a user's first start.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { catalogueDataDir } from '../../paths.js';

/** One entry of the catalogue: one feed. */
export const CatalogueEntry = Type.Object(
  {
    url: Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000 }),
    kind: Type.Union([
      Type.Literal('news'),
      Type.Literal('video'),
      Type.Literal('podcast'),
      Type.Literal('social'),
    ]),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    site: Type.Optional(Type.String({ maxLength: 2000 })),
    sport: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    teams: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 120 }))),
    from: Type.String({ minLength: 3, maxLength: 2000 }),
  },
  { additionalProperties: false },
);
/** One entry of the catalogue. */
export type CatalogueEntry = Static<typeof CatalogueEntry>;

const CatalogueFile = Type.Object({
  about: Type.String(),
  sources: Type.Array(Type.Unknown()),
});

/** A catalogue entry with the file it came from. */
export interface LoadedCatalogueEntry extends CatalogueEntry {
  /** The data file, e.g. `nfl.json`. */
  file: string;
}

/** Thrown for a catalogue file that breaks the format. */
export class CatalogueError extends Error {}

/**
 * Reads every catalogue file of `dir` (default the package's `data/catalogue`), in file-name order. The same
 * URL twice is an error: one feed is one source.
 * @example
 * const entries = loadCatalogue(); // [{ url, kind, title, sport, teams, from, file }, …]
 */
export function loadCatalogue(dir: string = catalogueDataDir()): LoadedCatalogueEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  const seen = new Map<string, string>();
  const out: LoadedCatalogueEntry[] = [];
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      throw new CatalogueError(`${file}: not JSON (${error instanceof Error ? error.message : error})`);
    }
    if (!Value.Check(CatalogueFile, data)) throw new CatalogueError(`${file}: needs "about" and "sources"`);
    data.sources.forEach((entry, index) => {
      if (!Value.Check(CatalogueEntry, entry)) {
        const first = [...Value.Errors(CatalogueEntry, entry)][0];
        throw new CatalogueError(
          `${file}: entry ${index + 1}${first ? ` ${first.path || '/'} ${first.message}` : ''}`,
        );
      }
      const other = seen.get(entry.url);
      if (other) throw new CatalogueError(`${file}: ${entry.url} is listed twice (also in ${other})`);
      seen.set(entry.url, file);
      out.push({ ...entry, file });
    });
  }
  return out;
}
