/**
 * What a start does to the data before serving: migrate, seed the reference data, and (unless
 * `DEMO=off`) prepare the demo sources, rosters and games. On the embedded database a built server runs
 * this in a short-lived child process (`dist/setup.js`): initdb, migrations and the demo generator
 * allocate a few hundred MB that a long-running process would keep resident, and the child gives it
 * all back when it exits.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './cli/data-dir-lock.js';
import { loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { DEMO_REFRESH_AFTER_MS, prepareDemo } from './demo/prepare-demo.js';
import { packageRoot } from './paths.js';
import { seedDemoChat } from './seed/chat-seed.js';
import { seed } from './seed/seed.js';
import { type CatalogueEntry, loadCatalogue } from './sources/catalogue/load-catalogue.js';
import { registerCatalogue } from './sources/catalogue/register-catalogue.js';
import { exportOpml } from './sources/opml-export.js';
import { chooseWorld, switchWorld } from './sources/world/choose-world.js';
import type { WorldSetting } from './sources/world/world-setting.js';

/** Whether the environment turns the demo data off (`DEMO=off`). */
export function demoDisabled(env: Record<string, string | undefined>): boolean {
  return (env.DEMO ?? '').toLowerCase() === 'off';
}

/** Options of {@link prepareData}. */
export interface PrepareDataOptions {
  /** The data folder (the demo's files live under it). */
  dataDir: string;
  /** The environment (`DEMO`, `SOURCES`). */
  env: Record<string, string | undefined>;
  /** Where the start's notes go (a world switch says what it removed). */
  log?: (line: string) => void;
}

/**
 * Migrates, seeds, chooses the world (`SOURCES`, see `sources/world/choose-world.ts`) and prepares it: the
 * demo's sources, rosters and games, or the real world's catalogue of public feeds.
 *
 * @example
 * ```ts
 * const world = await prepareData(db, { dataDir: config.dataDir, env: process.env });
 * ```
 */
export async function prepareData(db: Database, options: PrepareDataOptions): Promise<WorldSetting> {
  await migrate(db);
  await seed(db);
  const log = options.log ?? console.log;
  // A broken catalogue file must not stop a start: the demo needs none, and the real world says why it has
  // no sources (the catalogue's test catches the edit long before a user's start).
  let catalogue: CatalogueEntry[] = [];
  try {
    catalogue = loadCatalogue(options.env.CATALOGUE_DIR || undefined);
  } catch (error) {
    log(`The catalogue of real feeds could not be read: ${error instanceof Error ? error.message : error}`);
  }
  const { world, switchedFrom } = await chooseWorld(db, {
    // A test hands the server a small environment of its own: the process's CI and VITEST still count, so
    // no test run ever probes the network.
    env: { CI: process.env.CI, VITEST: process.env.VITEST, ...options.env },
    catalogueUrls: catalogue.map((e) => e.url),
  });
  if (switchedFrom) {
    // The real world's sources (an admin's list among them) are saved before they go.
    const saved = switchedFrom === 'real' ? await saveSourcesOpml(db, options.dataDir) : undefined;
    const { message } = await switchWorld(db, switchedFrom, world.mode, saved);
    log(message);
  }
  if (world.mode === 'real') {
    // The catalogue's new entries (all of them the first time); the scheduler fetches them at once.
    await registerCatalogue(db, catalogue);
  } else if (!demoDisabled(options.env)) {
    // Demo sources, rosters and games: the scheduler then ingests the demo feeds through the real
    // pipeline, in the background, so the first start serves at once.
    await prepareDemo(db, { dataDir: options.dataDir });
    // A lively chat on the first start (once).
    await seedDemoChat(db);
  }
  return world;
}

async function saveSourcesOpml(db: Database, dataDir: string): Promise<string> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, `sources-before-demo-${new Date().toISOString().slice(0, 10)}.opml`);
  writeFileSync(file, await exportOpml(db));
  return file;
}

