// `npm run cli -- backup` taken while members write through the real API (chat messages, team follows),
// restored with the CLI's restore command into a fresh data folder (or database), and a server started on
// it: every write acknowledged before the backup started is there. The backup runs as its own process, as
// an operator's cron job does, so the embedded database's backup goes through the running server's socket.
// PGlite always; PostgreSQL in the suite's PostgreSQL run (TEST_DATABASE_URL, scripts/test-server-pg.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpMember } from '../../__tests__/helpers/server-processes.js';
import { pgliteTemplate } from '../../__tests__/helpers/test-database.js';
import { PGliteDatabase } from '../../db/pglite-database.js';
import { type RunningServer, startServer } from '../../server.js';
import { runBackupCommand } from '../backup-command.js';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const pgUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A data folder holding the suite's migrated, seeded template (a fresh one takes half a minute on a busy
 * machine: initdb, migrations, seed).
 */
async function seededDataDir(): Promise<string> {
  const dataDir = tempFolder();
  const db = await PGliteDatabase.open({
    dataDir: join(dataDir, 'pglite'),
    loadDataDir: await pgliteTemplate(),
    initdbInChild: false,
  });
  await db.close();
  return dataDir;
}

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'sportspyder-backup-'));
  folders.push(folder);
  return folder;
}

/** `npm run cli -- <args>` in a process of its own; resolves with its exit code and output. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', TEST_DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function start(where: { dataDir: string; databaseUrl?: string }): Promise<RunningServer> {
  return startServer({
    env: {
      ...process.env,
      DATABASE_URL: where.databaseUrl,
      DEMO: 'off',
      INGEST: 'off',
      RATE_LIMIT_MAX: '1000000',
      SIGN_IN_RATE_LIMIT_MAX: '1000',
    },
    config: { port: 0, host: '127.0.0.1', siteDir: '/nonexistent-site', ...where },
    logger: false,
  });
}

/** A write the server answered with success, and when the answer arrived. */
interface Ack {
  key: string;
  at: number;
}

const MEMBERS = 6;
// The chat's send cooldown (spec 3 §8) is 5 s per member.
const COOLDOWN_MS = 5_100;

/**
 * Members sending chat messages and following teams through the API until `stop()`; every success is an
 * {@link Ack} (`message:<id>` or `follow:<email>:<teamId>`).
 */
