// WEB_CONCURRENCY: refused clearly on the embedded database, and on PostgreSQL N web processes behind one
// port that SIGHUP replaces one by one without a refused request, and SIGTERM stops together.
import { execFileSync, spawn } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestPostgresDatabase,
  multiProcessTestsRun,
  type TestPostgresDatabase,
} from '../../__tests__/helpers/server-processes.js';
import { freePort } from '../../__tests__/helpers/test-redis.js';
import { needsDatabaseUrlMessage, webConcurrencyFrom } from '../web-cluster.js';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));

function startMain(env: Record<string, string>) {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DEMO: 'off', INGEST: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => {
    log += c;
  });
  child.stderr.on('data', (c) => {
    log += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, log: () => log };
}

/** The status of a GET on a connection of its own. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    // A request left unanswered during the restart is a failure the test names, not a stalled test.
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
  });
}

/** The pids of the web processes a primary forked. */
function webProcesses(primary: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(primary), '-o', 'pid=,args='], { encoding: 'utf8' });
  } catch {
    // ps exits with 1 when it lists nothing.
  }
  return out
    .split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe('WEB_CONCURRENCY', () => {
  it('is a whole number from 1, 1 when unset', () => {
    expect(webConcurrencyFrom({})).toBe(1);
    expect(webConcurrencyFrom({ WEB_CONCURRENCY: ' 4 ' })).toBe(4);
    expect(() => webConcurrencyFrom({ WEB_CONCURRENCY: '0' })).toThrow(/whole number/);
    expect(() => webConcurrencyFrom({ WEB_CONCURRENCY: 'max' })).toThrow(/"max"/);
  });

  it('above 1 without DATABASE_URL, the start stops with a message saying PostgreSQL is needed', async () => {
    // An empty DATABASE_URL is no DATABASE_URL.
    const main = startMain({ WEB_CONCURRENCY: '2', DATABASE_URL: '', PORT: String(await freePort()) });
    expect(await main.exited).toBe(1);
    expect(main.log()).toContain(needsDatabaseUrlMessage(2));
    expect(main.log()).toContain('set DATABASE_URL');
  }, 60_000);
});

describe.skipIf(!multiProcessTestsRun)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: TestPostgresDatabase | undefined;
  let started: ReturnType<typeof startMain> | undefined;

  afterAll(async () => {
    // A failed test leaves the cluster running: stop it (SIGTERM stops its web processes too).
    if (started && started.child.exitCode === null && started.child.signalCode === null) {
      const pids = webProcesses(started.child.pid as number);
      started.child.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const pid of [started?.child.pid as number, ...pids]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }, 20_000);
      await started.exited;
      clearTimeout(timer);
    }
    await database?.drop();
  }, 60_000);

  it('serves on one port from two processes, restarts them one by one on SIGHUP and stops on SIGTERM', async () => {
    database = await createTestPostgresDatabase('sportspyder_cluster');
    const port = await freePort();
    const main = startMain({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      CSRF_SECRET: 'cluster-test-secret',
      RATE_LIMIT_MAX: '100000',
    });
    started = main;
    const deadline = Date.now() + 120_000;
    while (!main.log().includes('SportSpyder is running at')) {
      if (main.child.exitCode !== null) throw new Error(main.log());
      if (Date.now() > deadline) throw new Error(`not started:\n${main.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const before = webProcesses(main.child.pid as number);
    expect(before).toHaveLength(2);
    // The banner once, from the primary.
    expect(main.log().split('SportSpyder is running at').length - 1).toBe(1);

    // Requests all through the rolling restart: none refused or failed.
    let restarting = true;
    const failures: string[] = [];
    let served = 0;
    const load = (async () => {
      while (restarting) {
        // A connection per request, as nginx opens to its upstreams by default.
        const status = await statusOf(`http://127.0.0.1:${port}/api/v1/sports`).catch(
          (e: Error) => e.message,
        );
        if (status === 200) served += 1;
        else failures.push(String(status));
      }
    })();
    main.child.kill('SIGHUP');
    while (!main.log().includes('rolling restart done')) {
      if (Date.now() > deadline + 120_000) throw new Error(`no rolling restart:\n${main.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    restarting = false;
    await load;
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(10);
    const after = webProcesses(main.child.pid as number);
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);

    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    expect(webProcesses(main.child.pid as number)).toEqual([]);
  }, 300_000);
});
