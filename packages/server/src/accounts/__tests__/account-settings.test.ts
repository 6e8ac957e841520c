import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { ACCOUNT_DELETION_STEPS } from '../account-deletion.js';
import { buildAccountApp, freshAccount, signUp, tokenOf, waitForMail } from './account-fixtures.js';

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

/** A new member signed in on a fresh jar. */
async function member(prefix = 'set') {
  const account = freshAccount(prefix);
  const jar = new CookieJar();
  const res = await signUp(app, jar, account);
  expect(res.statusCode).toBe(201);
  const id = res.json().session.user.id as number;
  return { ...account, jar, id };
}

async function signIn(email: string, password: string) {
  const jar = new CookieJar();
  await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  const res = await jar.request(app, {
    method: 'POST',
    url: '/api/v1/session',
    payload: { username: email, password },
  });
  return { jar, res };
}

/** A member's combined news, as a visitor reads it by username. */
const newsOf = (username: string) => app.inject({ method: 'GET', url: `/api/v1/users/${username}/articles` });

const visitor = async () => {
  const jar = new CookieJar();
  await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  return jar;
};

describe('PUT api/v1/session (chat choices)', () => {
  it('stores accepted rules and the chat colour and answers the session like GET', async () => {
    const { jar } = await member();
    const res = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/session',
      payload: { chatAcceptedRules: true, chatColor: 'Pine' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().session.user).toMatchObject({ chatAcceptedRules: true, chatColor: 'Pine' });
    const again = (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json();
    expect(again.session).toEqual(res.json().session);
  });

  it('refuses a colour outside the palette and the PRO badge during the trial, naming the field', async () => {
    const { jar } = await member();
    const colour = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/session',
      payload: { chatColor: 'Plaid' },
    });
    expect(colour.statusCode).toBe(422);
    expect(colour.json().errors.some((e: { field?: string }) => e.field === 'chatColor')).toBe(true);
    const badge = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/session',
      payload: { chatProBadge: true },
    });
    expect(badge.statusCode).toBe(422);
    expect(badge.json().errors[0]).toMatchObject({ field: 'chatProBadge' });
    // Turning it off is anyone's choice.
    const off = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/session',
      payload: { chatProBadge: false },
    });
    expect(off.json().session.user.chatProBadge).toBe(false);
  });

  it('lets a paid PRO member turn the badge on', async () => {
    const { jar, id } = await member();
    await testDb.db.query(
      `UPDATE users SET pro_state = 'paid', pro_since = now(), chat_pro_badge = false WHERE id = $1`,
      [id],
    );
    const res = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/session',
      payload: { chatProBadge: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().session.user.chatProBadge).toBe(true);
  });

  it('answers 401 to a visitor', async () => {
    const jar = await visitor();
    const res = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/session',
      payload: { chatAcceptedRules: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT api/v1/profile/account (identity)', () => {
  it('changes the display name and links-in-new-window', async () => {
    const { jar } = await member();
    const res = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { name: 'Cheese Head', linksInNewWindow: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({ name: 'Cheese Head', linksInNewWindow: true });
    const session = (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session;
    expect(session.user).toMatchObject({ displayName: 'Cheese Head', linksInNewWindow: true });
  });

  it('changes the username once a week: a second change within 7 days is a 422 naming the field', async () => {
    const { jar, username, id } = await member();
    // The member's combined news, found by name and so remembered by the server (content/articles/resolve.ts).
    expect((await newsOf(username)).statusCode).toBe(200);
    const first = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { username: `${username.slice(0, 24)}_new` },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().account.username).toBe(`${username.slice(0, 24)}_new`);
    expect(first.json().account.usernameChangedAt).toEqual(expect.any(String));
    // The old name is free at once, and the news are under the new one.
    expect((await newsOf(username)).statusCode).toBe(404);
    expect((await newsOf(`${username.slice(0, 24)}_new`)).statusCode).toBe(200);

    const second = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { username: `${username.slice(0, 24)}_two` },
    });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toContainEqual({
      field: 'username',
      code: 'too_soon',
      title: 'Username can only be changed once a week',
    });
    // Sending the current name back (the form does) is not a change.
    const same = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { username: `${username.slice(0, 24)}_new`, name: 'Same' },
    });
    expect(same.statusCode).toBe(200);

    // Eight days later the name can change again.
    await testDb.db.query(`UPDATE users SET username_changed_at = now() - interval '8 days' WHERE id = $1`, [
      id,
    ]);
    const later = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { username: `${username.slice(0, 24)}_two` },
    });
    expect(later.statusCode).toBe(200);
  });

  it('refuses a taken, short or reserved username and a taken or invalid e-mail with the sign-up texts', async () => {
    const other = await member();
    const { jar, password } = await member();
    const taken = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { username: other.username.toUpperCase(), email: other.email, currentPassword: password },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', title: 'Username has already been taken' }),
        expect.objectContaining({ field: 'email', title: 'Email has already been taken' }),
      ]),
    );
    const short = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { username: 'abc' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0].field).toBe('username');
    const reserved = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { username: 'SportSpyder' },
    });
    expect(reserved.json().errors[0]).toMatchObject({ field: 'username', code: 'taken' });
    const invalid = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { email: 'not-an-address', currentPassword: password },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors[0].field).toBe('email');
  });

  it('a new e-mail is unverified until the link mailed to it is opened; sign-in uses the new address', async () => {
    const { jar, password, id, email } = await member();
    await testDb.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [id]);
    // A reset link mailed to the old address before the change.
    await jar.request(app, { method: 'POST', url: '/api/v1/lost_passwords', payload: { email } });
    const reset = tokenOf((await waitForMail(testDb.db, email, 'password_reset')).text, '/reset');
    const next = freshAccount('moved').email;
    const res = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { email: next, currentPassword: password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().account.email).toBe(next);
    const { rows } = await testDb.db.query<{ email_verified_at: Date | null }>(
      'SELECT email_verified_at FROM users WHERE id = $1',
      [id],
    );
    expect(rows[0]?.email_verified_at).toBeNull();

    const mail = await waitForMail(testDb.db, next, 'verify_email');
    const verified = await jar.request(app, {
      method: 'PUT',
      url: `/api/v1/verifications/${tokenOf(mail.text, '/verify')}`,
    });
    expect(verified.statusCode).toBe(200);
    const after = await testDb.db.query<{ email_verified_at: Date | null }>(
      'SELECT email_verified_at FROM users WHERE id = $1',
      [id],
    );
    expect(after.rows[0]?.email_verified_at).not.toBeNull();
    expect((await signIn(next, password)).res.statusCode).toBe(200);
    // The old address's reset link no longer works.
    const link = await app.inject({ method: 'GET', url: `/api/v1/lost_passwords/${reset}` });
    expect(link.json().lostPassword.expired).toBe(true);
  });
});

