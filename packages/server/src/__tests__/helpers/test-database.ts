/**
 * Test databases: a migrated, seeded PGlite cloned from a template dump (a fresh PGlite takes seconds,
 * a clone half a second), or, with TEST_DATABASE_URL, a throwaway schema on a real PostgreSQL.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { PgDatabase } from '../../db/pg-database.js';
import { PGliteDatabase } from '../../db/pglite-database.js';
import { migrationsDir, packageRoot, referenceDataDir } from '../../paths.js';
import { seed } from '../../seed/seed.js';

/** A database for one test file, with its cleanup. */
export interface TestDatabase {
  /** The migrated, seeded database. */
  db: Database;
  /** Closes it and drops what it created. */
  dispose(): Promise<void>;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

// The template is reused across files and runs while nothing that shapes it changed.
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(
      join(packageRoot(), '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(pglite.version);
  const sources = [
    ...filesUnder(migrationsDir()),
    ...filesUnder(referenceDataDir()),
    ...filesUnder(join(packageRoot(), 'src', 'seed')),
  ].sort();
  for (const file of sources) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated, seeded template as a data folder dump (`dumpDataDir`), made once per template key; tests
 * that need a data folder on disk load it there with `PGliteDatabase.open({ dataDir, loadDataDir })`.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `sportspyder-pglite-template-${templateKey()}.tar`);
  if (!existsSync(file) || statSync(file).size === 0) {
    const template = await PGliteDatabase.open();
    await migrate(template);
    await seed(template);
    const dump = await template.pglite.dumpDataDir('none');
    await template.close();
    // Write then rename: a parallel worker never reads a half-written template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    // Templates of older migrations or data are dead weight (40 MB each).
    for (const name of readdirSync(tmpdir())) {
      if (/^sportspyder-pglite-template-[0-9a-f]+\.tar$/.test(name) && join(tmpdir(), name) !== file) {
        rmSync(join(tmpdir(), name), { force: true });
      }
    }
  }
  return new Blob([readFileSync(file)]);
}

async function pgliteFromTemplate(): Promise<Database> {
  return PGliteDatabase.open({ loadDataDir: await pgliteTemplate() });
}

async function createSchema(url: string): Promise<{ db: PgDatabase; dispose(): Promise<void> }> {
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = new PgDatabase({ connectionString: url, schema, max: 4 });
  return {
    db,
    dispose: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

/** Creates an empty database (not migrated): a fresh PGlite, or a fresh schema on TEST_DATABASE_URL. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return createSchema(url);
  const db = await PGliteDatabase.open();
  return { db, dispose: () => db.close() };
}

/**
 * Creates the database of a test file: PGlite by default, a fresh schema on TEST_DATABASE_URL when set.
 *
 * @example
 * ```ts
 * const { db, dispose } = await createTestDatabase();
 * ```
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await pgliteFromTemplate();
    return { db, dispose: () => db.close() };
  }
  const created = await createSchema(url);
  await migrate(created.db);
  await seed(created.db);
  return created;
}
