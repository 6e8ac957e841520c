/**
 * What a start does to the data before serving: migrate, seed the reference data, and (unless
 * `DEMO=off`) prepare the demo sources, rosters and games. On the embedded database a built server runs
 * this in a short-lived child process (`dist/setup.js`): initdb, migrations and the demo generator
 * allocate a few hundred MB that a long-running process would keep resident, and the child gives it
 * all back when it exits.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { prepareDemo } from './demo/prepare-demo.js';
import { seed } from './seed/seed.js';

/** Whether the environment turns the demo data off (`DEMO=off`). */
export function demoDisabled(env: Record<string, string | undefined>): boolean {
  return (env.DEMO ?? '').toLowerCase() === 'off';
}

/**
 * Migrates, seeds and prepares the demo on an open database, in this process.
 *
 * @example
 * ```ts
 * await prepareData(db, { dataDir: config.dataDir, env: process.env });
 * ```
 */
export async function prepareData(
  db: Database,
  options: { dataDir: string; env: Record<string, string | undefined> },
): Promise<void> {
  await migrate(db);
  await seed(db);
  // Demo sources, rosters and games: the scheduler then ingests the demo feeds through the real
  // pipeline, in the background, so the first start serves at once.
  if (!demoDisabled(options.env)) await prepareDemo(db, { dataDir: options.dataDir });
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
  const child = spawnSync(process.execPath, [entry], {
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (child.status !== 0) {
    throw new Error(`Preparing the data in ${dataDir} failed: ${child.stderr || child.error?.message || ''}`);
  }
  return true;
}