describe('GET api/v1/profile/export', () => {
  it('holds the profile, follows, fantasy teams, notifications and billing summary, and no secrets', async () => {
    const { jar, id, email, username } = await member('exp');
    const { rows: teams } = await testDb.db.query<{ id: number }>('SELECT id FROM teams ORDER BY id LIMIT 1');
    await testDb.db.query('INSERT INTO following_teams (user_id, team_id) VALUES ($1, $2)', [
      id,
      teams[0]?.id,
    ]);
    await testDb.db.query(
      `INSERT INTO fantasy_teams (user_id, name, sport_id) VALUES ($1, 'My baseball team', 1)`,
      [id],
    );
    await testDb.db.query(
      `INSERT INTO notifications (user_id, type, event) VALUES ($1, 'podcast_popular', 'Hot')`,
      [id],
    );
    await testDb.db.query(
      `INSERT INTO billing_accounts (user_id, customer_id, subscription_id, status, plan, card_brand, card_last4)
       VALUES ($1, 'cus_secret_1', 'sub_secret_1', 'active', 'pro-yearly', 'Visa', '4242')`,
      [id],
    );
    await testDb.db.query(
      `INSERT INTO api_keys (user_id, token_digest, token_prefix, description)
       VALUES ($1, 'apikeydigestsecret0001', 'ss_abcd', 'My dashboard')`,
      [id],
    );
    const res = await jar.request(app, { method: 'GET', url: '/api/v1/profile/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sportspyder-account-/);
    const { accountExport } = res.json();
    expect(accountExport).toMatchObject({ format: 'sportspyder-account-export', version: 1 });
    const { sections } = accountExport;
    expect(sections.profile).toMatchObject({ id, email, username });
    expect(sections.followingTeams).toHaveLength(1);
    expect(sections.fantasyTeams[0]).toMatchObject({ name: 'My baseball team', players: [] });
    expect(sections.notifications[0]).toMatchObject({ type: 'podcast_popular', event: 'Hot' });
    expect(sections.billing).toMatchObject({ plan: 'pro-yearly', cardBrand: 'Visa', cardLast4: '4242' });
    expect(sections.apiKeys).toEqual([
      expect.objectContaining({ description: 'My dashboard', prefix: 'ss_abcd', lastUsedAt: null }),
    ]);
    // The session this request runs in, as the sessions list names it, without its id.
    expect(sections.signedInSessions).toEqual([
      expect.objectContaining({
        number: expect.any(Number),
        device: expect.any(String),
        signedInAt: expect.any(String),
      }),
    ]);
    expect(sections.signedInSessions[0]).not.toHaveProperty('id');

    const text = res.body;
    const { rows } = await testDb.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [id],
    );
    const { rows: tokens } = await testDb.db.query<{ digest: string }>(
      'SELECT digest FROM account_tokens WHERE user_id = $1',
      [id],
    );
    const { rows: sessions } = await testDb.db.query<{ id: string }>(
      'SELECT id FROM sessions WHERE user_id = $1',
      [id],
    );
    expect(tokens.length).toBeGreaterThan(0);
    for (const secret of [
      rows[0]?.password_hash as string,
      ...tokens.map((t) => t.digest),
      ...sessions.map((s) => s.id),
      'cus_secret_1',
      'sub_secret_1',
      'apikeydigestsecret0001',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password_?hash|argon2|digest|key_prefix/i);
  });

  it('answers 401 to a visitor', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/profile/export' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE api/v1/profile/account', () => {
  it('refuses a wrong password with a 422 naming the field, and changes nothing', async () => {
    const { jar, id } = await member('del');
    const res = await jar.request(app, {
      method: 'DELETE',
      url: '/api/v1/profile/account',
      payload: { password: 'wrong password' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'password', code: 'invalid', title: 'Password is incorrect' },
    ]);
    const { rows } = await testDb.db.query('SELECT 1 FROM users WHERE id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('erases the account, ends every session, keeps anonymous records, and sign-in fails afterwards', async () => {
    const { jar, id, email, password, username } = await member('del');
    expect((await newsOf(username)).statusCode).toBe(200);
    const other = await signIn(email, password);
    expect(other.res.statusCode).toBe(200);
    // Found live before the deletion, so the server remembers it (auth/session-memo.ts) and must forget it.
    expect(
      (await other.jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session.loggedIn,
    ).toBe(true);
    const device = `device-${id}`;
    await testDb.db.query(`INSERT INTO page_views (path, hash, user_id) VALUES ('/nfl', $1, $2)`, [
      device,
      id,
    ]);
    await testDb.db.query(`INSERT INTO subscribers (email, hash_digest, user_id) VALUES ($1, $2, $3)`, [
      email,
      `digest-${id}`,
      id,
    ]);

    const res = await jar.request(app, {
      method: 'DELETE',
      url: '/api/v1/profile/account',
      payload: { password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({ loggedIn: false, user: null });

    // Both browsers are signed out.
    for (const browser of [jar, other.jar]) {
      const session = (await browser.request(app, { method: 'GET', url: '/api/v1/session' })).json().session;
      expect(session.loggedIn).toBe(false);
    }
    for (const sql of [
      'SELECT 1 FROM users WHERE id = $1',
      'SELECT 1 FROM sessions WHERE user_id = $1',
      'SELECT 1 FROM account_tokens WHERE user_id = $1',
      'SELECT 1 FROM subscribers WHERE user_id = $1',
    ]) {
      expect((await testDb.db.query(sql, [id])).rows, sql).toHaveLength(0);
    }
    expect(
      (await testDb.db.query('SELECT 1 FROM subscribers WHERE lower(email) = lower($1)', [email])).rows,
    ).toHaveLength(0);
    expect(
      (await testDb.db.query('SELECT 1 FROM mail_outbox WHERE lower(to_address) = lower($1)', [email])).rows,
    ).toHaveLength(0);
    // The page view still counts, without the member.
    const views = await testDb.db.query<{ user_id: number | null }>(
      'SELECT user_id FROM page_views WHERE hash = $1',
      [device],
    );
    expect(views.rows).toEqual([{ user_id: null }]);

    expect((await signIn(email, password)).res.statusCode).toBe(422);
    expect((await newsOf(username)).statusCode).toBe(404);
  });

  it('throttles password attempts per account (429 with Retry-After)', async () => {
    const limited = await buildAccountApp(testDb.db, { signInAccountMax: 2 });
    try {
      const account = freshAccount('thr');
      const jar = new CookieJar();
      expect((await signUp(limited, jar, account)).statusCode).toBe(201);
      const attempt = () =>
        jar.request(limited, {
          method: 'DELETE',
          url: '/api/v1/profile/account',
          payload: { password: 'nope' },
        });
      expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(422);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 to a visitor and 403 without the CSRF header', async () => {
    const jar = await visitor();
    const res = await jar.request(app, {
      method: 'DELETE',
      url: '/api/v1/profile/account',
      payload: { password: 'x' },
    });
    expect(res.statusCode).toBe(401);
    const { jar: memberJar, id } = await member('csrf');
    const forged = await memberJar.request(app, {
      method: 'DELETE',
      url: '/api/v1/profile/account',
      payload: { password: 'correct horse 1' },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect((await testDb.db.query('SELECT 1 FROM users WHERE id = $1', [id])).rows).toHaveLength(1);
  });

  it('has the chat hook point: the account row goes last, so a step added before it still sees the member', () => {
    const names = ACCOUNT_DELETION_STEPS.map((step) => step.name);
    expect(names[0]).toBe('end sessions');
    expect(names.at(-1)).toBe('delete account row');
  });
});
