/**
 * Generated queries against the ten search routes of the contract (issue "Search": no query makes
 * the server fail): 1,000 cases per route of text from every Unicode plane, text-search syntax,
 * quotes, very long text and the route's other query fields, in range or not. Each answer is a 200
 * in the contract's shape or a 4xx with the error list, never a 5xx.
 * @module
 */
import { routes } from '@sportspyder/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { MEMBERS } from '../../content/members/__tests__/member-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let member: CookieJar;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db, { rateLimitMax: 1_000_000, signInRateLimitMax: 1000 });
  member = new CookieJar();
  const [email, password] = MEMBERS.demo;
  await member.signIn(app, email, password);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const searchRoutes = Object.entries(routes).filter(([, route]) => route.url.startsWith('/api/v1/search/'));

/** Free text: words, operators, quotes, any Unicode, sometimes very long. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        'packers',
        'the',
        'of',
        '&',
        '|',
        '!',
        '(',
        ')',
        ':*',
        '<->',
        '"',
        "'",
        '\\',
        '%',
        '_',
        'é',
        '🏈',
        ' ',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(' ')),
  fc.string({ minLength: 190, maxLength: 600 }),
);

/** A value for a query field that is not q: usually valid, sometimes not. */
const VALID = [
  '1',
  '2',
  '3',
  '4',
  '25',
  '100',
  'newest',
  'relevance',
  'anytime',
  'day',
  'week',
  'month',
  'team',
];
const INVALID = ['0', '-1', '101', '1e400', '99999999999999999999', 'NaN', '', 'x'];
const other = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...VALID) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID) },
);

const fields = ['sort', 'filter', 'type', 'page', 'perPage', 'sportId', 'teamId', 'positionId'];

describe.each(searchRoutes)('%s', (_name, route) => {
  it('never answers a 5xx to 1,000 generated queries', async () => {
    const schema = 'querystring' in route ? (route.querystring as { properties?: object }) : undefined;
    const names = Object.keys(schema?.properties ?? {});
    const own = fields.filter((f) => names.includes(f));
    const extra =
      own.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...own), other, { maxKeys: 4 });
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(text, extra, async (q, rest: Record<string, string>) => {
        const search = new URLSearchParams({ q, ...rest });
        if (route.url.endsWith('fantasy_players') && !('sportId' in rest)) search.set('sportId', '2');
        const res = await member.request(app, { method: 'GET', url: `${route.url}?${search}` });
        expect(res.statusCode, `${route.url}?${search} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode === 200) {
          answered += 1;
          expect(res.json()).toHaveProperty(route.url.endsWith('live_results') ? 'liveResults' : 'meta');
        } else expect(res.json().errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
    // Most generated queries are valid: the handlers ran, not only the validation.
    expect(answered).toBeGreaterThan(200);
  }, 300_000);
});
