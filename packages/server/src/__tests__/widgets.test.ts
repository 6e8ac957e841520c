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
  writeFileSync(join(widgetsDir, 'player.js'), 'window.SportSpyder={player:1};');
  writeFileSync(join(widgetsDir, 'chat-notes.txt'), 'not an embed');
  writeFileSync(
    join(widgetsDir, 'integrity.json'),
    JSON.stringify({ version: '1.2.3', files: { 'headline.js': 'sha384-a', 'player.js': 'sha384-b' } }),
  );
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

  it('serves integrity.json read-only with a short cache (the embed configurator reads it)', async () => {
    const res = await app.inject({ method: 'GET', url: '/widgets/integrity.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: '1.2.3',
      files: { 'headline.js': 'sha384-a', 'player.js': 'sha384-b' },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const write = await app.inject({ method: 'PUT', url: '/widgets/integrity.json', payload: '{}' });
    expect(write.statusCode).toBe(404);
  });

  it('answers a JSON 404 for a missing embed, not the site', async () => {
    const missing = await app.inject({ method: 'GET', url: '/widgets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
  });
});

describe('/widgets/v{version}/', () => {
  it('serves each embed of the built release under its version, cached for a year, loadable cross-origin', async () => {
    for (const [name, body] of [
      ['headline.js', 'window.SportSpyder={};'],
      ['player.js', 'window.SportSpyder={player:1};'],
    ]) {
      const versioned = await app.inject({ method: 'GET', url: `/widgets/v1.2.3/${name}` });
      expect(versioned.statusCode).toBe(200);
      expect(versioned.body).toBe(body);
      expect(versioned.headers['content-type']).toMatch(/javascript/);
      expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // SRI on a cross-origin script needs CORS (the snippet carries crossorigin="anonymous").
      expect(versioned.headers['access-control-allow-origin']).toBe('*');
      expect(versioned.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    // The moving URL beside it keeps the short cache.
    const moving = await app.inject({ method: 'GET', url: '/widgets/player.js' });
    expect(moving.headers['cache-control']).toBe('public, max-age=86400');
  });

  it("answers 404 for another version and for files that are not the release's embeds", async () => {
    for (const url of [
      '/widgets/v1.2.2/headline.js',
      '/widgets/v1.2.3/chat-notes.txt',
      '/widgets/v1.2.3/integrity.json',
      '/widgets/v1.2.3/',
    ]) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(String(missing.headers['cache-control']), url).not.toContain('immutable');
    }
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
