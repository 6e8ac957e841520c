import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.js';
import type { Database } from '../db/database.js';
import { migrate, readMigrations } from '../db/migrate.js';
import { referenceDataDir } from '../paths.js';
import { readReferenceData, resolveRenames } from '../seed/reference-data.js';
import { seed } from '../seed/seed.js';
import { createEmptyDatabase, type TestDatabase } from './helpers/test-database.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'reference');
let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createEmptyDatabase();
  db = testDb.db;
});
afterAll(async () => {
  await testDb?.dispose();
});

describe('migrate', () => {
  it('applies every migration once and records it', async () => {
    const all = readMigrations().map((m) => m.version);
    expect(all[0]).toBe('0001_foundation');
    expect(await migrate(db)).toEqual(all);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(all);
  });
});

describe('seed', () => {
  it('inserts the reference data and demo accounts, and changes nothing when run again', async () => {
    const first = await seed(db, { referenceDir: fixtures });
    expect(first).toEqual({ sports: 2, teams: 4, topics: 2, users: 3 });
    expect(await seed(db, { referenceDir: fixtures })).toEqual({ sports: 0, teams: 0, topics: 0, users: 0 });
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM teams');
    expect(rows[0]?.n).toBe(4);
  });

  it('gives teams ids in file order and the demo member the followed teams that exist', async () => {
    const { rows } = await db.query<{ slug: string }>('SELECT slug FROM teams ORDER BY id');
    expect(rows.map((r) => r.slug)).toEqual([
      'las-vegas-raiders',
      'green-bay-packers',
      'chicago-bears',
      'alabama-crimson-tide',
    ]);
    const following = await db.query<{ slug: string }>(
      `SELECT t.slug FROM following_teams f JOIN users u ON u.id = f.user_id JOIN teams t ON t.id = f.team_id
       WHERE u.username = 'demo' ORDER BY f.position`,
    );
    expect(following.rows.map((r) => r.slug)).toEqual(['green-bay-packers']);
  });

  it('stores argon2id hashes that verify the demo passwords', async () => {
    const { rows } = await db.query<{
      username: string;
      password_hash: string;
      pro_state: string;
      admin: boolean;
    }>('SELECT username, password_hash, pro_state, admin FROM users WHERE system_role IS NULL ORDER BY id');
    expect(rows.map((r) => [r.username, r.pro_state, r.admin])).toEqual([
      ['demo', '', false],
      ['profan', 'paid', false],
      ['admin', '', true],
    ]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0]!.password_hash, 'sportspyder-demo')).toBe(true);
    expect(await verifyPassword(rows[0]!.password_hash, 'sportspyder-pro')).toBe(false);
    // The chat bot and the ghost author of anonymised messages: no password verifies for them.
    const system = await db.query<{ username: string; password_hash: string }>(
      'SELECT username, password_hash FROM users WHERE system_role IS NOT NULL ORDER BY system_role',
    );
    expect(system.rows.map((r) => r.username)).toEqual(['sportspyder', '[deleted]']);
    expect(await verifyPassword(system.rows[0]!.password_hash, '!')).toBe(false);
  });

  it('stores legacy slugs resolved through chains, dropping loops and dead ends', async () => {
    const { rows } = await db.query<{ from_slug: string; to_slug: string }>(
      'SELECT from_slug, to_slug FROM team_slug_renames ORDER BY from_slug',
    );
    expect(rows).toEqual([
      { from_slug: 'los-angeles-raiders', to_slug: 'las-vegas-raiders' },
      { from_slug: 'oakland-raiders', to_slug: 'las-vegas-raiders' },
    ]);
  });

  it('adds teams that appear in the data files later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportspyder-ref-'));
    try {
      cpSync(fixtures, dir, { recursive: true });
      writeFileSync(
        join(dir, 'teams', 'cf.json'),
        JSON.stringify({
          sport: 'cf',
          groups: [{ id: 100, name: 'SEC', kind: 'conference' }],
          teams: [
            {
              slug: 'alabama-crimson-tide',
              name: 'Crimson Tide',
              fullName: 'Alabama Crimson Tide',
              shortName: 'ALA',
              location: 'Alabama',
              group: 100,
              colors: ['#9E1B32', '#828A8F'],
            },
            {
              slug: 'auburn-tigers',
              name: 'Tigers',
              fullName: 'Auburn Tigers',
              shortName: 'AUB',
              location: 'Auburn',
              group: 100,
              colors: ['#0C2340', '#E87722'],
            },
          ],
        }),
      );
      expect((await seed(db, { referenceDir: dir })).teams).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reference data', () => {
  it('resolves rename chains to live slugs', () => {
    const renames = resolveRenames(
      [
        { from: 'a', to: 'b', sport: 'nfl' },
        { from: 'b', to: 'c', sport: 'nfl' },
        { from: 'x', to: 'y', sport: 'nfl' },
        { from: 'c', to: 'a', sport: 'nfl' },
      ],
      new Set(['c']),
    );
    expect([...renames]).toEqual([
      ['a', 'c'],
      ['b', 'c'],
    ]);
  });

  it('reports a team naming an unknown group', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportspyder-ref-'));
    try {
      cpSync(fixtures, dir, { recursive: true });
      writeFileSync(
        join(dir, 'teams', 'cf.json'),
        JSON.stringify({ sport: 'cf', groups: [], teams: [{ slug: 'x', group: 7, colors: [] }] }),
      );
      expect(() => readReferenceData(dir)).toThrow(/unknown group 7/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the real data: nine sports, every team slug unique, the legacy slugs of spec 1 resolvable', () => {
    const data = readReferenceData(referenceDataDir());
    expect(data.sports.map((s) => s.slug).sort()).toEqual(
      ['cf', 'mcb', 'mlb', 'mls', 'nba', 'nfl', 'nhl', 'premier-league', 'wnba'].sort(),
    );
    const slugs = new Set(data.teams.flatMap((f) => f.teams.map((t) => t.slug)));
    const renames = resolveRenames(data.legacySlugs, slugs);
    for (const legacy of ['oakland-raiders', 'washington-redskins', 'cleveland-indians', 'arizona-coyotes']) {
      expect(renames.has(legacy), legacy).toBe(true);
    }
  });
});
