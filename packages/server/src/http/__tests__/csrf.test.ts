// The signed double-submit CSRF token: bound to the session or the visitor's pre-session id, rotated
// with the session, refused from another session or as a tossed cookie; non-JSON calls answer 415;
// the key made once in the data folder and reused.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { CsrfTokens, persistedCsrfSecret } from '../csrf.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db, { signInRateLimitMax: 1000 });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const VIEW = { method: 'POST' as const, url: '/api/v1/user/views', payload: { path: '/', hash: 'abc' } };

async function visitorJar(): Promise<CookieJar> {
  const jar = new CookieJar();
  await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  return jar;
}

async function memberJar(): Promise<CookieJar> {
  const jar = new CookieJar();
  const res = await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
  expect(res.statusCode).toBe(200);
  return jar;
}

describe('CsrfTokens', () => {
  it('verifies its own token for the same binding only, and nothing signed with another key', () => {
    const tokens = new CsrfTokens('key one');
    const token = tokens.issue('session:abc');
    expect(tokens.verify(token, 'session:abc')).toBe(true);
    expect(tokens.verify(token, 'session:abd')).toBe(false);
    expect(tokens.verify(token, 'pre:abc')).toBe(false);
    expect(new CsrfTokens('key two').verify(token, 'session:abc')).toBe(false);
    expect(tokens.verify(token.slice(0, -1), 'session:abc')).toBe(false);
    expect(tokens.verify(`x${token}`, 'session:abc')).toBe(false);
    expect(tokens.verify(token, null)).toBe(false);
    // A fresh nonce each time: two tokens of one session differ.
    expect(tokens.issue('session:abc')).not.toBe(token);
  });
});

describe('the token follows the session', () => {
  it('gives a visitor a token bound to an httpOnly pre-session id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/session' });
    const pre = res.cookies.find((c) => c.name === 'sportspyder_presession');
    expect(pre?.httpOnly).toBe(true);
    expect(pre?.sameSite).toBe('Lax');
    const jar = new CookieJar();
    jar.store(res);
    expect((await jar.request(app, VIEW)).statusCode).toBe(201);
  });

  it('rotates the token at sign-in, in the sign-in answer itself, and the visitor token stops working', async () => {
    const jar = await visitorJar();
    const before = jar.cookies.get('sportspyder_csrf');
    const signIn = await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    expect(signIn.statusCode).toBe(200);
    const after = jar.cookies.get('sportspyder_csrf');
    expect(signIn.cookies.find((c) => c.name === 'sportspyder_csrf')?.value).toBe(after);
    expect(after).not.toBe(before);
    // The next call works with the new token at once…
    expect((await jar.request(app, VIEW)).statusCode).toBe(201);
    // …and the pre-sign-in token, echoed with the new session, is refused.
    const stale = await jar.request(app, { ...VIEW, csrf: false, headers: { 'x-csrf-token': before ?? '' } });
    expect(stale.statusCode).toBe(403);
  });

  it('rotates again at sign-out, back to the pre-session', async () => {
    const jar = await memberJar();
    const member = jar.cookies.get('sportspyder_csrf');
    const out = await jar.request(app, { method: 'DELETE', url: '/api/v1/session' });
    expect(out.statusCode).toBeLessThan(300);
    expect(jar.cookies.has('sportspyder_session')).toBe(false);
    expect(jar.cookies.get('sportspyder_csrf')).not.toBe(member);
    expect((await jar.request(app, VIEW)).statusCode).toBe(201);
  });

  it('refuses the token of another session, even with that session’s cookie value as the CSRF cookie', async () => {
    const victim = await memberJar();
    const attacker = await memberJar();
    const token = attacker.cookies.get('sportspyder_csrf') ?? '';
    // The attacker's own valid token, planted as the victim's CSRF cookie and echoed (a tossed cookie).
    victim.cookies.set('sportspyder_csrf', token);
    const res = await victim.request(app, VIEW);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_invalid');
  });

  it('refuses another visitor’s token', async () => {
    const one = await visitorJar();
    const two = await visitorJar();
    one.cookies.set('sportspyder_csrf', two.cookies.get('sportspyder_csrf') ?? '');
    expect((await one.request(app, VIEW)).statusCode).toBe(403);
  });

  it('replaces an old unsigned token with a signed one on the next answer', async () => {
    const jar = await visitorJar();
    jar.cookies.set('sportspyder_csrf', 'AAAAAAAAAAAAAAAAAAAAAA');
    expect((await jar.request(app, VIEW)).statusCode).toBe(403);
    expect(jar.cookies.get('sportspyder_csrf')).toMatch(/\./);
    expect((await jar.request(app, VIEW)).statusCode).toBe(201);
  });
});

describe('shared answers', () => {
  it('sets no cookie on an answer public caches may keep (RSS)', async () => {
    const res = await app.inject({ method: 'GET', url: '/rss/teams/green-bay-packers.xml' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'])).toMatch(/public/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('JSON only', () => {
  it('answers 415 to a form or text body even with a valid token, and accepts JSON with a charset', async () => {
    const jar = await memberJar();
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const res = await jar.request(app, {
        method: 'POST',
        url: VIEW.url,
        payload: 'path=%2F&hash=abc',
        headers: { 'content-type': type },
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().errors[0].code).toBe('unsupported_media_type');
    }
    const json = await jar.request(app, {
      method: 'POST',
      url: VIEW.url,
      payload: JSON.stringify(VIEW.payload),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(json.statusCode).toBe(201);
  });
});

describe('persistedCsrfSecret', () => {
  it('makes a private key once in the data folder and reads the same key afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'csrf-secret-'));
    try {
      const first = persistedCsrfSecret(join(dir, 'data'));
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(persistedCsrfSecret(join(dir, 'data'))).toBe(first);
      const file = join(dir, 'data', 'csrf-secret');
      expect(readFileSync(file, 'utf8')).toBe(first);
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
