// Security figures of the accounts (issue 13): guessed, truncated and swapped hash tokens; links
// built under a forged Host / X-Forwarded-Host; sign-in throttled per client address and per account.
// The figures are printed so the test command shows them.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
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
  app = await buildAccountApp(testDb.db, { trustProxy: true });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function csrfJar(target: SportSpyderApp = app): Promise<CookieJar> {
  const jar = new CookieJar();
  await jar.request(target, { method: 'GET', url: '/api/v1/session' });
  return jar;
}

/** A member with a live reset token and a live verification token. */
async function memberWithTokens() {
  const account = freshAccount('sec');
  await signUp(app, new CookieJar(), account);
  await markVerified(testDb.db, account.email);
  const verify = tokenOf((await waitForMail(testDb.db, account.email, 'verify_email')).text, '/verify');
  await (await csrfJar()).request(app, {
    method: 'POST',
    url: '/api/v1/lost_passwords',
    payload: { email: account.email },
  });
  const reset = tokenOf((await waitForMail(testDb.db, account.email, 'password_reset')).text, '/reset');
  return { account, verify, reset };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The token with one character replaced by another. */
function swapOne(token: string, i: number): string {
  const at = i % token.length;
  const current = token[at] as string;
  const next = ALPHABET[(ALPHABET.indexOf(current) + 1 + (i % 63)) % 64] as string;
  return token.slice(0, at) + next + token.slice(at + 1);
}

describe('hash tokens', () => {
  it('10,000 guessed, truncated or swapped reset and verification tokens: 0 successes', async () => {
    const { verify, reset, account } = await memberWithTokens();
    const jar = await csrfJar();
    const attempts: { kind: string; method: 'GET' | 'PUT'; url: string; payload?: object }[] = [];
    for (let i = 0; attempts.length < 10_000; i++) {
      const guessed = randomBytes(16).toString('base64url');
      const truncated = (i % 2 ? reset : verify).slice(0, i % 22);
      const swapped = swapOne(i % 2 ? reset : verify, i);
      const caseFlipped = (i % 2 ? reset : verify).replace(/[a-z]/, (c) => c.toUpperCase());
      const candidates: [string, string][] = [
        ['guessed', guessed],
        ['truncated', truncated || 'x'],
        ['swapped', swapped],
        ['case-flipped', caseFlipped === (i % 2 ? reset : verify) ? `${caseFlipped}x` : caseFlipped],
        // Each real token on the other purpose's endpoints.
        ['other-purpose', i % 2 ? reset : verify],
        ['extended', `${i % 2 ? reset : verify}A`],
      ];
      for (const [kind, token] of candidates) {
        const crossReset = kind === 'other-purpose' ? verify : token;
        const crossVerify = kind === 'other-purpose' ? reset : token;
        const id = encodeURIComponent;
        if (i % 3 === 0)
          attempts.push({ kind, method: 'PUT', url: `/api/v1/verifications/${id(crossVerify)}` });
        else if (i % 3 === 1)
          attempts.push({
            kind,
            method: 'PUT',
            url: `/api/v1/lost_passwords/${id(crossReset)}`,
            payload: { password: 'attacker password' },
          });
        else attempts.push({ kind, method: 'GET', url: `/api/v1/lost_passwords/${id(crossReset)}` });
      }
    }
    attempts.length = 10_000;
    const byKind = new Map<string, { tries: number; successes: number }>();
    const statuses = new Map<number, number>();
    for (const attempt of attempts) {
      const res = await jar.request(app, {
        method: attempt.method,
        url: attempt.url,
        ...(attempt.payload ? { payload: attempt.payload } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const entry = byKind.get(attempt.kind) ?? { tries: 0, successes: 0 };
      entry.tries += 1;
      if (res.statusCode < 300) entry.successes += 1;
      byKind.set(attempt.kind, entry);
    }
    const successes = [...byKind.values()].reduce((sum, e) => sum + e.successes, 0);
    console.log(
      `[accounts] hash tokens: ${attempts.length} guessed/truncated/swapped tries, ${successes} successes; ` +
        `${[...byKind].map(([k, e]) => `${k} ${e.tries}`).join(', ')}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(successes).toBe(0);
    expect(statuses.get(429) ?? 0).toBe(0); // every try reached the token check

    // The real tokens still work after all that: the test can tell a success when it sees one.
    expect(
      (await jar.request(app, { method: 'GET', url: `/api/v1/lost_passwords/${reset}` })).json().lostPassword
        .expired,
    ).toBe(false);
    expect(
      (await jar.request(app, { method: 'PUT', url: `/api/v1/verifications/${verify}` })).statusCode,
    ).toBe(200);
    expect((await new CookieJar().signIn(app, account.email, account.password)).statusCode).toBe(200);
  }, 300_000);

  it('stores only digests: no table holds a mailed token', async () => {
    const { verify, reset } = await memberWithTokens();
    const { rows } = await testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM account_tokens WHERE digest IN ($1, $2)`,
      [verify, reset],
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('links under a forged Host', () => {
  it('reset and verification links point at the public origin whatever Host and X-Forwarded-Host say', async () => {
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
    };
    const account = freshAccount('host');
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session', headers: forged });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/users',
      headers: forged,
      payload: { ...account, recaptcha: 'local-captcha-ok' },
    });
    expect(res.statusCode).toBe(201);
    await markVerified(testDb.db, account.email);
    await jar.request(app, {
      method: 'POST',
      url: '/api/v1/lost_passwords',
      headers: forged,
      payload: { email: account.email },
    });
    const links: string[] = [];
    for (const template of ['verify_email', 'password_reset']) {
      const mail = await waitForMail(testDb.db, account.email, template);
      const found = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"<]+/g)].map((m) => m[0]);
      expect(found.length).toBeGreaterThan(0);
      links.push(...found);
    }
    const foreign = links.filter((link) => !link.startsWith(`${PUBLIC_ORIGIN}/`));
    console.log(
      `[accounts] forged Host/X-Forwarded-Host: ${links.length} links in the verification and reset mails, ${foreign.length} off ${PUBLIC_ORIGIN}`,
    );
    expect(foreign).toEqual([]);
    expect(links.join(' ')).not.toMatch(/evil\.example|attacker\.example/);
  });
});

describe('sign-in throttling', () => {
  it('per client address: 429 with Retry-After after SIGN_IN_RATE_LIMIT_MAX tries a minute', async () => {
    const limited = await buildAccountApp(testDb.db, { signInRateLimitMax: 5, signInAccountMax: 1000 });
    try {
      const jar = await csrfJar(limited);
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 7; i++) {
        // A different account each time: only the address is common.
        const res = await jar.request(limited, {
          method: 'POST',
          url: '/api/v1/session',
          payload: { username: `nobody${i}@example.com`, password: 'wrong password' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = String(res.headers['retry-after']);
      }
      console.log(
        `[accounts] sign-in per address (limit 5/min): statuses ${statuses.join(',')}, Retry-After ${retryAfter}`,
      );
      expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('per account: 429 with Retry-After after SIGN_IN_ACCOUNT_MAX tries in 15 minutes, from any address, also for the right password', async () => {
    const limited = await buildAccountApp(testDb.db, { signInRateLimitMax: 1000, signInAccountMax: 4 });
    try {
      const account = freshAccount('throttle');
      await signUp(limited, new CookieJar(), account);
      const statuses: number[] = [];
      let retryAfter = 0;
      for (let i = 0; i < 6; i++) {
        const jar = new CookieJar();
        await jar.request(limited, {
          method: 'GET',
          url: '/api/v1/session',
          headers: { 'x-forwarded-for': `10.0.0.${i + 1}` },
        });
        const res = await jar.request(limited, {
          method: 'POST',
          url: '/api/v1/session',
          headers: { 'x-forwarded-for': `10.0.0.${i + 1}` },
          payload: { username: account.email.toUpperCase(), password: `wrong ${i}` },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = Number(res.headers['retry-after']);
      }
      const right = await new CookieJar().signIn(limited, account.email, account.password);
      console.log(
        `[accounts] sign-in per account (limit 4/15 min, 6 addresses): statuses ${statuses.join(',')}, then the right password ${right.statusCode}, Retry-After ${retryAfter} s`,
      );
      expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
      expect(right.statusCode).toBe(429);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Another account is not affected.
      expect(
        (await new CookieJar().signIn(limited, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode,
      ).toBe(200);
      // The window passes: the account can sign in again.
      await testDb.db.query(`UPDATE auth_throttle SET window_start = now() - interval '16 minutes'`);
      expect((await new CookieJar().signIn(limited, account.email, account.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('an unknown address is throttled exactly like a known one (the 429 does not reveal accounts)', async () => {
    const limited = await buildAccountApp(testDb.db, { signInRateLimitMax: 1000, signInAccountMax: 2 });
    try {
      const run = async (username: string) => {
        const out: number[] = [];
        for (let i = 0; i < 3; i++)
          out.push((await new CookieJar().signIn(limited, username, 'wrong one')).statusCode);
        return out;
      };
      expect(await run('pro@sportspyder.test')).toEqual(await run(freshAccount().email));
    } finally {
      await limited.close();
    }
  });
});
