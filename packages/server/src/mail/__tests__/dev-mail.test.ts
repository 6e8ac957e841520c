// The database outbox (no SMTP_URL) and /dev/mail: a new member's verification mail is listed with
// its text part, the link is a clickable anchor on the public origin, the HTML part opens at
// /dev/mail/:id, and production has no such page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import {
  buildAccountApp,
  freshAccount,
  PUBLIC_ORIGIN,
  signUp,
  waitForMail,
} from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { Mailer, readOutbox } from '../mailer.js';

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

describe('/dev/mail', () => {
  it('lists the newest mails with clickable links and opens the HTML part', async () => {
    const account = freshAccount('outbox');
    await signUp(app, new CookieJar(), { ...account, username: `${account.username.slice(0, 20)}_x` });
    const mail = await waitForMail(testDb.db, account.email, 'verify_email');
    expect(mail.sentAt).not.toBeNull(); // delivered to the outbox

    const page = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(account.email);
    expect(page.body).toContain('Verify your email address');
    expect(page.body).toMatch(new RegExp(`<a href="${PUBLIC_ORIGIN}/verify/[A-Za-z0-9_-]{22}">`));

    const html = await app.inject({ method: 'GET', url: `/dev/mail/${mail.id}` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`href="${PUBLIC_ORIGIN}/verify/`);
    expect((await app.inject({ method: 'GET', url: '/dev/mail/999999999' })).statusCode).toBe(404);
  });

  it('escapes what members typed', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    // A newsletter welcome carries the team name; the subscriber's address is the only input here.
    const teams = (await app.inject({ method: 'GET', url: '/api/v1/teams' })).json().teams as {
      id: number;
    }[];
    const email = `x${Date.now()}+<b>@example.com`;
    await jar.request(app, {
      method: 'POST',
      url: '/api/v1/subscribers',
      payload: { email, teamId: teams[0]?.id },
    });
    const page = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.body).not.toContain('+<b>@');
  });

  it('keeps delivered mails 30 days', async () => {
    const account = freshAccount('old');
    await signUp(app, new CookieJar(), account);
    const mail = await waitForMail(testDb.db, account.email, 'verify_email');
    await testDb.db.query(`UPDATE mail_outbox SET created_at = now() - interval '31 days' WHERE id = $1`, [
      mail.id,
    ]);
    await new Mailer({ db: testDb.db, publicOrigin: PUBLIC_ORIGIN, from: 'x@example.com' }).prune();
    expect(await readOutbox(testDb.db, { to: account.email })).toEqual([]);
  });

  it('does not exist in production', async () => {
    const production = await buildAccountApp(testDb.db, { production: true });
    try {
      const res = await production.inject({ method: 'GET', url: '/dev/mail' });
      expect(res.body).not.toContain('Outbox');
    } finally {
      await production.close();
    }
  });
});
