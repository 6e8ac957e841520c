import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { freshAccount, signUp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { TEAM_SHORTCUTS_MAX } from '../web-manifest.js';

// The shape the site's build writes (packages/site/web-manifest.ts), trimmed.
const BUILT = {
  name: 'SportSpyder',
  start_url: '/',
  display: 'standalone',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [{ name: 'My teams', url: '/settings/following' }],
};

describe('GET /manifest.webmanifest (issue 49)', () => {
  let testDb: TestDatabase;
  let app: SportSpyderApp;
  let files: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    files = mkdtempSync(join(tmpdir(), 'web-manifest-test-'));
    const site = join(files, 'site');
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>SportSpyder</title><div id="root"></div>');
    writeFileSync(join(site, 'manifest.webmanifest'), JSON.stringify(BUILT));
    app = await buildTestApp(testDb.db, { siteDir: site, rateLimitMax: 10_000 });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
    rmSync(files, { recursive: true, force: true });
  });

  it("gives a visitor the build's manifest, private to the browser", async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.json()).toEqual(BUILT);
  });

  it("puts a member's followed teams before the sections, in their order, at most four", async () => {
    const jar = new CookieJar();
    const created = await signUp(app, jar, freshAccount('manifest'));
    const userId = created.json().session.user.id as number;
    const { rows: teams } = await testDb.db.query<{ id: number; slug: string; full_name: string }>(
      `SELECT t.id, t.slug, t.full_name FROM teams t JOIN sports s ON s.id = t.sport_id
        WHERE s.slug = 'nfl' ORDER BY t.id LIMIT 6`,
    );
    // Followed in reverse: the member's order is the position, not the team's id.
    for (const [position, team] of [...teams].reverse().entries()) {
      await testDb.db.query('INSERT INTO following_teams (user_id, team_id, position) VALUES ($1, $2, $3)', [
        userId,
        team.id,
        position,
      ]);
    }
    const res = await jar.request(app, { method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    const { shortcuts } = res.json() as { shortcuts: { name: string; url: string; icons?: unknown[] }[] };
    const expected = [...teams].reverse().slice(0, TEAM_SHORTCUTS_MAX);
    expect(shortcuts.map((s) => s.url)).toEqual([
      ...expected.map((t) => `/nfl/${t.slug}/news`),
      '/settings/following',
    ]);
    expect(shortcuts[0]?.name).toBe(`${expected[0]?.full_name} news`);
    // The app's "any" icon, not the maskable one, stands for a team.
    expect(shortcuts[0]?.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    ]);
  });
});
