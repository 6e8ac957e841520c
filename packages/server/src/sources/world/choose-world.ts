/**
 * Which world a database serves (issue 44, "Which world"): `SOURCES=auto|real|demo`, default `auto`.
 *
 * - A database keeps the world it was made in: later starts with `auto` (or the same word) stay in it.
 * - `auto` on a new database chooses `real` when a few of the catalogue's hosts answer within
 *   {@link PROBE_TIMEOUT_MS}, `demo` otherwise; a database made before this switch existed, holding the
 *   demo's sources, stays in the demo; a test or CI run never probes.
 * - An explicit `SOURCES=` naming the other world switches; {@link switchWorld} then removes the other
 *   world's sources with their articles, so the two worlds never mix on a page, and says so.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { PROBE_TIMEOUT_MS, type ProbeResult, probeHosts, probeOrigins } from './probe-hosts.js';
import { readWorld, type WorldMode, type WorldSetting, writeWorld } from './world-setting.js';

/** The values of `SOURCES`. */
export type SourcesSetting = 'auto' | WorldMode;

/** Thrown for a `SOURCES` value that is not one of the three. */
export class SourcesSettingError extends Error {}

/**
 * Reads `SOURCES` (default `auto`).
 * @example
 * sourcesSettingOf({ SOURCES: 'demo' }); // 'demo'
 */
export function sourcesSettingOf(env: Record<string, string | undefined>): SourcesSetting {
  const value = (env.SOURCES ?? '').trim().toLowerCase() || 'auto';
  if (value === 'auto' || value === 'real' || value === 'demo') return value;
  throw new SourcesSettingError(`SOURCES must be auto, real or demo (got "${env.SOURCES}")`);
}

/** Options of {@link chooseWorld}. */
export interface ChooseWorldOptions {
  /** The environment (`SOURCES`, and `CI`/`VITEST`, under which `auto` never probes). */
  env: Record<string, string | undefined>;
  /** The catalogue's feed URLs, whose hosts `auto` probes. */
  catalogueUrls: readonly string[];
  /** The probe (tests pass their own). */
  probe?: (origins: readonly string[]) => Promise<ProbeResult>;
  /** The clock. */
  now?: Date;
}

/** The world chosen, and the world the database was in when this start switched it. */
export interface WorldChoice {
  /** The world in force, as stored. */
  world: WorldSetting;
  /** Set when this start switched worlds (an explicit `SOURCES=`): the world left. */
  switchedFrom: WorldMode | null;
}

/**
 * Chooses (or keeps) the world of this database and stores it.
 * @example
 * const { world } = await chooseWorld(db, { env: process.env, catalogueUrls });
 */
export async function chooseWorld(db: Queryable, options: ChooseWorldOptions): Promise<WorldChoice> {
  const setting = sourcesSettingOf(options.env);
  const stored = await readWorld(db);
  const at = (options.now ?? new Date()).toISOString();
  if (stored && (setting === 'auto' || setting === stored.mode)) return { world: stored, switchedFrom: null };
  let world: WorldSetting;
  if (stored) {
    world = {
      mode: setting as WorldMode,
      reason: `SOURCES=${setting}: switched from the ${stored.mode} world`,
      chosenAt: at,
    };
  } else if (setting !== 'auto') {
    world = { mode: setting, reason: `SOURCES=${setting}`, chosenAt: at };
  } else if (await hasDemoSources(db)) {
    world = {
      mode: 'demo',
      reason: 'this data was made with the demo before the world switch existed',
      chosenAt: at,
    };
  } else if (options.env.CI || options.env.VITEST) {
    world = {
      mode: 'demo',
      reason: 'a test or CI run (CI or VITEST is set) never probes the network',
      chosenAt: at,
    };
  } else {
    const origins = probeOrigins(options.catalogueUrls);
    const probe = options.probe ?? ((o: readonly string[]) => probeHosts(o));
    const result = await probe(origins);
    world =
      result.reached > 0
        ? {
            mode: 'real',
            reason: `${result.reached} of ${result.asked} catalogue hosts answered (first ${result.first}, ${result.ms} ms)`,
            chosenAt: at,
          }
        : {
            mode: 'demo',
            reason: `none of ${result.asked} catalogue hosts answered within ${PROBE_TIMEOUT_MS / 1000} s: no network`,
            chosenAt: at,
          };
  }
  await writeWorld(db, world);
  return { world, switchedFrom: stored ? stored.mode : null };
}

async function hasDemoSources(db: Queryable): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM sources WHERE origin = 'demo' LIMIT 1");
  return rows.length > 0;
}

/** What a switch removed. */
export interface WorldSwitchResult {
  /** Sources removed. */
  sources: number;
  /** Their articles and videos removed with them. */
  articles: number;
  /** One sentence for the start's log. */
  message: string;
}

/**
 * Removes the sources of the world left (with their articles, episodes and posts, by the foreign keys'
 * cascade), so that no page mixes the two worlds. Leaving the real world removes the catalogue's and the
 * admin's sources: the caller saves them as OPML first (`saveOpml`), so an admin's list is never lost.
 * @example
 * const { message } = await switchWorld(db, 'demo', 'real');
 */
export async function switchWorld(
  db: Queryable,
  from: WorldMode,
  to: WorldMode,
  saved?: string,
): Promise<WorldSwitchResult> {
  const origins = from === 'demo' ? ['demo'] : ['catalogue', 'admin'];
  const counts = await db.query<{ sources: string | number; articles: string | number }>(
    `SELECT count(*) AS sources,
            (SELECT count(*) FROM articles a JOIN sources s ON s.id = a.source_id WHERE s.origin = ANY($1)) AS articles
       FROM sources WHERE origin = ANY($1)`,
    [origins],
  );
  await db.query('DELETE FROM sources WHERE origin = ANY($1)', [origins]);
  const sources = Number(counts.rows[0]?.sources ?? 0);
  const articles = Number(counts.rows[0]?.articles ?? 0);
  const what = from === 'demo' ? 'demo' : 'real (catalogue and admin)';
  const message =
    `Switched from the ${from} world to the ${to} world: removed the ${sources} ${what} sources and their ` +
    `${articles} articles${saved ? `; they were saved first to ${saved}` : ''}.`;
  return { sources, articles, message };
}
