/**
 * A lock file for the embedded database: PGlite itself does not stop two processes from opening the same
 * data folder (which corrupts it), so every process that opens `DATA_DIR/pglite` (the server, the CLI)
 * first takes `DATA_DIR/pglite.lock`, holding its pid. A lock whose process is gone is stale and taken over.
 * @module
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process holds the lock. */
export class DataDirLockedError extends Error {
  /** Creates the error for the process `pid` holding `dataDir`. */
  constructor(
    /** The locked folder. */
    readonly dataDir: string,
    /** The pid of the holder. */
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (the server?). ` +
        'PGlite allows one process at a time: stop the server and try again, or use DATABASE_URL (PostgreSQL).',
    );
  }
}

/** A held lock. */
export interface DataDirLock {
  /** Removes the lock file (only if it is still ours). */
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws {@link DataDirLockedError}.
 * @example
 * const lock = lockDataDir(config.dataDir);
 * try { ... } finally { lock.release(); }
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release() {
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let pid = Number.NaN;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        // Removed meanwhile: try again.
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        // Someone else removed it first.
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
