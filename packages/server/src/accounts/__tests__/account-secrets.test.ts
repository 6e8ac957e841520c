// Secrets stay secret (issue 47), on the account calls: the settings' preference link is reused and an
// API key gets none; an address change needs the password and tells the old address, whose link undoes
// it; resets go only to verified addresses; other sessions end after a password change or reset; the
// on-blur address check is limited per address and per network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { createApiKey, setApiAccess } from '../../api-keys/api-key-store.js';
import type { SportSpyderApp } from '../../app.js';
import { readOutbox } from '../../mail/mailer.js';
import { buildAccountApp, freshAccount, signUp, tokenOf, waitForMail } from './account-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db, { trustProxy: true });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const ACCOUNT = '/api/v1/profile/account';

/** A signed-up member with their jar; verified unless `verified: false`. */
async function member(options: { verified?: boolean } = {}) {
  const account = freshAccount('sec47');
  const jar = new CookieJar();
  expect((await signUp(app, jar, account)).statusCode).toBe(201);
  if (options.verified !== false) {
    const verify = tokenOf((await waitForMail(testDb.db, account.email, 'verify_email')).text, '/verify');
    expect(
      (await jar.request(app, { method: 'PUT', url: `/api/v1/verifications/${verify}` })).statusCode,
    ).toBe(200);
  }
  const { rows } = await testDb.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
    account.email,
  ]);
  return { ...account, jar, id: Number(rows[0]?.id) };
}

async function signedIn(jar: CookieJar): Promise<boolean> {
  const session = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  return session.json().session.user !== null;
}

const preferenceLinks = async (userId: number) =>
  (
    await testDb.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM account_tokens WHERE user_id = $1 AND purpose = 'email_preferences'",
      [userId],
    )
  ).rows[0]?.n;

