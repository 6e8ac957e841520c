/**
 * Creates a PGlite data folder in a short-lived child process. PGlite's initdb runs its own
 * WebAssembly instance, and a process that ran it keeps some 450 MB more resident memory than one that
 * opened an existing folder; doing it in a child leaves the server at its steady-state size from the
 * first start.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Whether `dataDir` already holds a PostgreSQL cluster. */
export function hasPGliteCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Runs initdb for `dataDir` in a child `node` process unless the folder already holds a cluster.
 * Throws with the child's output when it fails.
 *
 * @example
 * ```ts
 * initPGliteDataDir('.data/pglite');
 * const db = await PGliteDatabase.open({ dataDir: '.data/pglite' });
 * ```
 */
export function initPGliteDataDir(dataDir: string, startParams: readonly string[]): void {
  if (hasPGliteCluster(dataDir)) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)}, startParams: ${JSON.stringify(startParams)} });
    await db.query('SELECT 1');
    await db.close();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (child.status !== 0 || !hasPGliteCluster(dataDir)) {
    throw new Error(
      `Could not create the database in ${dataDir}: ${child.stderr || child.error?.message || ''}`,
    );
  }
}
