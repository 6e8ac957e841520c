// The API does what its document says (issue 47): JSON bodies are validated without type coercion,
// path parameters as long as the contract allows reach their route, every refusal (414, 404, 405, 413,
// 415, bad JSON) answers the contract's error envelope, every integer has a range checked before any
// SQL, and an unsupported method on a known path answers 405 with Allow, CSRF or not.
import { Writable } from 'node:stream';
import { MAX_PATH_PARAM_LENGTH, routes } from '@sportspyder/contract';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, testConfig } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildApp, type SportSpyderApp } from '../../app.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let member: CookieJar;
/** The demo member's fantasy team the test creates. */
let fantasyTeam: number;
/** Every line the app logged, parsed. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  const config = testConfig({ signInRateLimitMax: 1000 });
  app = await buildApp({ db: testDb.db, config, logger: pino({ level: 'info' }, stream) });
  member = new CookieJar();
  expect((await member.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
  const team = await member.request(app, {
    method: 'POST',
    url: '/api/v1/profile/fantasy_teams',
    payload: { name: 'Coercion check', sportId: 2 },
  });
  expect(team.statusCode).toBe(201);
  fantasyTeam = (team.json() as { fantasyTeams: { id: number }[] }).fantasyTeams[0]?.id ?? 0;
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

/** The answer's error items, after checking it is the contract's envelope. */
function errorsOf(res: LightMyRequestResponse): { field?: string; code: string; title: string }[] {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { errors?: { field?: string; code: string; title: string }[] };
  expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true);
  for (const item of body.errors ?? []) {
    expect(typeof item.code).toBe('string');
    expect(typeof item.title).toBe('string');
  }
  return body.errors ?? [];
}

function fieldsOf(res: LightMyRequestResponse): (string | undefined)[] {
  return errorsOf(res).map((item) => item.field);
}

