/**
 * Hostile path and query values against every GET of the contract's route registry (issue "Search",
 * bad input): NUL bytes, control characters, invalid UTF-8, huge numbers, 3,000-character strings and
 * percent garbage must answer a 4xx (or a normal answer), never a 5xx, for visitors and for members.
 * @module
 */
import { routes } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { buildTestApp, CookieJar } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/** Values as they appear in a URL (already percent-encoded where needed). */
const HOSTILE: Record<string, string> = {
  nul: '%00',
  'nul inside': 'nfl%00x',
  'control characters': '%01%1B%7F',
  'lone high surrogate (CESU-8)': '%ED%A0%80',
  'lone low surrogate (CESU-8)': 'a%ED%B0%80b',
  'truncated UTF-8': '%E0%A4%A',
  'overlong UTF-8': '%C0%AF',
  'bare percent': '%',
  'percent garbage': '%ZZ%%25',
  'huge number': '99999999999999999999',
  'int4 max + 1': '2147483648',
  'negative number': '-2147483649',
  exponent: '1e400',
  'not a number': 'NaN',
  '3,000 letters': 'a'.repeat(3000),
  '3,000 digits': '9'.repeat(3000),
  'SQL metacharacters': encodeURIComponent(`' OR 1=1; --\\`),
  'tsquery syntax': encodeURIComponent('a & !b | (c:* <-> "d")'),
  'U+FFFF and U+FFFE': '%EF%BF%BF%EF%BF%BE',
};

/** Plausible values for path parameters, so hostile query values reach a real handler. */
function plausible(param: string): string {
  return param === 'sportId' ? 'nfl' : '1';
}

const getRoutes = Object.entries(routes).filter(([, route]) => route.method === 'GET');

function queryNames(route: (typeof routes)[keyof typeof routes]): string[] {
  const schema = 'querystring' in route ? (route.querystring as { properties?: object }) : undefined;
  return Object.keys(schema?.properties ?? {});
}

function withParams(url: string, value: (param: string) => string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, param: string) => value(param));
}

/** Every hostile URL of one route: each value in every path parameter, then in every query field. */
function hostileUrls(url: string, query: string[]): string[] {
  const urls: string[] = [];
  for (const value of Object.values(HOSTILE)) {
    if (url.includes(':')) urls.push(withParams(url, () => value));
    if (query.length > 0) {
      const search = query.map((name) => `${name}=${value}`).join('&');
      urls.push(`${withParams(url, plausible)}?${search}`);
    }
  }
  return urls;
}

let testDb: TestDatabase;
let app: SportSpyderApp;
const member = new CookieJar();

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db, { rateLimitMax: 1_000_000 });
  const signIn = await member.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
  expect(signIn.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('hostile path and query values on every GET of the contract', () => {
  it('covers the whole registry', () => {
    expect(getRoutes.length).toBeGreaterThan(80);
  });

  for (const who of ['visitor', 'member'] as const) {
    it(`never answers 5xx to a ${who}`, async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const [name, route] of getRoutes) {
        for (const url of hostileUrls(route.url, queryNames(route))) {
          const res =
            who === 'member'
              ? await member.request(app, { method: 'GET', url })
              : await app.inject({ method: 'GET', url });
          sent += 1;
          if (res.statusCode >= 500) failures.push(`${name} ${url.slice(0, 120)} → ${res.statusCode}`);
        }
      }
      expect(sent).toBeGreaterThan(1_000);
      expect(failures).toEqual([]);
    }, 300_000);
  }

  it('answers a NUL in a path id with 404 and in a query value with a 422 naming the field', async () => {
    const path = await app.inject({ method: 'GET', url: '/api/v1/sports/%00' });
    expect(path.statusCode).toBe(404);
    expect(path.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });

    const query = await app.inject({ method: 'GET', url: '/api/v1/teams?sport=%00' });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual([expect.objectContaining({ field: 'sport', code: 'invalid' })]);

    const hash = await app.inject({ method: 'GET', url: '/api/v1/podcast_listens?hash=a%00b' });
    expect(hash.statusCode).toBe(422);
    expect(hash.json().errors).toEqual([expect.objectContaining({ field: 'hash', code: 'invalid' })]);
  });

  it('answers a huge id as not found, not as a database error', async () => {
    for (const url of ['/api/v1/teams/99999999999999999999', '/api/v1/players/99999999999999999999']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('still answers ordinary values', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/teams?sport=nfl' });
    expect(res.statusCode).toBe(200);
    expect(res.json().teams.length).toBeGreaterThan(0);
  });

  it('drops NUL from free text instead of refusing the search', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/search/live_results?q=pack%00ers' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(422);
  });

  it('refuses a NUL inside a JSON body with a 422 naming the field', async () => {
    const res = await member.request(app, {
      method: 'POST',
      url: '/api/v1/session',
      payload: { username: 'demo\u0000@sportspyder.test', password: 'x', hash: 'h1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'username', code: 'invalid' })]);
  });
});
