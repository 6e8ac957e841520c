// POST api/v1/feedbacks (spec 3 §5, §7): each topic's required fields (422 naming them), the captcha,
// the per-address throttle (429 with Retry-After), the stored row, the mail to CONTACT_EMAIL with
// Reply-To; and the session's public keys and the CSP with and without the third-party keys.
import { FEEDBACK_TOPICS } from '@sportspyder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp, freshAccount, waitForMail } from '../../accounts/__tests__/account-fixtures.js';
import { LOCAL_CAPTCHA_TOKEN } from '../../accounts/captcha.js';
import type { SportSpyderApp } from '../../app.js';
import { readOutbox } from '../../mail/mailer.js';
import { FEEDBACKS_PER_HOUR } from '../feedback-routes.js';
import { FEEDBACK_TOPIC_RULES } from '../feedback-rules.js';

const CONTACT = 'desk@sportspyder.test';
let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db, { contactEmail: CONTACT });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function send(body: Record<string, unknown>, jar = new CookieJar()) {
  if (!jar.cookies.has('sportspyder_csrf')) await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  return jar.request(app, {
    method: 'POST',
    url: '/api/v1/feedbacks',
    payload: { recaptcha: LOCAL_CAPTCHA_TOKEN, ...body },
  });
}

async function storedFor(email: string) {
  const { rows } = await testDb.db.query<{ topic_id: number; url: string | null; subject: string | null }>(
    'SELECT topic_id, url, subject, message FROM feedbacks WHERE email = $1 ORDER BY id',
    [email],
  );
  return rows;
}

const fieldsOf = (res: { json(): unknown }) =>
  ((res.json() as { errors: { field?: string }[] }).errors ?? []).map((e) => e.field).sort();

