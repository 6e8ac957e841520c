import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { looksLikeEmail } from '../newsletter-signup.js';
import type { MemoryOutbox } from '../outbox.js';
import { buildMemberApp, signedIn, teamId, visitor } from './member-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let outbox: MemoryOutbox;
let packers: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app, outbox } = await buildMemberApp(testDb.db));
  packers = await teamId(testDb.db, 'green-bay-packers');
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const URL = '/api/v1/subscribers';

async function signUp(email: string, team = packers) {
  const jar = await visitor(app);
  return jar.request(app, { method: 'POST', url: URL, payload: { email, teamId: team } });
}

describe('looksLikeEmail', () => {
  it.each([
    ['fan@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['fan@example', false],
    ['fan example@example.com', false],
    ['@example.com', false],
    ['fan@@example.com', false],
  ])('%s -> %s', (email, ok) => {
    expect(looksLikeEmail(email)).toBe(ok);
  });
});

describe('POST api/v1/subscribers', () => {
  it('signs an address up (201) without the hash, stores only the token digest and queues a welcome mail', async () => {
    const res = await signUp('  New.Fan@Example.com ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      subscriber: { id: expect.any(Number), email: 'new.fan@example.com', frequency: 'weekly' },
    });
    expect(res.body).not.toMatch(/hash/i);

    const mail = outbox.mails.at(-1);
    expect(mail).toMatchObject({ to: 'new.fan@example.com', template: 'newsletter_welcome' });
    const token = mail?.data.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body).not.toContain(token);

    const { rows } = await testDb.db.query<{ hash_digest: string; team_id: number; subscribed: boolean }>(
      'SELECT hash_digest, team_id, subscribed FROM subscribers WHERE id = $1',
      [res.json().subscriber.id],
    );
    expect(rows[0]).toEqual({
      hash_digest: createHash('sha256').update(token).digest('hex'),
      team_id: packers,
      subscribed: true,
    });
  });

  it.each([
    ['', 'blank', 'Please enter an email address'],
    ['   ', 'blank', 'Please enter an email address'],
    ['not-an-email', 'invalid', 'Please enter a valid email address'],
    ['fan@nowhere', 'invalid', 'Please enter a valid email address'],
  ])('answers 422 %s -> %s', async (email, code, title) => {
    const before = outbox.mails.length;
    const res = await signUp(email);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [{ code, field: 'email', title }] });
    expect(outbox.mails.length).toBe(before);
  });

  it("answers has_account for a member's e-mail, whatever its case", async () => {
    const res = await signUp('Demo@SportSpyder.test');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [{ code: 'has_account', field: 'email', title: 'You already have a SportSpyder account' }],
    });
  });

  it('answers taken for an address already subscribed, and does not mail it again', async () => {
    expect((await signUp('twice@example.com')).statusCode).toBe(201);
    const before = outbox.mails.length;
    const res = await signUp('TWICE@example.com');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [{ code: 'taken', field: 'email', title: "You're already subscribed" }],
    });
    expect(outbox.mails.length).toBe(before);
  });

  it('answers unsubscribed for an address that unsubscribed before (or unsubscribed from all)', async () => {
    await signUp('gone@example.com');
    await testDb.db.query("UPDATE subscribers SET subscribed = false WHERE email = 'gone@example.com'");
    const res = await signUp('gone@example.com');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [
        { code: 'unsubscribed', field: 'email', title: 'This email address has already unsubscribed' },
      ],
    });

    await signUp('all-off@example.com');
    await testDb.db.query(
      "UPDATE subscribers SET unsubscribe_all = true WHERE email = 'all-off@example.com'",
    );
    expect((await signUp('all-off@example.com')).json().errors[0].code).toBe('unsubscribed');
  });

  it('answers 422 on teamId for an unknown team and on email when it is missing', async () => {
    const unknown = await signUp('team@example.com', 999_999);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'invalid', field: 'teamId' });
    const jar = await visitor(app);
    const missing = await jar.request(app, { method: 'POST', url: URL, payload: { teamId: packers } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ code: 'blank', field: 'email' });
  });

  it('needs the CSRF header (403)', async () => {
    const jar = await visitor(app);
    const res = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { email: 'csrf@example.com', teamId: packers },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_invalid');
  });

  it('works for a signed-in visitor too, but their own e-mail has an account', async () => {
    const jar = await signedIn(app, 'pro');
    const res = await jar.request(app, {
      method: 'POST',
      url: URL,
      payload: { email: 'pro@sportspyder.test', teamId: packers },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe('has_account');
  });
});
