// The embeds' server side: /widgets/ serves the built bundles with the cache and cross-origin headers
// publisher pages need, and the public headline call answers CORS even on errors (so an embed can
// tell "Team not found" from "unavailable"), the player embed's episode and podcast reads likewise, and
// artwork and demo audio load on other origins, while member calls stay same-origin.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { buildTestApp } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let widgetsDir: string;

beforeAll(async () => {
  widgetsDir = mkdtempSync(join(tmpdir(), 'sportspyder-widgets-'));
  writeFileSync(join(widgetsDir, 'headline.js'), 'window.SportSpyder={};');
  writeFileSync(join(widgetsDir, 'headline.0123abcd.js'), 'window.SportSpyder={};');
  writeFileSync(join(widgetsDir, 'manifest.json'), '{"headline.js":"headline.0123abcd.js"}');
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db, { widgetsDir });
});

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  rmSync(widgetsDir, { recursive: true, force: true });
});

describe('/widgets/', () => {
  it('serves the unversioned bundle for a day and the versioned one forever, loadable cross-origin', async () => {
    const plain = await app.inject({ method: 'GET', url: '/widgets/headline.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers['cache-control']).toBe('public, max-age=86400');
    expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const versioned = await app.inject({ method: 'GET', url: '/widgets/headline.0123abcd.js' });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const manifest = await app.inject({ method: 'GET', url: '/widgets/manifest.json' });
    expect(manifest.json()).toEqual({ 'headline.js': 'headline.0123abcd.js' });
  });

  it('answers a JSON 404 for a missing embed, not the site', async () => {
    const missing = await app.inject({ method: 'GET', url: '/widgets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
  });
});

describe('cross-origin reads for the embeds', () => {
  it('opens the team headline call to any origin, also on errors, without credentials', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/teams/no-such-team/articles',
      headers: { origin: 'https://publisher.example' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect(unknown.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('opens one episode and one podcast to any origin (the player embed), not their sub-resources', async () => {
    for (const url of ['/api/v1/podcast_episodes/999999', '/api/v1/podcasts/999999']) {
      const missing = await app.inject({
        method: 'GET',
        url,
        headers: { origin: 'https://publisher.example' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['access-control-allow-origin']).toBe('*');
      expect(missing.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    const episodes = await app.inject({
      method: 'GET',
      url: '/api/v1/podcasts/999999/episodes',
      headers: { origin: 'https://publisher.example' },
    });
    expect(episodes.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets publisher pages load artwork and demo audio (cross-origin resource policy)', async () => {
    const logo = await app.inject({ method: 'GET', url: '/logos/teams/no-such-team.svg' });
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const audio = await app.inject({ method: 'GET', url: '/demo/audio/none.wav' });
    expect(audio.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const session = await app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(session.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps member calls same-origin', async () => {
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { origin: 'https://publisher.example' },
    });
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
  });
});
