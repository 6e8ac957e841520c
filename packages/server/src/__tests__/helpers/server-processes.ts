/**
 * Real server processes for the multi-process tests: a throwaway PostgreSQL database, web processes and
 * `npm run worker` processes started from the sources (the suite runs before the build), and a member
 * talking to them over real HTTP with cookies and the CSRF header.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './test-redis.js';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));

/** The PostgreSQL server the multi-process tests use (CI_POSTGRES_URL, or the suite's PostgreSQL run). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL || process.env.CI_POSTGRES_URL;
/**
 * Whether they run: with a PostgreSQL, or in CI, where a missing one fails them instead of skipping.
 * They make databases of their own, so the suite's second pass on PostgreSQL (TEST_DATABASE_URL, after
 * a first pass that had CI_POSTGRES_URL) does not run them again: once is the same test, and twice
 * doubled their share of a busy CI machine.
 */
export const multiProcessTestsRun =
  (Boolean(testPostgresUrl) || Boolean(process.env.CI)) &&
  !(process.env.TEST_DATABASE_URL && process.env.CI_POSTGRES_URL);

/** A database of its own on the test PostgreSQL server. */
export interface TestPostgresDatabase {
  /** Its connection string. */
  url: string;
  /** Drops it (connections still open are ended). */
  drop(): Promise<void>;
}

/** Creates `<prefix>_<random>` on {@link testPostgresUrl}; throws when there is none (CI must give one). */
export async function createTestPostgresDatabase(prefix: string): Promise<TestPostgresDatabase> {
  const adminUrl = testPostgresUrl;
  if (!adminUrl) throw new Error('CI must give a PostgreSQL (CI_POSTGRES_URL): .ci/run starts one');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  parsed.search = '';
  return { url: parsed.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A started process: its output so far, and how to end it. */
export interface TestProcess {
  /** The child. */
  child: ChildProcess;
  /** stdout and stderr so far. */
  log(): string;
  /** SIGTERM, resolved when it exited (at once if it had). */
  stop(): Promise<void>;
  /** SIGKILL, resolved when it exited. */
  kill(): Promise<void>;
}

/** A web process. */
export interface ServerProcess extends TestProcess {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Its port. */
  port: number;
}

const dataDirs: string[] = [];

/** Removes the data folders of the processes started so far (call in afterAll). */
export function removeProcessDataDirs(): void {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

function startProcess(entry: string, env: Record<string, string>): TestProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'sportspyder-mp-'));
  dataDirs.push(dataDir);
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO: 'off',
      INGEST: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const ended = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return { child, log: () => log, stop: ended('SIGTERM'), kill: ended('SIGKILL') };
}

/** Resolves once `ready()` holds, rejects when the process exits first or after 90 s. */
async function waitUntil(proc: TestProcess, what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`${what} exited with ${proc.child.exitCode}:\n${proc.log()}`);
    if (Date.now() > deadline) throw new Error(`${what} not ready within 90 s:\n${proc.log()}`);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts `packages/server/src/main.ts` on a free port with `env` (DATABASE_URL, REDIS_URL, ...) and
 * resolves once `/healthz` answers. Defaults: no demo data, no ingestion, warnings only.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startProcess('packages/server/src/main.ts', { PORT: String(port), HOST: '127.0.0.1', ...env });
  await waitUntil(proc, 'server', () =>
    fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    ),
  );
  return { ...proc, url, port };
}

/** Starts `packages/server/src/worker.ts` (`npm run worker`) and resolves once it says it started. */
export async function startWorkerProcess(env: Record<string, string>): Promise<TestProcess> {
  const proc = startProcess('packages/server/src/worker.ts', { LOG_LEVEL: 'info', ...env });
  await waitUntil(proc, 'worker', async () => proc.log().includes('SportSpyder worker started'));
  return proc;
}

/** A browser's cookies over real HTTP, with the CSRF header on writes. */
export class HttpMember {
  private readonly cookies = new Map<string, string>();

  /** `headers` are sent with every request (e.g. a client address for the rate limits). */
  constructor(private readonly headers: Record<string, string> = {}) {}

  async request(base: string, method: string, path: string, body?: unknown): Promise<Response> {
    const csrf = this.cookies.get('sportspyder_csrf');
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...this.headers,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method !== 'GET' && csrf ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }

  /** The value of a cookie the member holds now (e.g. to replay an old session cookie). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}