describe('GET profile/account preference link', () => {
  it('answers the same link on every read instead of minting a new 365-day one', async () => {
    const fan = await member();
    const first = (await fan.jar.request(app, { method: 'GET', url: ACCOUNT })).json().account.hash;
    const before = await preferenceLinks(fan.id);
    for (let i = 0; i < 5; i++) {
      const again = await fan.jar.request(app, { method: 'GET', url: ACCOUNT });
      expect(again.json().account.hash).toBe(first);
    }
    expect(await preferenceLinks(fan.id)).toBe(before);
    // It works as a preference link.
    const page = await app.inject({ method: 'GET', url: `/api/v1/email/accounts/${first}` });
    expect(page.statusCode).toBe(200);
  });

  it('rotates after a password change: the old link stops working', async () => {
    const fan = await member();
    const old = (await fan.jar.request(app, { method: 'GET', url: ACCOUNT })).json().account.hash;
    const changed = await fan.jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      payload: { currentPassword: fan.password, newPassword: 'another horse 2' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = (await fan.jar.request(app, { method: 'GET', url: ACCOUNT })).json().account.hash;
    expect(fresh).not.toBe(old);
    expect((await app.inject({ method: 'GET', url: `/api/v1/email/accounts/${old}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/email/accounts/${fresh}` })).statusCode).toBe(
      200,
    );
  });

  it('gives an API key (read only) no link that writes', async () => {
    const fan = await member();
    await setApiAccess(testDb.db, fan.email, true);
    const key = await createApiKey(testDb.db, fan.id, 'script');
    expect(key).not.toBeNull();
    const read = await app.inject({
      method: 'GET',
      url: ACCOUNT,
      headers: { authorization: `Bearer ${key?.token}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().account.email).toBe(fan.email);
    expect(read.json().account.hash).toBe('');
    expect(await preferenceLinks(fan.id)).toBe(0);
  });
});

describe('changing the e-mail address', () => {
  it('needs the current password: 422 naming currentPassword when missing or wrong', async () => {
    const fan = await member();
    const next = freshAccount('next').email;
    const missing = await fan.jar.request(app, { method: 'PUT', url: ACCOUNT, payload: { email: next } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ field: 'currentPassword', code: 'blank' }),
    ]);
    const wrong = await fan.jar.request(app, {
      method: 'PUT',
      url: ACCOUNT,
      payload: { email: next, currentPassword: 'not my password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ field: 'currentPassword', code: 'invalid' }),
    ]);
    const { rows } = await testDb.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      fan.id,
    ]);
    expect(rows[0]?.email).toBe(fan.email);
    // Other fields still save without it.
    const rename = await fan.jar.request(app, {
      method: 'PUT',
      url: ACCOUNT,
      payload: { name: 'Cheese Head' },
    });
    expect(rename.statusCode).toBe(200);
  });

  it('tells the old address, whose link undoes the change within 7 days, once', async () => {
    const fan = await member();
    const next = freshAccount('next').email;
    const changed = await fan.jar.request(app, {
      method: 'PUT',
      url: ACCOUNT,
      payload: { email: next, currentPassword: fan.password },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().account.email).toBe(next);

    const notice = await waitForMail(testDb.db, fan.email, 'email_changed');
    expect(notice.text).toContain('n***@example.com');
    expect(notice.text).not.toContain(next);
    expect(notice.text).toContain('7 days');
    const match = /https?:\/\/[^\s/]+\/email\/change\/undo\/([A-Za-z0-9_-]{22})/.exec(notice.text);
    expect(match).not.toBeNull();
    const token = match?.[1] as string;
    const { rows: expiry } = await testDb.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM account_tokens
       WHERE user_id = $1 AND purpose = 'email_change_undo'`,
      [fan.id],
    );
    expect(expiry[0]?.days).toBe(7);

    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    const undone = await visitor.request(app, { method: 'PUT', url: `/api/v1/email_changes/${token}` });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ emailChange: { email: fan.email } });
    const { rows } = await testDb.db.query<{ email: string; verified: boolean }>(
      'SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [fan.id],
    );
    expect(rows[0]).toEqual({ email: fan.email, verified: true });
    // Whoever changed it is signed out.
    expect(await signedIn(fan.jar)).toBe(false);
    // Once only.
    const again = await visitor.request(app, { method: 'PUT', url: `/api/v1/email_changes/${token}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('password resets', () => {
  it('go only to a verified address', async () => {
    const unverified = await member({ verified: false });
    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    const asked = await visitor.request(app, {
      method: 'POST',
      url: '/api/v1/lost_passwords',
      payload: { email: unverified.email },
    });
    expect(asked.statusCode).toBe(201);
    // The same answer, but no mail: a verified member's request, made after, is mailed first.
    const verified = await member();
    await visitor.request(app, {
      method: 'POST',
      url: '/api/v1/lost_passwords',
      payload: { email: verified.email },
    });
    await waitForMail(testDb.db, verified.email, 'password_reset');
    await app.close().catch(() => undefined); // waits for the mails queued after the answers
    app = await buildAccountApp(testDb.db, { trustProxy: true });
    const mails = await readOutbox(testDb.db, { to: unverified.email, limit: 20 });
    expect(mails.map((mail) => mail.template)).not.toContain('password_reset');
  });

  it('a reset ends every session; a change ends the others and keeps this one', async () => {
    const fan = await member();
    const other = new CookieJar();
    expect((await other.signIn(app, fan.email, fan.password)).statusCode).toBe(200);
    const changed = await fan.jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      payload: { currentPassword: fan.password, newPassword: 'another horse 2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(fan.jar)).toBe(true);

    await other.request(app, {
      method: 'POST',
      url: '/api/v1/lost_passwords',
      payload: { email: fan.email },
    });
    const reset = tokenOf((await waitForMail(testDb.db, fan.email, 'password_reset')).text, '/reset');
    const done = await other.request(app, {
      method: 'PUT',
      url: `/api/v1/lost_passwords/${reset}`,
      payload: { password: 'third horse 33' },
    });
    expect(done.statusCode).toBe(200);
    expect(await signedIn(fan.jar)).toBe(false);
  });
});

describe('POST user_validations address check', () => {
  let limited: SportSpyderApp;
  beforeAll(async () => {
    limited = await buildAccountApp(testDb.db, {
      trustProxy: true,
      signInAccountMax: 3,
      signInRateLimitMax: 5,
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  async function check(email: string, ip: string) {
    const jar = new CookieJar();
    await jar.request(limited, { method: 'GET', url: '/api/v1/session', headers: { 'x-forwarded-for': ip } });
    return jar.request(limited, {
      method: 'POST',
      url: '/api/v1/user_validations',
      payload: { email },
      headers: { 'x-forwarded-for': ip },
    });
  }

  it('still tells a taken address, then 429 with Retry-After past the per-address limit', async () => {
    const taken = await member();
    const answers: number[] = [];
    // From different networks, so only the per-address limit counts.
    for (let i = 0; i < 4; i++) answers.push((await check(taken.email, `198.51.${i}.1`)).statusCode);
    expect(answers).toEqual([422, 422, 422, 429]);
    const last = await check(taken.email, '198.51.9.1');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().errors[0]).toMatchObject({ code: 'rate_limited' });
  });

  it('limits one network (every address of a /24) however many addresses it tries', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await check(freshAccount('probe').email, `203.0.113.${10 + i}`)).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    // Another network is not affected.
    expect((await check(freshAccount('probe').email, '192.0.2.7')).statusCode).toBe(200);
  });
});