async function writeLoad(server: RunningServer) {
  await server.db.query(
    `INSERT INTO users (email, username, password_hash, chat_accepted_rules)
     SELECT 'backup' || n || '@sportspyder.test', 'backup' || n, password_hash, true
     FROM users, generate_series(1, $1::int) AS n WHERE email = 'demo@sportspyder.test'`,
    [MEMBERS],
  );
  const teams = (await server.db.query<{ id: number }>('SELECT id FROM teams ORDER BY id')).rows.map(
    (r) => r.id,
  );
  const channel = (await server.db.query<{ id: number }>('SELECT id FROM chat_channels ORDER BY id LIMIT 1'))
    .rows[0]?.id;
  expect(channel).toBeGreaterThan(0);
  const base = `http://127.0.0.1:${server.port}`;
  const members = await Promise.all(
    Array.from({ length: MEMBERS }, async (_, i) => {
      const email = `backup${i + 1}@sportspyder.test`;
      const member = new HttpMember();
      await member.request(base, 'GET', '/api/v1/session');
      const signIn = await member.request(base, 'POST', '/api/v1/session', {
        username: email,
        password: 'sportspyder-demo',
        hash: 'h1',
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      return { email, member, index: i };
    }),
  );
  const acks: Ack[] = [];
  let stopped = false;
  const loops = members.map(async ({ email, member, index }) => {
    let lastMessage = 0;
    let sent = 0;
    for (let n = 0; !stopped && n < teams.length; n++) {
      if (Date.now() - lastMessage > COOLDOWN_MS) {
        const res = await member.request(base, 'POST', `/api/v1/channels/${channel}/messages`, {
          content: `Backup load ${email} #${++sent}`,
        });
        expect(res.status, await res.clone().text()).toBe(201);
        const { message } = (await res.json()) as { message: { id: number } };
        acks.push({ key: `message:${message.id}`, at: Date.now() });
        lastMessage = Date.now();
      }
      // Members start at different teams, so their follows spread over the table.
      const teamId = teams[(n + index * 7) % teams.length] as number;
      const res = await member.request(base, 'POST', '/api/v1/profile/following_teams', { teamId });
      expect(res.status, await res.clone().text()).toBe(201);
      acks.push({ key: `follow:${email}:${teamId}`, at: Date.now() });
    }
  });
  return {
    acks,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Every message and follow of the load that `server` holds, as {@link Ack} keys. */
async function storedKeys(server: RunningServer): Promise<Set<string>> {
  const messages = await server.db.query<{ id: number }>(
    "SELECT id FROM chat_messages WHERE content LIKE 'Backup load %'",
  );
  const follows = await server.db.query<{ email: string; team_id: number }>(
    `SELECT u.email, f.team_id FROM following_teams f JOIN users u ON u.id = f.user_id
     WHERE u.email LIKE 'backup%@sportspyder.test'`,
  );
  return new Set([
    ...messages.rows.map((r) => `message:${r.id}`),
    ...follows.rows.map((r) => `follow:${r.email}:${r.team_id}`),
  ]);
}

/**
 * Starts the source, loads it, backs it up with the CLI halfway through the load, restores into the
 * target with the CLI and checks the target.
 */
async function backupUnderLoadAndRestore(
  source: { dataDir: string; databaseUrl?: string },
  target: typeof source,
) {
  const file = join(tempFolder(), 'sportspyder.bak');
  const env = (where: typeof source) => ({ DATA_DIR: where.dataDir, DATABASE_URL: where.databaseUrl ?? '' });
  const server = await start(source);
  let restored: RunningServer | undefined;
  try {
    const load = await writeLoad(server);
    await new Promise((r) => setTimeout(r, 1500));
    const backupStart = Date.now();
    const backup = await cli(['backup', file], env(source));
    const backupEnd = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    await load.stop();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written to .*sportspyder\.bak/);
    expect(statSync(file).size).toBeGreaterThan(0);
    const before = load.acks.filter((a) => a.at < backupStart);
    // A load that reached the backup from both sides: messages and follows before, and writes during it.
    expect(before.filter((a) => a.key.startsWith('message:')).length).toBeGreaterThan(0);
    expect(before.filter((a) => a.key.startsWith('follow:')).length).toBeGreaterThan(20);
    expect(load.acks.some((a) => a.at > backupStart && a.at < backupEnd)).toBe(true);
    await server.close();

    // The restore runs in this process (the backup had to run in another: the server holds the folder).
    const restore = () => {
      const output: string[] = [];
      const sink = { write: (text: string) => output.push(text) };
      const config = { dataDir: target.dataDir, databaseUrl: target.databaseUrl };
      return runBackupCommand(['restore', file], { config, stdout: sink, stderr: sink }).then((code) => ({
        code,
        output: output.join(''),
      }));
    };
    const first = await restore();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Restored');
    // A second restore into the now filled target is refused, and leaves it as it is.
    const again = await restore();
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty|has \d+ tables/);

    restored = await start(target);
    const stored = await storedKeys(restored);
    const missing = before.filter((a) => !stored.has(a.key)).map((a) => a.key);
    // The figure quoted in docs/benchmarks.md ("Security and API conformance").
    console.log(
      `[backup] ${load.acks.length} writes acknowledged, ${before.length} before the backup started, ` +
        `backup took ${backupEnd - backupStart} ms, ${missing.length} missing after restore`,
    );
    expect(missing).toEqual([]);
    // The restored server serves and takes writes.
    const health = await fetch(`http://127.0.0.1:${restored.port}/healthz`);
    expect(health.status).toBe(200);
  } finally {
    await server.close();
    await restored?.close();
  }
}

describe.skipIf(Boolean(pgUrl))('backup and restore of the embedded database (PGlite)', () => {
  it('a backup taken through the running server under write load restores every acknowledged write', async () => {
    await backupUnderLoadAndRestore({ dataDir: await seededDataDir() }, { dataDir: tempFolder() });
  }, 120_000);

  it('refuses a restore into a data folder that holds a database, and a file that is not a backup', async () => {
    const dataDir = tempFolder();
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    const notBackup = join(tempFolder(), 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const gz = join(tempFolder(), 'x.bak');
    writeFileSync(gz, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    const run = async (file: string) => {
      const out: string[] = [];
      const code = await runBackupCommand(['restore', file], {
        config: { dataDir, databaseUrl: undefined },
        stdout: { write: (t: string) => out.push(t) },
        stderr: { write: (t: string) => out.push(t) },
      });
      return { code, text: out.join('') };
    };
    expect(await run(gz)).toMatchObject({ code: 1, text: expect.stringContaining('is not empty') });
    expect(await run(notBackup)).toMatchObject({
      code: 1,
      text: expect.stringContaining('is not a backup of the embedded database'),
    });
    expect(await run(join(dataDir, 'missing.bak'))).toMatchObject({ code: 2 });
  });
});

describe.runIf(Boolean(pgUrl))('backup and restore of a PostgreSQL database (pg_dump, pg_restore)', () => {
  it('a backup taken under write load restores every acknowledged write into an empty database', async () => {
    const { createTestPostgresDatabase } = await import('../../__tests__/helpers/server-processes.js');
    const source = await createTestPostgresDatabase('sportspyder_backup');
    const target = await createTestPostgresDatabase('sportspyder_restore');
    try {
      await backupUnderLoadAndRestore(
        { dataDir: tempFolder(), databaseUrl: source.url },
        { dataDir: tempFolder(), databaseUrl: target.url },
      );
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
