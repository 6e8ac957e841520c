/**
 * Test helpers of the account routes: an app on the database outbox, a fresh e-mail per test, the
 * newest mail of an address, and the token of a mailed link.
 * @module
 */
import { vi } from 'vitest';
import { buildTestApp, type CookieJar } from '../../__tests__/helpers/test-app.js';
import type { SportSpyderApp } from '../../app.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { readOutbox, type StoredMail } from '../../mail/mailer.js';
import { LOCAL_CAPTCHA_TOKEN } from '../captcha.js';

/** The public origin the test apps build links on. */
export const PUBLIC_ORIGIN = 'http://sportspyder.test';

/** An app with the real mailer on the database outbox; limits raised unless a test sets them. */
export function buildAccountApp(
  db: Database,
  overrides: Partial<ServerConfig> = {},
): Promise<SportSpyderApp> {
  return buildTestApp(db, {
    signInRateLimitMax: 10_000,
    rateLimitMax: 100_000,
    signInAccountMax: 1000,
    ...overrides,
  });
}

let counter = 0;
/** A fresh address and username for one test. */
export function freshAccount(prefix = 'fan'): { email: string; username: string; password: string } {
  counter += 1;
  const id = `${prefix}${process.pid}x${counter}${Math.floor(Math.random() * 1e6)}`;
  return { email: `${id}@example.com`, username: id.slice(0, 30), password: 'correct horse 1' };
}

/** Waits for the newest mail to `to` of a template (mails are written after the answer). */
export async function waitForMail(db: Database, to: string, template: string): Promise<StoredMail> {
  return vi.waitFor(
    async () => {
      const mail = (await readOutbox(db, { to, limit: 20 })).find((m) => m.template === template);
      if (!mail) throw new Error(`no ${template} mail to ${to} yet`);
      return mail;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** The token at the end of the first `/path/<token>` link of a text. */
export function tokenOf(text: string, path: '/reset' | '/verify'): string {
  const match = new RegExp(`https?://[^\\s/]+${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

/** Signs up through the API with a cookie jar (CSRF cookie first); answers the response. */
export async function signUp(
  app: SportSpyderApp,
  jar: CookieJar,
  body: Record<string, unknown>,
): Promise<Awaited<ReturnType<CookieJar['request']>>> {
  if (!jar.cookies.has('sportspyder_csrf')) await jar.request(app, { method: 'GET', url: '/api/v1/session' });
  return jar.request(app, {
    method: 'POST',
    url: '/api/v1/users',
    payload: { recaptcha: LOCAL_CAPTCHA_TOKEN, ...body },
  });
}

/**
 * Marks an address verified, as opening its verification link would (issue 47: reset mails go only to
 * verified addresses), leaving the mailed verification link unused.
 */
export async function markVerified(db: Database, email: string): Promise<void> {
  await db.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [email]);
}