/** The file in the data folder naming what the last preparation was made from. */
export const PREPARED_FILE = '.prepared';

function hashFolder(hash: ReturnType<typeof createHash>, dir: string, codeOnly = false): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashFolder(hash, path, codeOnly);
    // In the build only the code counts (not its source maps or build stamps).
    else if (!codeOnly || entry.name.endsWith('.js')) hash.update(entry.name).update(readFileSync(path));
  }
}

/**
 * What a preparation of the data depends on: the built server (migrations runner, seed and demo
 * generator), the server's data files (migrations, reference data, demo content) and whether the demo is
 * on. The same fingerprint as the last successful preparation means there is nothing to do.
 */
export function preparationFingerprint(builtDir: string, env: Record<string, string | undefined>): string {
  // An explicit SOURCES= may switch worlds: a different value must run the preparation again.
  const hash = createHash('sha256')
    .update(demoDisabled(env) ? 'demo:off' : 'demo:on')
    .update(`sources:${(env.SOURCES ?? '').trim().toLowerCase() || 'auto'}`);
  hashFolder(hash, builtDir, true);
  hashFolder(hash, join(packageRoot(), 'data'));
  hashFolder(hash, join(packageRoot(), 'src', 'db', 'migrations'));
  return hash.digest('hex');
}

/** Whether the data folder was prepared from `fingerprint` recently enough that the demo's dates hold. */
function preparedAlready(
  marker: string,
  fingerprint: string,
  env: Record<string, string | undefined>,
): boolean {
  if (!existsSync(marker) || readFileSync(marker, 'utf8').trim() !== fingerprint) return false;
  return demoDisabled(env) || Date.now() - statSync(marker).mtimeMs < DEMO_REFRESH_AFTER_MS;
}

/**
 * Runs {@link prepareData} in a child process on the data folder, when this is a built server (the
 * `setup.js` entry sits next to the running bundle). Answers false when it did not (running from
 * sources, e.g. under tests), so the caller prepares in-process. Throws when the child fails.
 *
 * @example
 * ```ts
 * if (!prepareDataInChild(config.dataDir, env)) await prepareData(db, { dataDir, env });
 * ```
 */
export function prepareDataInChild(dataDir: string, env: Record<string, string | undefined>): boolean {
  const entry = fileURLToPath(new URL('./setup.js', import.meta.url));
  if (!existsSync(entry) || import.meta.url.endsWith('.ts')) return false;
  // A second start of the same build on the same data has nothing to migrate, seed or generate: skip
  // the child (it opens the database once more, about half of a start's time; issue "First-run quality").
  const fingerprint = preparationFingerprint(dirname(entry), env);
  const marker = join(dataDir, PREPARED_FILE);
  if (preparedAlready(marker, fingerprint, env)) return true;
  const child = spawnSync(process.execPath, [entry], {
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (child.status !== 0) {
    throw new Error(`Preparing the data in ${dataDir} failed: ${child.stderr || child.error?.message || ''}`);
  }
  writeFileSync(marker, `${fingerprint}\n`);
  return true;
}

/**
 * Prepares the embedded database's folder of this process's configuration (DATA_DIR) before a server
 * starts on it, holding its lock meanwhile: `npm start` runs it while the site builds, and the server
 * then finds the folder prepared. Answers false, doing nothing, for PostgreSQL (the server prepares it)
 * and when another process holds the folder (the server will say so).
 *
 * @example
 * ```ts
 * prepareDataAhead(); // true once .data is migrated, seeded and has the demo
 * ```
 */
export function prepareDataAhead(env: Record<string, string | undefined> = process.env): boolean {
  const config = loadConfig(env);
  if (config.databaseUrl) return false;
  let lock: DataDirLock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return false;
    throw error;
  }
  try {
    return prepareDataInChild(config.dataDir, env);
  } finally {
    lock.release();
  }
}