describe('POST api/v1/feedbacks', () => {
  it('asks for subject and message on topics 1, 5 and 7, naming each missing field', async () => {
    for (const topic of [1, 5, 7]) {
      const { email } = freshAccount('topic');
      const res = await send({ feedbackTopicId: topic, email, subject: '   ' });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res)).toEqual(['message', 'subject']);
      expect(res.json().errors).toContainEqual({
        field: 'message',
        code: 'blank',
        title: "Message can't be blank",
      });
      expect(await storedFor(email)).toEqual([]);
    }
  });

  it('asks for a url on topics 2 and 3, and refuses one that is no web address', async () => {
    for (const topic of [2, 3]) {
      const { email } = freshAccount('url');
      const blank = await send({ feedbackTopicId: topic, email });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors).toEqual([{ field: 'url', code: 'blank', title: "Url can't be blank" }]);
      const bad = await send({ feedbackTopicId: topic, email, url: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(422);
      expect(fieldsOf(bad)).toEqual(['url']);
    }
  });

  it('says a blank e-mail is required, not invalid (spec 3 §5: the e-mail is required)', async () => {
    const res = await send({ feedbackTopicId: 2, email: '', url: 'https://example.com/story' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({
      field: 'email',
      code: 'blank',
      title: "Email can't be blank",
    });
  });

  it('lists the schema problems and the topic rules together (bad e-mail, unknown topic)', async () => {
    const res = await send({ feedbackTopicId: 1, email: 'not-an-address', message: 'Hello' });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual(['email', 'subject']);
    const unknown = await send({ feedbackTopicId: 4, email: 'fan@example.com' });
    expect(unknown.statusCode).toBe(422);
    expect(fieldsOf(unknown)).toEqual(['feedbackTopicId']);
  });

  it('refuses a wrong captcha token and stores nothing', async () => {
    const { email } = freshAccount('robot');
    const res = await send({
      feedbackTopicId: 1,
      email,
      subject: 'Hi',
      message: 'Hello',
      recaptcha: 'forged',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'recaptcha', code: 'invalid' })]);
    expect(await storedFor(email)).toEqual([]);
  });

  it('stores a general comment and mails it to the contact address with the sender as Reply-To', async () => {
    const { email } = freshAccount('writer');
    const res = await send({
      feedbackTopicId: 1,
      email,
      subject: 'Love the <b>recaps</b>',
      message: 'Please add\nthe Packers practice reports.',
      url: 'https://ignored.example.com',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().feedback.id;
    expect(id).toBeGreaterThan(0);
    expect(await storedFor(email)).toEqual([
      {
        topic_id: 1,
        url: null,
        subject: 'Love the <b>recaps</b>',
        message: 'Please add\nthe Packers practice reports.',
      },
    ]);
    const mail = await waitForMail(testDb.db, CONTACT, 'feedback');
    expect(mail.subject).toBe('[SportSpyder contact] General comments: Love the <b>recaps</b>');
    expect(mail.text).toContain(`From: ${email}`);
    expect(mail.text).toContain('Please add\nthe Packers practice reports.');
    expect(mail.html).toContain('Love the &lt;b&gt;recaps&lt;/b&gt;');
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${email}`, 'mi'));
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
  });

  it('keeps the url of a missing article (https:// added when typed without) and names the member', async () => {
    const account = freshAccount('member');
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const signUp = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { ...account, recaptcha: LOCAL_CAPTCHA_TOKEN },
    });
    expect(signUp.statusCode).toBe(201);
    const before = (await readOutbox(testDb.db, { to: CONTACT })).length;
    const res = await send({ feedbackTopicId: 2, email: account.email, url: 'espn.com/nfl/story' }, jar);
    expect(res.statusCode).toBe(201);
    expect(await storedFor(account.email)).toEqual([
      { topic_id: 2, url: 'https://espn.com/nfl/story', subject: null, message: null },
    ]);
    const mails = await readOutbox(testDb.db, { to: CONTACT });
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toBe('[SportSpyder contact] Report a missing article');
    expect(mails[0]?.text).toContain(`member ${account.username}`);
    expect(mails[0]?.text).toContain('Url: https://espn.com/nfl/story');
  });

  it(`throttles one sender address after ${FEEDBACKS_PER_HOUR} messages an hour (429 with Retry-After)`, async () => {
    const { email } = freshAccount('chatty');
    const body = { feedbackTopicId: 3, email, url: 'https://blog.example.com' };
    for (let i = 0; i < FEEDBACKS_PER_HOUR; i += 1) expect((await send(body)).statusCode).toBe(201);
    const res = await send(body);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().errors[0].code).toBe('rate_limited');
    expect((await storedFor(email)).length).toBe(FEEDBACKS_PER_HOUR);
  });

  it('throttles one client address through the route limit (429 with Retry-After)', async () => {
    const db = await createTestDatabase();
    const strict = await buildTestApp(db.db, { signInRateLimitMax: 2 });
    try {
      const jar = new CookieJar();
      await jar.request(strict, { method: 'GET', url: '/api/v1/session' });
      const statuses: number[] = [];
      let last: Awaited<ReturnType<CookieJar['request']>> | undefined;
      for (let i = 0; i < 3; i += 1) {
        last = await jar.request(strict, {
          method: 'POST',
          url: '/api/v1/feedbacks',
          payload: {
            feedbackTopicId: 3,
            email: `ip${i}@example.com`,
            url: 'https://a.example.com',
            recaptcha: LOCAL_CAPTCHA_TOKEN,
          },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await strict.close();
      await db.dispose();
    }
  });

  it('has the same topics and required fields as the site (core)', () => {
    const server = Object.entries(FEEDBACK_TOPIC_RULES).map(([id, rule]) => [
      Number(id),
      [...rule.required].sort(),
    ]);
    const site = FEEDBACK_TOPICS.map((topic) => [topic.id, [...topic.fields].sort()]);
    expect(site).toEqual(server);
    expect(FEEDBACK_TOPICS.map((t) => t.label)).toEqual(
      Object.values(FEEDBACK_TOPIC_RULES).map((r) => r.name),
    );
  });
});

describe('third-party keys', () => {
  it('without keys: no public keys in the session and no third-party script host in the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(res.json().session.publicKeys).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('google.com');
    expect(csp).not.toContain('stripe.com');
  });

  it('with keys: the session names them and the CSP allows exactly reCAPTCHA and Stripe.js', async () => {
    const db = await createTestDatabase();
    const keyed = await buildTestApp(db.db, {
      recaptchaSiteKey: 'site-key-1',
      stripePublishableKey: 'pk_test_123',
    });
    try {
      const res = await keyed.inject({ method: 'GET', url: '/api/v1/session' });
      expect(res.json().session.publicKeys).toEqual({
        recaptchaSiteKey: 'site-key-1',
        stripePublishableKey: 'pk_test_123',
      });
      const directives = new Map(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values] as const),
      );
      expect(directives.get('script-src')).toEqual([
        "'self'",
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
        'https://js.stripe.com',
      ]);
      expect(directives.get('frame-src')).toEqual(
        expect.arrayContaining([
          'https://www.google.com/recaptcha/',
          'https://recaptcha.google.com/recaptcha/',
          'https://js.stripe.com',
          'https://hooks.stripe.com',
        ]),
      );
      expect(directives.get('connect-src')).toContain('https://api.stripe.com');
    } finally {
      await keyed.close();
      await db.dispose();
    }
  });
});