describe('JSON bodies are validated without type coercion', () => {
  it.each([
    ['PUT', '/api/v1/profile/account', { name: true }, 'name'],
    ['PUT', '/api/v1/session', { chatProBadge: null }, 'chatProBadge'],
    ['POST', '/api/v1/messages/1/flags', { chatFlagReasonId: 1, hash: false }, 'hash'],
    ['POST', '/api/v1/messages/1/flags', { chatFlagReasonId: '1' }, 'chatFlagReasonId'],
    ['POST', '/api/v1/user/views', { path: '/', hash: 'abc', p: '1' }, 'p'],
    ['POST', '/api/v1/user/views', { path: ['/'], hash: 'abc' }, 'path'],
  ] as const)('%s %s %j answers 422 naming %s', async (method, url, payload, field) => {
    const res = await member.request(app, { method, url, payload });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toContain(field);
  });

  it('refuses a boolean as the name of a fantasy team (it was renamed "false")', async () => {
    const url = `/api/v1/profile/fantasy_teams/${fantasyTeam}`;
    const res = await member.request(app, { method: 'PUT', url, payload: { name: false } });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toContain('name');
    const team = await member.request(app, { method: 'GET', url });
    expect((team.json() as { fantasyTeam: { name: string } }).fantasyTeam.name).toBe('Coercion check');
  });

  it('still reads integers from the query string and the path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sources?teamId=1&page=1&perPage=2' });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/messages/1/replies' })).statusCode).not.toBe(422);
  });

  it('accepts a body of the right types', async () => {
    const res = await member.request(app, {
      method: 'POST',
      url: '/api/v1/user/views',
      payload: { path: '/', hash: 'abc', p: 1, v: 3, vf: null },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('path parameters as long as the document allows, and every refusal in the envelope', () => {
  it('routes a hash link of the longest documented length to its handler (404 unknown, not 414)', async () => {
    const token = 'a'.repeat(MAX_PATH_PARAM_LENGTH);
    const res = await app.inject({ method: 'GET', url: `/api/v1/lost_passwords/${token}` });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)[0]?.code).toBe('expired');
  });

  it('routes a slug of 120 characters (404 unknown sport, not 414)', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/sports/${'a'.repeat(120)}/teams` });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)[0]?.code).toBe('not_found');
  });

  it('routes a slug of 120 non-ASCII characters, percent-encoded', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/sports/${encodeURIComponent('é'.repeat(120))}/teams`,
    });
    expect(res.statusCode).toBe(404);
    errorsOf(res);
  });

  it('answers a path segment longer than any parameter with 414 in the envelope, and logs it', async () => {
    const before = logLines.length;
    const res = await app.inject({ method: 'GET', url: `/api/v1/sports/${'a'.repeat(5000)}/teams` });
    expect(res.statusCode).toBe(414);
    expect(errorsOf(res)[0]?.code).toBe('uri_too_long');
    const logged = logLines.slice(before);
    expect(logged.some((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 414)).toBe(
      true,
    );
  });

  it('answers an undecodable path in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sports/%E0%A4%A/teams' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    errorsOf(res);
  });

  it('answers an unknown API path 404 in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/no_such_thing' });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)[0]?.code).toBe('not_found');
  });

  it('answers bad JSON, a too-large body and a non-JSON body in the envelope', async () => {
    const view = { method: 'POST' as const, url: '/api/v1/user/views' };
    const badJson = await member.request(app, {
      ...view,
      payload: '{"path":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(422);
    expect(fieldsOf(badJson)).toContain('body');
    const tooLarge = await member.request(app, {
      ...view,
      payload: JSON.stringify({ path: '/', hash: 'a', referrer: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLarge.statusCode).toBe(413);
    errorsOf(tooLarge);
    const text = await member.request(app, {
      ...view,
      payload: 'path=/',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    errorsOf(text);
  });
});

describe('every integer has a range, checked before any SQL', () => {
  it.each([
    ['GET', '/api/v1/sources?teamId=24461621178', 'teamId'],
    ['GET', '/api/v1/sports/nfl/articles?page=2147483648', 'page'],
    ['GET', '/api/v1/sports/nfl/articles/new_count?since=2147483648', 'since'],
    ['GET', '/api/v1/channels/1/messages?after=99999999999', 'after'],
    ['GET', '/api/v1/profile/fantasy_teams/2147483648', 'id'],
    [
      'POST',
      '/api/v1/podcast_episodes/2/events',
      'time',
      { platform: 0, time: 1.3e17, hash: 'abc', eventType: 'pause' },
    ],
    [
      'POST',
      '/api/v1/podcast_episodes/2/events',
      'duration',
      { platform: 0, time: 10, duration: 1e12, hash: 'abc', eventType: 'pause' },
    ],
    [
      'POST',
      '/api/v1/videos/1/events',
      'time',
      { platform: 0, time: 1e12, duration: 10, hash: 'abc', eventType: 'pause' },
    ],
    ['POST', '/api/v1/user/views', 'v', { path: '/', hash: 'abc', v: 1e15 }],
    ['POST', '/api/v1/user/views', 'va', { path: '/', hash: 'abc', va: -3_000_000_000 }],
  ] as const)(
    '%s %s answers 422 naming %s, with nothing logged as a warning or error',
    async (method, url, field, payload?: object) => {
      const before = logLines.length;
      const res = await member.request(app, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(422);
      expect(fieldsOf(res)).toContain(field);
      const logged = logLines.slice(before);
      expect(logged.filter((line) => line.err !== undefined || Number(line.level) >= 40)).toEqual([]);
    },
  );

  it('documents a minimum and a maximum on every integer and number a request can carry', () => {
    const open: string[] = [];
    const walk = (schema: unknown, path: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const s = schema as Record<string, unknown>;
      const numeric = s.type === 'integer' || s.type === 'number';
      if (numeric && s.const === undefined && (s.minimum === undefined || s.maximum === undefined)) {
        open.push(path);
      }
      for (const [name, child] of Object.entries((s.properties as object | undefined) ?? {})) {
        walk(child, `${path}.${name}`);
      }
      if (s.items) walk(s.items, `${path}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
        for (const child of (s[key] as unknown[] | undefined) ?? []) walk(child, path);
      }
    };
    for (const [name, route] of Object.entries(routes)) {
      for (const part of ['params', 'querystring', 'body'] as const) {
        if (part in route) walk((route as Record<string, unknown>)[part], `${name}.${part}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('documents a maximum length within the router limit on every string path parameter', () => {
    const over: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      const params = (
        route as { params?: { properties?: Record<string, { type?: string; maxLength?: number }> } }
      ).params;
      for (const [param, schema] of Object.entries(params?.properties ?? {})) {
        if (schema.type !== 'string') continue;
        if (schema.maxLength === undefined || schema.maxLength > MAX_PATH_PARAM_LENGTH)
          over.push(`${name}.${param}`);
      }
    }
    expect(over).toEqual([]);
  });
});

describe('an unsupported method on a known path', () => {
  it('answers 405 with Allow, before the CSRF check (DELETE sports)', async () => {
    const res = await member.request(app, { method: 'DELETE', url: '/api/v1/sports', csrf: false });
    expect(res.statusCode).toBe(405);
    expect(errorsOf(res)[0]?.code).toBe('method_not_allowed');
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('lists every method of a path with parameters', async () => {
    const url = `/api/v1/profile/fantasy_teams/${fantasyTeam}`;
    const res = await member.request(app, { method: 'PATCH', url });
    expect(res.statusCode).toBe(405);
    expect(String(res.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
    errorsOf(res);
  });

  it('answers 405 on a path whose parameter is as long as the document allows', async () => {
    const url = `/api/v1/lost_passwords/${'a'.repeat(MAX_PATH_PARAM_LENGTH)}`;
    const res = await member.request(app, { method: 'DELETE', url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, PUT');
  });

  it('answers 405 to a POST on a read-only path with a valid token too', async () => {
    const res = await member.request(app, { method: 'POST', url: '/api/v1/sports/nfl/teams', payload: {} });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('opens a site page whose address also takes a POST (the one-click unsubscribe) as a page, not a 405', async () => {
    const url = `/email/subscriber/unsubscribe/${'a'.repeat(22)}`;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).not.toBe(405);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The same address asked with a method neither the page nor the route takes is still a 405.
    const put = await member.request(app, { method: 'PUT', url, payload: {} });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toContain('POST');
  });

  it('answers 405, not 415, to a non-JSON body sent with a method the path does not take', async () => {
    const res = await member.request(app, {
      method: 'POST',
      url: '/api/v1/sports',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    // On a route that takes the method, the body's type is what is wrong.
    const put = await member.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.statusCode).toBe(415);
  });

  it('still refuses a known method without its CSRF token', async () => {
    const res = await member.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { name: 'x' },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});
