// The member's signed-in sessions (issue 47): listed with the device in plain words and the current one
// first; one ended, or every other one, and the ended browser's very next request is a visitor's even
// though its session was remembered by the process; other members' sessions out of reach; the touch
// of last_seen_at, address and browser written at most every few minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp, freshAccount, signUp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { describeDevice } from '../describe-device.js';
import { findSessionUser, sessionIdFor } from '../sessions.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser: a cookie jar that always sends its User-Agent. */
class Browser extends CookieJar {
  constructor(readonly userAgent: string) {
    super();
  }
  send(method: 'GET' | 'DELETE', url: string) {
    return this.request(app, { method, url, headers: { 'user-agent': this.userAgent } });
  }
  async logIn(account: { email: string; password: string }) {
    await this.send('GET', '/api/v1/session');
    const res = await this.request(app, {
      method: 'POST',
      url: '/api/v1/session',
      payload: { username: account.email, password: account.password },
      headers: { 'user-agent': this.userAgent },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  async loggedIn(): Promise<boolean> {
    return (await this.send('GET', '/api/v1/session')).json().session.loggedIn;
  }
  async sessions() {
    const res = await this.send('GET', '/api/v1/profile/sessions');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessions as {
      id: number;
      device: string;
      place: string | null;
      current: boolean;
      lastSeenAt: string;
    }[];
  }
}

/** A member signed in on each of the given browsers (the first signs up). */
async function memberOn(...agents: string[]) {
  const account = freshAccount('sess');
  const browsers = agents.map((agent) => new Browser(agent));
  const [first, ...others] = browsers as [Browser, ...Browser[]];
  await first.send('GET', '/api/v1/session');
  const res = await signUp(app, first, account);
  expect(res.statusCode, res.body).toBe(201);
  for (const browser of others) await browser.logIn(account);
  // Each browser's first request after sign-in records its device.
  for (const browser of browsers) expect(await browser.loggedIn()).toBe(true);
  return { account, browsers };
}

describe('describeDevice', () => {
  it('names the browser and the system in plain words', () => {
    expect(describeDevice(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(describeDevice(WINDOWS_FIREFOX)).toBe('Firefox on Windows');
    expect(describeDevice(IPHONE_SAFARI)).toBe('Safari on iPhone');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari on Mac');
    expect(describeDevice('')).toBe('Unknown device');
    expect(describeDevice('lightMyRequest')).toBe('Unknown device');
  });
});

describe('GET api/v1/profile/sessions', () => {
  it('lists the member’s sessions, the current one first, in plain words', async () => {
    const { browsers } = await memberOn(ANDROID_CHROME, WINDOWS_FIREFOX);
    const [phone, laptop] = browsers as [Browser, Browser];
    const seen = await phone.sessions();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ device: 'Chrome on Android', place: null, current: true });
    expect(seen[1]).toMatchObject({ device: 'Firefox on Windows', place: null, current: false });
    expect(Date.parse(seen[1]?.lastSeenAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The other browser sees the same two, itself marked.
    const fromLaptop = await laptop.sessions();
    expect(fromLaptop.map((s) => [s.device, s.current])).toEqual([
      ['Firefox on Windows', true],
      ['Chrome on Android', false],
    ]);
    // No secret leaves the server: ids are small numbers, not token hashes.
    expect(JSON.stringify(seen)).not.toMatch(/[0-9a-f]{32}/);
  });

  it('needs a session cookie', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/v1/profile/sessions' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errors[0].code).toBe('unauthorized');
  });
});

describe('ending sessions', () => {
  it('ends another session: its next request is a visitor’s at once', async () => {
    const { browsers } = await memberOn(ANDROID_CHROME, WINDOWS_FIREFOX);
    const [phone, laptop] = browsers as [Browser, Browser];
    // The laptop's session is remembered by the process now (session-memo.ts).
    expect(await laptop.loggedIn()).toBe(true);
    const other = (await phone.sessions()).find((s) => !s.current);
    const res = await phone.send('DELETE', `/api/v1/profile/sessions/${other?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions.map((s: { device: string }) => s.device)).toEqual(['Chrome on Android']);
    expect(await laptop.loggedIn()).toBe(false);
    expect((await laptop.send('GET', '/api/v1/profile/sessions')).statusCode).toBe(401);
    expect(await phone.loggedIn()).toBe(true);
    // Twice: already gone.
    expect((await phone.send('DELETE', `/api/v1/profile/sessions/${other?.id}`)).statusCode).toBe(404);
  });

  it('signs out every other session and keeps this one', async () => {
    const { browsers } = await memberOn(ANDROID_CHROME, WINDOWS_FIREFOX, IPHONE_SAFARI);
    const [phone, laptop, iphone] = browsers as [Browser, Browser, Browser];
    expect(await phone.sessions()).toHaveLength(3);
    const res = await phone.send('DELETE', '/api/v1/profile/sessions');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', current: true }),
    ]);
    expect(await laptop.loggedIn()).toBe(false);
    expect(await iphone.loggedIn()).toBe(false);
    expect(await phone.loggedIn()).toBe(true);
    expect(await phone.sessions()).toHaveLength(1);
  });

  it('ending the current session signs this browser out', async () => {
    const { browsers } = await memberOn(ANDROID_CHROME);
    const [phone] = browsers as [Browser];
    const [current] = await phone.sessions();
    const res = await phone.send('DELETE', `/api/v1/profile/sessions/${current?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().sessions).toEqual([]);
    expect(await phone.loggedIn()).toBe(false);
  });

  it('cannot reach another member’s sessions, and needs the CSRF token', async () => {
    const { browsers: mine } = await memberOn(ANDROID_CHROME);
    const { browsers: theirs } = await memberOn(WINDOWS_FIREFOX);
    const [me] = mine as [Browser];
    const [them] = theirs as [Browser];
    const [their] = await them.sessions();
    const res = await me.send('DELETE', `/api/v1/profile/sessions/${their?.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toMatchObject({ code: 'not_found' });
    expect(await them.loggedIn()).toBe(true);
    const forged = await me.request(app, { method: 'DELETE', url: '/api/v1/profile/sessions', csrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await me.send('DELETE', '/api/v1/profile/sessions/abc')).statusCode).toBe(422);
  });
});

describe('the touch of a session', () => {
  it('records the address and browser, and writes last_seen_at at most every five minutes', async () => {
    const { browsers } = await memberOn(IPHONE_SAFARI);
    const [iphone] = browsers as [Browser];
    const token = iphone.cookies.get('sportspyder_session') ?? '';
    expect(token).not.toBe('');
    const row = async () =>
      (
        await testDb.db.query<{ last_seen_at: Date; ip: string; user_agent: string }>(
          'SELECT last_seen_at, ip, user_agent FROM sessions WHERE id = $1',
          [sessionIdFor(token)],
        )
      ).rows[0];
    expect(await row()).toMatchObject({ ip: '127.0.0.1', user_agent: IPHONE_SAFARI });
    await testDb.db.query(`UPDATE sessions SET last_seen_at = now() - interval '4 minutes' WHERE id = $1`, [
      sessionIdFor(token),
    ]);
    const before = (await row())?.last_seen_at;
    await findSessionUser(testDb.db, token, undefined, { ip: '198.51.100.7', userAgent: 'Other' });
    expect((await row())?.last_seen_at).toEqual(before);
    await testDb.db.query(`UPDATE sessions SET last_seen_at = now() - interval '6 minutes' WHERE id = $1`, [
      sessionIdFor(token),
    ]);
    await findSessionUser(testDb.db, token, undefined, { ip: '198.51.100.7', userAgent: WINDOWS_FIREFOX });
    const after = await row();
    expect(after?.last_seen_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after).toMatchObject({ ip: '198.51.100.7', user_agent: WINDOWS_FIREFOX });
  });
});
