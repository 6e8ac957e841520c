import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { readOutbox } from '../../mail/mailer.js';
import {
  buildAccountApp,
  freshAccount,
  markVerified,
  PUBLIC_ORIGIN,
  signUp,
  tokenOf,
  waitForMail,
} from './account-fixtures.js';

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

async function teamsBySlug(): Promise<Map<string, { id: number; name: string; slug: string }>> {
  const { teams } = (await app.inject({ method: 'GET', url: '/api/v1/teams' })).json() as {
    teams: { id: number; name: string; slug: string }[];
  };
  return new Map(teams.map((t) => [t.slug, t]));
}

describe('sign-up (POST api/v1/users)', () => {
  it('creates the account signed in, on a 7-day PRO trial, following the chosen teams, and mails a verification link', async () => {
    const account = freshAccount();
    const teams = await teamsBySlug();
    const packers = teams.get('green-bay-packers');
    expect(packers).toBeDefined();
    const jar = new CookieJar();
    const res = await signUp(app, jar, {
      ...account,
      followingTeams: [
        {
          id: packers?.id,
          name: 'Packers',
          fullName: 'Green Bay Packers',
          slug: 'green-bay-packers',
          logo: '',
          sportSlug: 'nfl',
          meta: '',
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { session } = res.json();
    expect(session.loggedIn).toBe(true);
    expect(session.user).toMatchObject({
      username: account.username,
      email: account.email,
      pro: true,
      proState: 'trial',
      proDaysLeft: 7,
    });
    expect(session.user.followingTeams.map((f: { teamId: number }) => f.teamId)).toEqual([packers?.id]);
    expect(res.cookies.find((c) => c.name === 'sportspyder_session')?.httpOnly).toBe(true);

    // The same cookie jar is signed in.
    const again = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(again.json().session.user.email).toBe(account.email);

    const mail = await waitForMail(testDb.db, account.email, 'verify_email');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain(`${PUBLIC_ORIGIN}/verify/`);
    expect(mail.html).toContain(`href="${PUBLIC_ORIGIN}/verify/`);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // The username is escaped in the HTML part.
    expect(mail.html).toContain(`Hi ${account.username},`);
  });

  it('answers every problem at once, with the texts the site maps (taken, invalid, alphanumeric, too short)', async () => {
    const res = await signUp(app, new CookieJar(), {
      username: 'no spaces!',
      email: 'demo@sportspyder.test',
      password: 'short',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        field: 'username',
        code: 'invalid',
        title: 'Username must contain only alphanumeric characters or underscores',
      },
      { field: 'email', code: 'taken', title: 'Email has already been taken' },
      { field: 'password', code: 'too_short', title: 'Password is too short (minimum is 8 characters)' },
    ]);
    const invalid = await signUp(app, new CookieJar(), {
      username: 'abc',
      email: 'not-an-email',
      password: 'long enough',
    });
    expect(invalid.json().errors).toEqual([
      { field: 'username', code: 'too_short', title: 'Username is too short (minimum is 4 characters)' },
      { field: 'email', code: 'invalid', title: 'Email is invalid' },
    ]);
  });

  it('refuses a missing or wrong captcha token and creates nothing', async () => {
    const account = freshAccount();
    const wrong = await signUp(app, new CookieJar(), { ...account, recaptcha: 'made-up' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'recaptcha', code: 'invalid' });
    const missing = await signUp(app, new CookieJar(), { ...account, recaptcha: undefined });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      { field: 'recaptcha', code: 'blank', title: "Recaptcha can't be blank" },
    ]);
    const { rows } = await testDb.db.query('SELECT 1 FROM users WHERE email = $1', [account.email]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a second account with the same e-mail in another case, and a reserved username', async () => {
    const account = freshAccount();
    expect((await signUp(app, new CookieJar(), account)).statusCode).toBe(201);
    const twin = await signUp(app, new CookieJar(), {
      ...freshAccount(),
      email: account.email.toUpperCase(),
    });
    expect(twin.json().errors).toEqual([
      { field: 'email', code: 'taken', title: 'Email has already been taken' },
    ]);
    const bot = await signUp(app, new CookieJar(), { ...freshAccount(), username: 'SportSpyder' });
    expect(bot.json().errors).toEqual([
      { field: 'username', code: 'taken', title: 'Username has already been taken' },
    ]);
  });

  it('needs the CSRF header like every state-changing call', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/users',
      payload: freshAccount(),
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('converting a newsletter subscriber (/join/:id)', () => {
  it('marks the subscriber of the mailed hash converted and linked to the new account', async () => {
    const account = freshAccount('sub');
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const teams = (await app.inject({ method: 'GET', url: '/api/v1/teams' })).json().teams as {
      id: number;
    }[];
    const signup = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/subscribers',
      payload: { email: account.email, teamId: teams[0]?.id },
    });
    expect(signup.statusCode).toBe(201);
    const welcome = await waitForMail(testDb.db, account.email, 'newsletter_welcome');
    const hash = /\/email\/subscriber\/preferences\/([A-Za-z0-9_-]{22})/.exec(welcome.text)?.[1];
    expect(hash).toBeDefined();
    const created = await signUp(app, new CookieJar(), { ...account, subscriberId: hash });
    expect(created.statusCode).toBe(201);
    const { rows } = await testDb.db.query<{ converted: boolean; user_id: number | null }>(
      'SELECT converted, user_id FROM subscribers WHERE email = $1',
      [account.email],
    );
    expect(rows[0]).toEqual({ converted: true, user_id: created.json().session.user.id });
  });
});

describe('field checks on blur (POST api/v1/user_validations)', () => {
  const check = async (payload: object) => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    return jar.request(app, { method: 'POST', url: '/api/v1/user_validations', payload });
  };

  it('checks only the fields sent', async () => {
    const ok = await check({ email: freshAccount().email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ userValidation: { valid: true } });
    const taken = await check({ email: 'DEMO@sportspyder.test' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([
      { field: 'email', code: 'taken', title: 'Email has already been taken' },
    ]);
    const name = await check({ username: 'bad-name' });
    expect(name.json().errors[0].title).toMatch(/alphanumeric/);
    const taken2 = await check({ username: 'DEMO' });
    expect(taken2.json().errors).toEqual([
      { field: 'username', code: 'taken', title: 'Username has already been taken' },
    ]);
    const password = await check({ password: '1234567' });
    expect(password.json().errors[0]).toMatchObject({ field: 'password', code: 'too_short' });
  });
});

describe('verification (PUT api/v1/verifications/:id)', () => {
  it('verifies the address of the mailed link, again when opened twice, and refuses anything else', async () => {
    const account = freshAccount();
    const jar = new CookieJar();
    await signUp(app, jar, account);
    const token = tokenOf((await waitForMail(testDb.db, account.email, 'verify_email')).text, '/verify');
    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    const first = await visitor.request(app, { method: 'PUT', url: `/api/v1/verifications/${token}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ verification: { id: token } });
    const { rows } = await testDb.db.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [account.email],
    );
    expect(rows[0]?.verified).toBe(true);
    expect(
      (await visitor.request(app, { method: 'PUT', url: `/api/v1/verifications/${token}` })).statusCode,
    ).toBe(200);

    const wrong = await visitor.request(app, {
      method: 'PUT',
      // Another last character (one of 64: 'A' when it is not 'A' already, or the test would pass the real token).
      url: `/api/v1/verifications/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().errors[0].title).toBe(
      'This verification code is invalid. Please click on the link directly from the email or copy the full url provided. Thanks!',
    );
  });
});

describe('forgot and reset (api/v1/lost_passwords)', () => {
  async function forgot(email: string) {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    return jar.request(app, { method: 'POST', url: '/api/v1/lost_passwords', payload: { email } });
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const account = freshAccount();
    await signUp(app, new CookieJar(), account);
    await markVerified(testDb.db, account.email);
    const known = await forgot(account.email.toUpperCase());
    const unknownAddress = freshAccount().email;
    const unknown = await forgot(unknownAddress);
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const mail = await waitForMail(testDb.db, account.email, 'password_reset');
    expect(mail.text).toContain(`${PUBLIC_ORIGIN}/reset/`);
    expect(mail.text).toContain('60 minutes');
    await new Promise((r) => setTimeout(r, 100));
    expect(await readOutbox(testDb.db, { to: unknownAddress })).toEqual([]);
  });

  it('changes the password once, ends every session, and refuses the used link with the spec text', async () => {
    const account = freshAccount();
    const member = new CookieJar();
    await signUp(app, member, account);
    await markVerified(testDb.db, account.email);
    await forgot(account.email);
    const token = tokenOf((await waitForMail(testDb.db, account.email, 'password_reset')).text, '/reset');

    // The member's session is found live (and remembered) before the reset.
    expect(
      (await member.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn,
    ).toBe(true);
    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    const read = await visitor.request(app, { method: 'GET', url: `/api/v1/lost_passwords/${token}` });
    expect(read.json()).toEqual({ lostPassword: { id: token, expired: false } });

    const short = await visitor.request(app, {
      method: 'PUT',
      url: `/api/v1/lost_passwords/${token}`,
      payload: { password: 'short' },
    });
    expect(short.statusCode).toBe(422);
    const done = await visitor.request(app, {
      method: 'PUT',
      url: `/api/v1/lost_passwords/${token}`,
      payload: { password: 'a brand new secret' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ lostPassword: { id: token, expired: true } });

    // The signed-up browser is signed out; the old password fails, the new one works.
    expect(
      (await member.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn,
    ).toBe(false);
    expect((await new CookieJar().signIn(app, account.email, account.password)).statusCode).toBe(422);
    expect((await new CookieJar().signIn(app, account.email, 'a brand new secret')).statusCode).toBe(200);

    const reused = await visitor.request(app, {
      method: 'PUT',
      url: `/api/v1/lost_passwords/${token}`,
      payload: { password: 'another secret 2' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0].title).toBe(
      'This password reset link has already been used and has expired.',
    );
    expect(
      (await visitor.request(app, { method: 'GET', url: `/api/v1/lost_passwords/${token}` })).json(),
    ).toEqual({
      lostPassword: { id: token, expired: true },
    });
    // Resetting proved the mailbox.
    const { rows } = await testDb.db.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [account.email],
    );
    expect(rows[0]?.verified).toBe(true);
  });

  it('expires a link after 60 minutes', async () => {
    const account = freshAccount();
    await signUp(app, new CookieJar(), account);
    await markVerified(testDb.db, account.email);
    await forgot(account.email);
    const token = tokenOf((await waitForMail(testDb.db, account.email, 'password_reset')).text, '/reset');
    const { rows } = await testDb.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM account_tokens
       WHERE user_id = (SELECT id FROM users WHERE email = $1) AND purpose = 'password_reset'`,
      [account.email],
    );
    expect(rows[0]?.minutes).toBe(60);
    await testDb.db.query(
      `UPDATE account_tokens SET created_at = now() - interval '61 minutes', expires_at = now() - interval '1 minute'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [account.email],
    );
    const visitor = new CookieJar();
    await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(
      (await visitor.request(app, { method: 'GET', url: `/api/v1/lost_passwords/${token}` })).json()
        .lostPassword.expired,
    ).toBe(true);
    const late = await visitor.request(app, {
      method: 'PUT',
      url: `/api/v1/lost_passwords/${token}`,
      payload: { password: 'too late now' },
    });
    expect(late.statusCode).toBe(422);
    expect((await new CookieJar().signIn(app, account.email, account.password)).statusCode).toBe(200);
  });

  it('sends at most three reset mails an hour to one address', async () => {
    const account = freshAccount();
    await signUp(app, new CookieJar(), account);
    await markVerified(testDb.db, account.email);
    for (let i = 0; i < 5; i++) expect((await forgot(account.email)).statusCode).toBe(201);
    const resets = async () =>
      (await readOutbox(testDb.db, { to: account.email })).filter((m) => m.template === 'password_reset');
    // The mails are written after the answers: wait for three, then a little longer for any fourth.
    await vi.waitFor(async () => expect((await resets()).length).toBeGreaterThanOrEqual(3), {
      timeout: 5000,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await resets()).toHaveLength(3);
  });
});

describe('password change (PUT api/v1/profile/password)', () => {
  it('checks the current password, ends every other session and keeps this browser signed in', async () => {
    const account = freshAccount();
    const here = new CookieJar();
    await signUp(app, here, account);
    const elsewhere = new CookieJar();
    expect((await elsewhere.signIn(app, account.email, account.password)).statusCode).toBe(200);
    // Found live before the change, so the server remembers it (auth/session-memo.ts) and must forget it.
    expect(
      (await elsewhere.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn,
    ).toBe(true);
    const oldCookie = here.cookies.get('sportspyder_session');

    const wrong = await here.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      payload: { currentPassword: 'not it at all', newPassword: 'changed secret 9' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', code: 'invalid', title: 'Current password is incorrect' },
    ]);

    const ok = await here.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      payload: { currentPassword: account.password, newPassword: 'changed secret 9' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().session.loggedIn).toBe(true);
    expect(here.cookies.get('sportspyder_session')).not.toBe(oldCookie);
    expect((await here.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn).toBe(
      true,
    );
    expect(
      (await elsewhere.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn,
    ).toBe(false);
    expect((await new CookieJar().signIn(app, account.email, 'changed secret 9')).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      payload: { currentPassword: 'whatever', newPassword: 'whatever else' },
    });
    expect(res.statusCode).toBe(401);
  });
});
