// The chat embed on the server (issue 14): the iframe page's framing headers from CHAT_EMBED_ORIGINS
// (other pages still refuse framing), the sign-in popup keeping its opener, and the frame sign-in path:
// a code from the cookie session, exchanged once for a frame session that works in a header without
// cookies or CSRF token, on chat and session calls only, and ends with the member's session.
import { CHAT_EMBED_FRAME_HEADER } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  createMember,
  pastCooldown,
  type TestMember,
  teamChannelId,
} from '../../chat/__tests__/chat-fixtures.js';

const PARTNERS = ['https://partner.example', 'http://localhost:5500'];
let testDb: TestDatabase;
let app: SportSpyderApp;
let packers: number;
let member: TestMember;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db, { chatEmbedOrigins: PARTNERS });
  packers = await teamChannelId(testDb.db, 'green-bay-packers');
  member = await createMember(app, testDb.db, { acceptedRules: false });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const embedUrl = (parent: string) =>
  `/embed/chat?team=nfl/green-bay-packers&channel=${packers}&theme=dark&parent=${encodeURIComponent(parent)}`;

/** A request as the frame makes it: no cookies at all, the frame header instead. */
const frame = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  app.inject({ method, url, headers: { [CHAT_EMBED_FRAME_HEADER]: token }, ...(payload ? { payload } : {}) });

async function frameSession(who: TestMember = member): Promise<string> {
  const code = await who.jar.request(app, { method: 'POST', url: '/api/v1/chat/embed_codes' });
  expect(code.statusCode, code.body).toBe(201);
  const exchanged = await frame('POST', '/api/v1/chat/embed_sessions', 'exchange', {
    code: code.json().code,
  });
  expect(exchanged.statusCode, exchanged.body).toBe(201);
  return exchanged.json().token;
}

describe('the iframe page', () => {
  it('may be framed by the product and the configured partners only, without X-Frame-Options', async () => {
    const res = await app.inject({ method: 'GET', url: embedUrl('https://partner.example') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://partner.example http://localhost:5500");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toMatch(/<script src="\/widgets\/chat-frame[.\w]*\.js" defer><\/script>/);
    // Nothing of the query is written into the page.
    expect(res.body).not.toContain('partner.example');
  });

  it('answers a parent that is not a partner with a refusal page, still not frameable elsewhere', async () => {
    const res = await app.inject({ method: 'GET', url: embedUrl('https://evil.example') });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This site may not embed SportSpyder chat.');
    expect(res.body).not.toContain('<script');
    expect(String(res.headers['content-security-policy'])).not.toContain('evil.example');
    expect((await app.inject({ method: 'GET', url: '/embed/chat' })).statusCode).toBe(403);
  });

  it('lists only the product itself without CHAT_EMBED_ORIGINS', async () => {
    const db = await createTestDatabase();
    const plain = await buildTestApp(db.db);
    try {
      const res = await plain.inject({ method: 'GET', url: embedUrl('https://partner.example') });
      expect(res.statusCode).toBe(403);
      const own = await plain.inject({ method: 'GET', url: embedUrl('http://sportspyder.test') });
      expect(own.statusCode).toBe(200);
      expect(String(own.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'(;|$)/);
    } finally {
      await plain.close();
      await db.dispose();
    }
  });

  it('leaves every other page unframeable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(res.headers['content-security-policy'])).not.toContain('partner.example');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the sign-in popup without an opener policy that would cut it from the frame', async () => {
    const res = await app.inject({ method: 'GET', url: '/embed/chat/signin?parent=https://partner.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'(;|$)/);
  });
});

describe('signing in inside the frame', () => {
  it('lets a member accept the rules and send with a frame session and no cookie or CSRF token', async () => {
    const token = await frameSession();
    const session = await frame('GET', '/api/v1/session', token);
    expect(session.json().session.user).toMatchObject({ id: member.id, chatAcceptedRules: false });
    const rules = await frame('PUT', '/api/v1/session', token, { chatAcceptedRules: true });
    expect(rules.statusCode, rules.body).toBe(200);
    await pastCooldown(testDb.db, member.id);
    const sent = await frame('POST', `/api/v1/channels/${packers}/messages`, token, {
      content: 'From a partner page',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatchObject({ content: 'From a partner page', user: { id: member.id } });
    // The server's cooldown message reaches the frame as it is.
    const again = await frame('POST', `/api/v1/channels/${packers}/messages`, token, { content: 'Too soon' });
    expect(again.statusCode).toBe(429);
    expect(again.json().errors[0].title).toMatch(/^You can send a message every \d+ secs$/);
  });

  it('refuses calls outside chat and the session, and never falls back to cookies', async () => {
    const token = await frameSession();
    const out = await frame('GET', '/api/v1/profile/api_keys', token);
    expect(out.statusCode).toBe(403);
    expect(out.json().errors[0].code).toBe('frame_scope');
    // A frame session cannot mint codes for itself.
    expect((await frame('POST', '/api/v1/chat/embed_codes', token)).statusCode).toBe(403);
    // A bad token with the member's cookies still answers 401.
    const forged = await member.jar.request(app, {
      method: 'GET',
      url: '/api/v1/session',
      headers: { [CHAT_EMBED_FRAME_HEADER]: `${token.slice(0, -2)}xx` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errors[0].code).toBe('invalid_frame_session');
    // A code is not a frame session, and a frame session is not a code.
    const code = (await member.jar.request(app, { method: 'POST', url: '/api/v1/chat/embed_codes' })).json()
      .code;
    expect((await frame('GET', '/api/v1/session', code)).statusCode).toBe(401);
    const swapped = await frame('POST', '/api/v1/chat/embed_sessions', 'exchange', { code: token });
    expect(swapped.statusCode).toBe(422);
  });

  it('keeps CSRF for everything else: a cookie request without the token is refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/channels/${packers}/messages`,
      cookies: Object.fromEntries(member.jar.cookies),
      payload: { content: 'no token' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_invalid');
  });

  it('uses a code once, refuses visitors a code, and needs the exchange header', async () => {
    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    expect((await visitor.request(app, { method: 'POST', url: '/api/v1/chat/embed_codes' })).statusCode).toBe(
      401,
    );

    const code = (await member.jar.request(app, { method: 'POST', url: '/api/v1/chat/embed_codes' })).json()
      .code;
    const noHeader = await app.inject({
      method: 'POST',
      url: '/api/v1/chat/embed_sessions',
      payload: { code },
    });
    expect(noHeader.statusCode).toBe(403); // a cookie-less POST without the frame header: CSRF
    expect((await frame('POST', '/api/v1/chat/embed_sessions', 'exchange', { code })).statusCode).toBe(201);
    const replay = await frame('POST', '/api/v1/chat/embed_sessions', 'exchange', { code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors[0]).toMatchObject({ code: 'invalid_code', field: 'code' });
  });

  it('ends the frame session when the member signs out', async () => {
    const other = await createMember(app, testDb.db);
    const token = await frameSession(other);
    expect((await frame('GET', '/api/v1/session', token)).json().session.user.id).toBe(other.id);
    const out = await other.jar.request(app, { method: 'DELETE', url: '/api/v1/session' });
    expect(out.statusCode).toBe(200);
    expect((await frame('GET', '/api/v1/session', token)).statusCode).toBe(401);
  });
});
