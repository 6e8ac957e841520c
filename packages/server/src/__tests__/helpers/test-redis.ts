/**
 * A Redis for tests: CI_REDIS_URL when set (.ci/run starts one), otherwise a throwaway `redis-server`
 * on a free loopback port when the binary is installed. Outside CI a machine without either skips
 * the Redis tests; in CI (CI set) they must run, so a missing Redis fails them.
 * @module
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

/** A reachable Redis and how to let it go. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** A key/channel prefix of its own, so parallel test files never hear each other. */
  prefix: string;
  /** Stops the server when this helper started it. */
  stop(): Promise<void>;
}

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** True when the Redis tests can run here (or must: in CI). */
export const redisAvailable =
  Boolean(process.env.CI_REDIS_URL) || Boolean(process.env.CI) || hasRedisServer();

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not listen within 10 s');
}

/** Starts (or borrows) a Redis for one test file. */
export async function startTestRedis(): Promise<TestRedis> {
  const prefix = `test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const shared = process.env.CI_REDIS_URL;
  if (shared) return { url: shared, prefix, stop: async () => {} };
  const port = await freePort();
  // No persistence: the test data is thrown away with the process.
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitForPort(port, child);
  return {
    url: `redis://127.0.0.1:${port}`,
    prefix,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
