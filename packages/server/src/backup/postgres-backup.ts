/**
 * Backups of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own tools: `pg_dump --format=custom`
 * (one consistent snapshot while the server keeps writing) and `pg_restore` into a database without
 * tables. The binaries are those in `PG_BIN` when it is set, else the newest under
 * `/usr/lib/postgresql/<major>/bin` (Debian's layout, as `.ci/run` finds them), else the PATH's; pg_dump must
 * be at least the server's major version.
 * @module
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

/** The first bytes of a custom-format dump. */
const CUSTOM_FORMAT_MAGIC = 'PGDMP';

/** Where PostgreSQL's client binary `name` is (see the module comment). */
export function postgresBinary(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN) return join(env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const major of majors) {
    const bin = join(root, major, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  return name;
}

/**
 * The connection string without its password, and the password apart: it goes to the child in
 * `PGPASSWORD`, not on its command line, which every user of the machine can read.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return { dbname: url, env: {} };
    const password = decodeURIComponent(parsed.password);
    parsed.password = '';
    return { dbname: parsed.toString(), env: { PGPASSWORD: password } };
  } catch {
    return { dbname: url, env: {} }; // a key=value string: given as it is
  }
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${bin} not found: install PostgreSQL's client tools or set PG_BIN to their folder`)
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${bin} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/** Dumps the database of `url` to `file` in pg_dump's custom format (atomically: a failure leaves none). */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const partial = `${file}.partial-${process.pid}`;
  try {
    await run(postgresBinary('pg_dump'), ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Whether `file` starts like a pg_dump custom-format archive. */
export async function isPostgresBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(CUSTOM_FORMAT_MAGIC.length);
    await handle.read(head, 0, head.length, 0);
    return head.toString('latin1') === CUSTOM_FORMAT_MAGIC;
  } finally {
    await handle.close();
  }
}

/** The number of tables (outside PostgreSQL's own schemas) in the database of `url`. */
export async function countPostgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.tables ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a custom-format dump into the database of `url` in one transaction (all or nothing). The
 * caller checked that it has no tables. Owners and grants are left out: the restored objects belong to
 * the user of `url`, as they did to the server's user in the dumped database.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    postgresBinary('pg_restore'),
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file],
    env,
  );
}
