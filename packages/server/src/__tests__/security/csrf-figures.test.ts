// Security figure (issue 13): every state-changing call of the contract's registry, signed in, sent
// without the CSRF header, with another session's token, and as a cross-site HTML form post, is
// refused (403 or 415) and leaves every table as it was. The state-changing routes outside the check
// are listed here with their reason; a new one fails the test until it is listed. Figures printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAccount, signUp, waitForMail } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { csrfExemptRoutes, isCheckedRequest } from '../../http/csrf.js';
import { CookieJar } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import {
  buildSecurityApp,
  changedTables,
  databaseDigest,
  type NamedRoute,
  sampleBody,
  stateChangingRoutes,
  urlOf,
} from './security-fixtures.js';

/**
 * The state-changing routes that take no CSRF token, and why (also in
 * docs/decisions/accounts-and-security.md, "Security figures"). Sign-in is not among them: it needs the visitor's pre-session token like every API call.
 */
export const CSRF_EXEMPT: readonly { method: string; url: string; reason: string }[] = [
  {
    method: 'POST',
    url: '/webhooks/stripe',
    reason:
      "Stripe's servers call it without cookies; the Stripe-Signature HMAC (300 s tolerance) is the credential",
  },
  {
    method: 'POST',
    url: '/email/:list/unsubscribe/:id',
    reason:
      'RFC 8058 one-click unsubscribe: mail clients POST List-Unsubscribe=One-Click without cookies; the 128-bit link hash is the credential and it can only unsubscribe',
  },
  {
    method: 'POST',
    url: '/websub/callback/:token',
    reason:
      "WebSub hubs push feeds without cookies; the 128-bit callback token and the X-Hub-Signature HMAC of the subscription's secret are the credentials, and a push can only add a feed's items",
  },
];

let testDb: TestDatabase;
let app: SportSpyderApp;
let member: CookieJar;
let other: CookieJar;

async function memberJar(prefix: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const account = freshAccount(prefix);
  const res = await signUp(app, jar, account);
  expect(res.statusCode).toBe(201);
  // Sign-up mails after answering: wait, so the outbox does not change under the digests.
  await waitForMail(testDb.db, account.email, 'verify_email');
  return jar;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildSecurityApp(testDb.db);
  member = await memberJar('csrfa');
  other = await memberJar('csrfb');
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

type Attack = (route: NamedRoute) => Promise<{ statusCode: number }>;

/** The same call of `route` by the signed-in member, as each attack sends it. */
function attacks(): Record<string, Attack> {
  const call = (route: NamedRoute) => ({ method: route.method, url: urlOf(route.url, {}) }) as const;
  const json = (route: NamedRoute) => {
    const body = sampleBody(route);
    return body === undefined ? {} : { payload: body as object };
  };
  const formPost = (route: NamedRoute, withToken: boolean) =>
    member.request(app, {
      ...call(route),
      payload: 'name=x&password=y',
      csrf: withToken,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        referer: 'https://evil.example/page.html',
      },
    });
  return {
    'no CSRF header': (route) => member.request(app, { ...call(route), ...json(route), csrf: false }),
    "another session's token": (route) => {
      // The other member's valid token, as header and as a cookie tossed into this browser.
      const token = other.cookies.get('sportspyder_csrf') ?? '';
      const jar = new CookieJar();
      for (const [name, value] of member.cookies) jar.cookies.set(name, value);
      jar.cookies.set('sportspyder_csrf', token);
      return jar.request(app, { ...call(route), ...json(route) });
    },
    'cross-site form post': (route) => formPost(route, false),
    'form post carrying a valid token': (route) => formPost(route, true),
  };
}

describe('CSRF figures', () => {
  it('every state-changing call of the contract, signed in, is refused without a valid token or as a form post, and nothing changes', async () => {
    const calls = stateChangingRoutes();
    expect(calls.length).toBeGreaterThan(30);
    // Every registry route is under /api, so the check covers all of them.
    expect(calls.filter((route) => !isCheckedRequest(route.method, route.url)).map((r) => r.name)).toEqual(
      [],
    );

    const before = await databaseDigest(testDb.db);
    const figures: string[] = [];
    const accepted: string[] = [];
    for (const [kind, attack] of Object.entries(attacks())) {
      const statuses = new Map<number, number>();
      for (const route of calls) {
        const res = await attack(route);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode !== 403 && res.statusCode !== 415)
          accepted.push(`${kind}: ${route.name} ${res.statusCode}`);
      }
      figures.push(
        `${kind} ${calls.length} calls → ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}`,
      );
    }
    const changed = changedTables(before, await databaseDigest(testDb.db));
    console.log(
      `[security] CSRF: ${calls.length} state-changing calls of the contract, signed in; ${figures.join('; ')}; ` +
        `${accepted.length} accepted; tables changed: ${changed.length}`,
    );
    expect(accepted).toEqual([]);
    expect(changed).toEqual([]);
  }, 120_000);

  it('the same calls with the member’s own token and JSON get past the check (the refusals above are the check’s)', async () => {
    const jar = await memberJar('csrfc');
    // Sign-out last, so every other call is made signed in.
    const calls = stateChangingRoutes().sort(
      (a, b) => Number(a.name === 'signOut') - Number(b.name === 'signOut'),
    );
    const refused: string[] = [];
    const before = await databaseDigest(testDb.db);
    for (const route of calls) {
      const body = sampleBody(route);
      const res = await jar.request(app, {
        method: route.method,
        url: urlOf(route.url, {}),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      const code =
        res.statusCode === 403 || res.statusCode === 415 ? res.json().errors?.[0]?.code : undefined;
      if (code === 'csrf_invalid' || code === 'unsupported_media_type') refused.push(route.name);
    }
    console.log(
      `[security] CSRF control: ${calls.length} calls with the right token, ${refused.length} refused by the check`,
    );
    expect(refused).toEqual([]);
    // The digest sees writes: the same loop, accepted, changes tables.
    expect(changedTables(before, await databaseDigest(testDb.db)).length).toBeGreaterThan(0);
  }, 120_000);

  it('the only state-changing routes outside the check are the listed ones', async () => {
    const exempt = csrfExemptRoutes(app).map((r) => `${r.method} ${r.url}`);
    const listed = CSRF_EXEMPT.map((r) => `${r.method} ${r.url}`);
    console.log(
      `[security] CSRF-exempt routes: ${exempt.length} (${CSRF_EXEMPT.map((r) => `${r.method} ${r.url}: ${r.reason}`).join('; ')})`,
    );
    expect(exempt.filter((route) => !listed.includes(route))).toEqual([]);
    expect(listed.filter((route) => !exempt.includes(route))).toEqual([]);
  });
});
