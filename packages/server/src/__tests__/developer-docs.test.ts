// The developer docs at /developers/: the built folder (typedoc's output) is served with its relative
// links working (the bare prefix redirects to the slash), pages revalidate; before a build the path
// answers 404 with a page saying how to build the docs, or the JSON error list to an API client.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { buildTestApp } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
let built: SportSpyderApp;
let unbuilt: SportSpyderApp;
let docsDir: string;
/** typedoc's inline script (the theme before paint). */
const THEME_SCRIPT = 'document.documentElement.dataset.theme = localStorage.getItem("tsd-theme") || "os";';

beforeAll(async () => {
  docsDir = mkdtempSync(join(tmpdir(), 'sportspyder-docs-'));
  writeFileSync(
    join(docsDir, 'index.html'),
    `<!doctype html><title>SportSpyder developer reference</title><script>${THEME_SCRIPT}</script>`,
  );
  mkdirSync(join(docsDir, 'documents'));
  writeFileSync(join(docsDir, 'documents', 'Getting_started.html'), '<h1>Getting started</h1>');
  testDb = await createTestDatabase();
  built = await buildTestApp(testDb.db, { docsDir });
  // Its own empty folder, not the repository's docs/api (which `npm run docs` may have built).
  unbuilt = await buildTestApp(testDb.db, { docsDir: join(docsDir, 'never-built') });
});

afterAll(async () => {
  await built?.close();
  await unbuilt?.close();
  await testDb?.dispose();
  rmSync(docsDir, { recursive: true, force: true });
});

describe('/developers when the docs are built', () => {
  it('serves index.html at /developers/ and redirects the bare path to it', async () => {
    const index = await built.inject({ method: 'GET', url: '/developers/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.body).toContain('SportSpyder developer reference');
    expect(index.headers['cache-control']).toBe('no-cache');

    const bare = await built.inject({ method: 'GET', url: '/developers' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/developers/');
  });

  it("allows typedoc's inline script by its hash and nothing else inline", async () => {
    const index = await built.inject({ method: 'GET', url: '/developers/' });
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = String(index.headers['content-security-policy']).match(/script-src [^;]*/)?.[0];
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('serves the guides beside the reference', async () => {
    const guide = await built.inject({ method: 'GET', url: '/developers/documents/Getting_started.html' });
    expect(guide.statusCode).toBe(200);
    expect(guide.body).toContain('Getting started');
  });

  it('answers 404 for a page that is not in the docs', async () => {
    const missing = await built.inject({
      method: 'GET',
      url: '/developers/nope.html',
      headers: { accept: 'application/json' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('/developers before the docs are built', () => {
  it('tells a browser how to build them, with status 404', async () => {
    const page = await unbuilt.inject({
      method: 'GET',
      url: '/developers',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('npm run docs');
  });

  it('answers the JSON error list to an API client, under the prefix too', async () => {
    const json = await unbuilt.inject({ method: 'GET', url: '/developers/modules.html' });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
  });
});

describe('/developers when the docs are built while the server runs (issue 48)', () => {
  it('serves them as soon as they are written, and follows a rebuild', async () => {
    const later = mkdtempSync(join(tmpdir(), 'sportspyder-docs-later-'));
    rmSync(later, { recursive: true, force: true });
    const app = await buildTestApp(testDb.db, { docsDir: later });
    try {
      const before = await app.inject({
        method: 'GET',
        url: '/developers/',
        headers: { accept: 'text/html' },
      });
      expect(before.statusCode).toBe(404);
      expect(before.body).toContain('npm run docs');

      // `npm start`'s background build writes the folder.
      writeFileSync(
        join(later, 'index.html'),
        `<!doctype html><title>Reference</title><script>${THEME_SCRIPT}</script>`,
      );
      const after = await app.inject({ method: 'GET', url: '/developers/' });
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('Reference');
      const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      expect(String(after.headers['content-security-policy'])).toContain(hash(THEME_SCRIPT));
      expect((await app.inject({ method: 'GET', url: '/developers' })).statusCode).toBe(301);

      // A rebuild with another inline script: its hash is allowed instead.
      const next = 'document.documentElement.dataset.theme = "light";';
      writeFileSync(
        join(later, 'index.html'),
        `<!doctype html><title>Reference 2</title><script>${next}</script>`,
      );
      const { utimesSync } = await import('node:fs');
      utimesSync(join(later, 'index.html'), new Date(), new Date(Date.now() + 5_000));
      const rebuilt = await app.inject({ method: 'GET', url: '/developers/' });
      expect(rebuilt.body).toContain('Reference 2');
      expect(String(rebuilt.headers['content-security-policy'])).toContain(hash(next));
    } finally {
      await app.close();
      rmSync(later, { recursive: true, force: true });
    }
  });
});
