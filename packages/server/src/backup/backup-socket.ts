/**
 * The running server's backup channel for the embedded database. PGlite lets one process open its
 * data folder, so while the server runs `npm run cli -- backup` cannot open it; it asks the server
 * instead, over a unix socket in `DATA_DIR/run/` (a folder only the server's user can enter): whoever
 * can connect could read the data folder's files anyway, so the socket needs no secret of its own and
 * is never reachable from the network. One request, `POST /backup`, answers the gzipped dump
 * (a snapshot taken under PGlite's query lock, `pglite-backup.ts`). See docs/decisions/operations.md.
 * @module
 */
import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { snapshotPGlite, tarFolder, writeFileAtomically } from './pglite-backup.js';

/**
 * The longest unix socket path Linux and macOS accept (`sun_path` holds 108 and 104 bytes with the
 * terminating NUL).
 */
const MAX_SOCKET_PATH = 103;

/** Where the server of `dataDir` listens for backups. */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, 'run', 'backup.sock');
}

/**
 * Serves backups of `pglite` on {@link backupSocketPath}; answers a function that stops it. The caller
 * holds the data folder's lock, so a socket file left by a crashed server is removed first. A data folder
 * whose path is too long for a socket gets none (a warning says so; the CLI then explains).
 */
export async function startBackupSocket(options: {
  dataDir: string;
  pglite: PGlite;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const path = backupSocketPath(options.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    options.log.warn(
      { path },
      'no backup socket: the data folder path is too long for a unix socket; `npm run cli -- backup` needs the server stopped',
    );
    return async () => {};
  }
  const folder = join(options.dataDir, 'run');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700); // made earlier with other rights, or by an older version
  rmSync(path, { force: true });
  // Snapshots a crashed server left behind (it held the lock, so none is in use).
  for (const entry of readdirSync(folder)) {
    if (entry.startsWith('snapshot-')) rmSync(join(folder, entry), { recursive: true, force: true });
  }
  let running = 0;
  let taken = 0;
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST /backup\n');
      return;
    }
    running++;
    const started = Date.now();
    const snapshot = join(folder, `snapshot-${++taken}`);
    // Asynchronous: removing the copy's thousand files at once would hold the thread.
    const cleanUp = () =>
      rm(snapshot, { recursive: true, force: true }).finally(() => {
        running--;
      });
    snapshotPGlite(options.pglite, join(options.dataDir, 'pglite'), snapshot)
      .then(async () => {
        const copied = Date.now() - started;
        res.writeHead(200, { 'content-type': 'application/gzip' });
        const { stream, done } = tarFolder(snapshot);
        // The answer ends only once tar exited well: a failing tar cuts the connection instead, so a
        // truncated tarball never looks complete to the CLI.
        stream.pipe(res, { end: false });
        // A client gone mid-answer stops tar (which then fails), so the snapshot is removed.
        res.on('close', () => {
          if (!res.writableFinished) stream.destroy();
        });
        await Promise.all([finished(stream), done]);
        res.end();
        options.log.info({ snapshotMs: copied, ms: Date.now() - started }, 'backup served');
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'backup failed');
        // Before the answer started: a 500 with the reason; after: the connection is cut, which the CLI
        // reports as an incomplete backup.
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`);
        else res.destroy();
      })
      .finally(cleanUp);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // Backups then need the server stopped; serving goes on.
    options.log.warn({ err: error, path }, 'no backup socket: could not listen');
    return async () => {};
  }
  return async () => {
    if (running > 0) options.log.warn({ running }, 'stopping while a backup is being served');
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(path, { force: true });
  };
}

/**
 * Asks the server running on `dataDir` for a backup and writes it to `file` (atomically); answers its
 * size. Rejects when no server answers on the socket or the dump failed.
 */
export function backupThroughServer(dataDir: string, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: backupSocketPath(dataDir), method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => reject(new Error(`the server answered ${res.statusCode}: ${text.trim()}`)));
        return;
      }
      // A cut connection (the server stopped, tar failed) fails the pipeline: no file is left.
      writeFileAtomically(file, res).then(resolve, (error: unknown) =>
        reject(
          new Error(`the backup was cut short: ${error instanceof Error ? error.message : String(error)}`),
        ),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
