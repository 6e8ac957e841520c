// Starts the built server (packages/server/dist/main.js) as a child process on a free loopback
// port with a fresh, empty data directory, and waits until /healthz answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running server and how to stop it. */
export interface ServerProcess {
  url: string;
  /** The server's DATA_DIR (its demo feed files are under `demo/feeds`). */
  dataDir: string;
  /** The server's process id (SIGUSR2 moves its clock when started with `shiftableClock`). */
  pid: number;
  stop(): Promise<void>;
}

/** Options of {@link startServerProcess}. */
export interface ServerProcessOptions {
  /** Preload tests/e2e/server-clock.mjs so a test can move the server's clock with SIGUSR2. */
  shiftableClock?: boolean;
  /** A port to listen on (default: a free one); a restart passes the previous one. */
  port?: number;
  /** A data folder to use and keep on stop (default: a fresh one, removed on stop). */
  dataDir?: string;
  /** More environment for the server (e.g. `APP_VERSION`). */
  env?: Record<string, string>;
}

/** A free loopback TCP port (probed, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Waits until the server answers and its first-start ingest of the demo feeds is done (no source left
 * unfetched), so every test sees the real ingested data and a quiet server.
 */
async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      const body = (await res.json()) as { ingest?: { pending: number } };
      if (res.ok && body.ingest?.pending === 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server was not healthy with its demo data ingested within 180 s:\n${output()}`);
}

/** Starts the server with a fresh database and resolves once it is healthy. */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sportspyder-e2e-'));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const preload = options.shiftableClock ? ['--import', join(root, 'tests/e2e/server-clock.mjs')] : [];
  const child = spawn(process.execPath, [...preload, join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The browser tests run on the demo world and never reach the network (issue 44).
      SOURCES: 'demo',
      // Every test signs in and calls the API from the same address, one file after another on this
      // one server; the production limits (300 API calls a minute) would answer 429 part-way through.
      SIGN_IN_RATE_LIMIT_MAX: '1000',
      RATE_LIMIT_MAX: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // E2E_SERVER_LOG=<file> keeps the server's output for a failure that only shows in the browser.
  const keep = process.env.E2E_SERVER_LOG;
  const onOutput = (chunk: Buffer) => {
    log += chunk;
    if (keep) appendFileSync(keep, chunk);
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  await waitForHealth(url, child, () => log);
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
