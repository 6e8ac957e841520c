// The API does what docs/openapi.json says (issue 47): requests generated from the document itself, for
// every operation, valid and invalid (bodies, query and path parameters, headers), as a visitor, a
// signed-in member (an admin with API access) and through an API key, with real ids of the demo data
// so that operations get past their 404s. Every answer must be documented for its operation, every JSON
// body must match its documented schema, valid input must be accepted (2xx, or a documented refusal of
// the state: 401, 403, 404, 409, 422), invalid input refused (4xx), and nothing may answer 5xx.
//
// The generator is fast-check over the document's own JSON Schemas (this file's `arbitraryOf`), with
// the server's ajv build (@fastify/ajv-compiler) as the judge of "valid" and "invalid"; a fixed seed and
// a bounded number of requests per operation (docs/decisions/testing-and-ci.md). CONFORMANCE_ONLY=<text>
// runs the operations whose `method path` contains the text; CONFORMANCE_DEBUG=1 prints each request.
import { readFileSync } from 'node:fs';
import AjvCompiler from '@fastify/ajv-compiler';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountApp, freshAccount } from '../accounts/__tests__/account-fixtures.js';
import { LOCAL_CAPTCHA_TOKEN } from '../accounts/captcha.js';
import type { SportSpyderApp } from '../app.js';
import { CookieJar } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/** The seed of every run: a failure replays exactly. */
export const CONFORMANCE_SEED = 47;
/** Requests per operation and kind (valid, invalid). */
const VALID_RUNS = 6;
const INVALID_RUNS = 6;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const doc = JSON.parse(
  readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'),
) as Doc;

// The server's own ajv build and formats; references point into the document's components. JSON
// bodies are judged as they are; query and path values as text read the way the server reads them
// (coerced to the schema's type, http/part-validators.ts).
const components = {
  doc: {
    $id: 'doc',
    definitions: JSON.parse(
      JSON.stringify(doc.components.schemas).replaceAll('"#/components/schemas/', '"doc#/definitions/'),
    ),
  } as never,
};
type Validate = ((value: unknown) => boolean) & { errors?: unknown };
type Compile = (route: { schema: unknown; method: string; url: string; httpPart: string }) => Validate;
const compileBody = AjvCompiler()(components, {
  customOptions: { strict: false, coerceTypes: false },
} as never) as unknown as Compile;
const compileText = AjvCompiler()(components, {
  customOptions: { strict: false, coerceTypes: 'array' },
} as never) as unknown as Compile;
const validators = new Map<string, Validate>();

/** A validator of `schema`; `url: true` judges the text of a query or path value. */
function validatorOf(schema: Json, url = false): Validate {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/definitions/');
  let validate = validators.get(`${url}${text}`);
  if (!validate) {
    const route = { method: 'GET', url: '/', httpPart: url ? 'querystring' : 'body' };
    if (url) {
      const wrapped = compileText({
        ...route,
        schema: { type: 'object', properties: { v: JSON.parse(text) }, required: ['v'] },
      });
      validate = (value: unknown) => wrapped({ v: String(value) });
    } else {
      validate = compileBody({ ...route, schema: JSON.parse(text) });
    }
    validators.set(`${url}${text}`, validate);
  }
  return validate;
}

function resolve(schema: Schema): Schema {
  let current = schema;
  while (typeof current.$ref === 'string') {
    current = doc.components.schemas[current.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return current;
}

/** Real values of the demo data, by parameter or property name (filled in beforeAll). */
const pools = new Map<string, (string | number)[]>();

function poolFor(name: string, previousSegment?: string): (string | number)[] {
  return pools.get(name === 'id' && previousSegment ? `${previousSegment}/id` : name) ?? [];
}

/** A fast-check arbitrary of values the schema accepts (mostly: the caller filters with ajv). */
function arbitraryOf(schema: Schema, depth = 0, name?: string): fc.Arbitrary<Json> {
  const s = resolve(schema);
  const real = name ? (pools.get(name) ?? []) : [];
  const base = baseArbitrary(s, depth);
  return real.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, base) : base;
}

function baseArbitrary(s: Schema, depth: number): fc.Arbitrary<Json> {
  if ('const' in s) return fc.constant(s.const as Json);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, depth)));
  const type = Array.isArray(s.type) ? (s.type[0] as string) : (s.type as string | undefined);
  switch (type) {
    case 'string': {
      const minLength = Number(s.minLength ?? 0);
      const maxLength = Math.min(Number(s.maxLength ?? 40), minLength + 40);
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'email')
        return fc.emailAddress().filter((e) => e.length <= Number(s.maxLength ?? 254));
      if (s.format === 'uri') return fc.webUrl();
      if (typeof s.pattern === 'string' && !s.pattern.startsWith('^(?:[^\\u0000')) {
        return fc
          .stringMatching(new RegExp(s.pattern), { size: 'small' })
          .filter((v) => v.length >= minLength && v.length <= Number(s.maxLength ?? 1e9));
      }
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
    }
    case 'integer': {
      const min = Number(
        s.minimum ?? (s.exclusiveMinimum === undefined ? -1000 : Number(s.exclusiveMinimum) + 1),
      );
      const max = Number(
        s.maximum ?? (s.exclusiveMaximum === undefined ? min + 1000 : Number(s.exclusiveMaximum) - 1),
      );
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }));
    }
    case 'number': {
      const min = Number(s.minimum ?? -1000);
      const max = Number(s.maximum ?? min + 1000);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items ?? {}) as Schema;
      return fc.array(depth > 4 ? fc.constant(null) : arbitraryOf(items, depth + 1), {
        minLength: Number(s.minItems ?? 0),
        maxLength: Math.min(Number(s.maxItems ?? 3), Number(s.minItems ?? 0) + 3),
      });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, prop] of Object.entries(properties)) model[key] = arbitraryOf(prop, depth + 1, key);
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

/** Values a schema refuses: wrong types, out of range, too long, unstorable text, unknown enums. */
function invalidOf(schema: Schema): Json[] {
  const s = resolve(schema);
  const out: Json[] = [{ not: 'this' }, [1, 2]];
  const type = s.type;
  if (type !== 'string') out.push('not a number', 'x\u0000y');
  if (type === 'string') out.push(12, true, 'x\u0000y', 'x\ud800y');
  if (type !== 'boolean') out.push(false);
  if (type !== 'null') out.push(null);
  if (typeof s.maximum === 'number') out.push(s.maximum + 1, 1e17);
  if (typeof s.minimum === 'number') out.push(s.minimum - 1);
  if (typeof s.maxLength === 'number') out.push('a'.repeat(s.maxLength + 1));
  if (type === 'integer') out.push(1.5);
  return out;
}

interface Identity {
  kind: 'visitor' | 'member' | 'apiKey';
}

interface GeneratedRequest {
  path: string;
  method: string;
  url: string;
  payload?: Json;
  identity: Identity['kind'];
  headers: Record<string, string>;
  /** Whether the document says the request is valid. */
  valid: boolean;
  what: string;
}

let testDb: TestDatabase;
let app: SportSpyderApp;
const visitor = new CookieJar();
const member = new CookieJar();
let apiKeyToken = '';
let lastError: Error | undefined;

let apiKeyUses = 0;
/** A fresh key: each may make 60 requests a minute (api-key-auth.ts), and the run makes more. */
async function newApiKey(): Promise<void> {
  const key = await member.request(app, {
    method: 'POST',
    url: '/api/v1/profile/api_keys',
    payload: { apiKey: {} },
  });
  if (key.statusCode === 201) apiKeyToken = key.json().apiKey.token;
  apiKeyUses = 0;
}

async function sql<T>(text: string): Promise<T[]> {
  try {
    return (await testDb.db.query<T & Record<string, unknown>>(text)).rows as T[];
  } catch {
    return [];
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db);
  // A 5xx is reported with its cause (the app's logger is off in tests).
  app.addHook('onError', async (_request, _reply, error) => {
    lastError = error;
  });
  await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
  const account = freshAccount('conf');
  await member.request(app, { method: 'GET', url: '/api/v1/session' });
  const signedUp = await member.request(app, {
    method: 'POST',
    url: '/api/v1/users',
    payload: { ...account, recaptcha: LOCAL_CAPTCHA_TOKEN },
  });
  expect(signedUp.statusCode).toBe(201);
  await testDb.db.query(
    'UPDATE users SET api = true, admin = true, email_verified_at = now() WHERE username = $1',
    [account.username],
  );
  await newApiKey();
  const ids = async (table: string, column = 'id', where = '') =>
    (
      await sql<{ v: string | number }>(`SELECT ${column} AS v FROM ${table} ${where} ORDER BY 1 LIMIT 4`)
    ).map((r) => (typeof r.v === 'string' && /^\d+$/.test(r.v) ? Number(r.v) : r.v));
  const sports = await ids('sports', 'slug');
  const teams = await ids('teams', 'slug');
  const teamIds = await ids('teams');
  const players = await ids('players', 'slug');
  const topics = await ids('topics', 'slug');
  const articles = await ids('articles');
  const sources = await ids('sources');
  const podcasts = await ids('podcasts');
  const episodes = await ids('podcast_episodes');
  const channels = await ids('chat_channels');
  const messages = await ids('chat_messages');
  const users = await ids('users', 'username', 'WHERE system_role IS NULL');
  const set = (names: string[], values: (string | number)[]) => {
    for (const name of names) pools.set(name, values);
  };
  set(['sportId', 'sports/id', 'sport'], sports);
  set(['teamId', 'teams/id', 'team'], teams);
  set(['following_teams/id'], teamIds);
  set(['playerId', 'players/id'], players);
  set(['topicId', 'topics/id'], topics);
  set(['articleId', 'articles/id'], articles);
  set(['sourceId', 'sources/id', 'hidden_sources/id', 'source_follows/id'], sources);
  set(['podcastId', 'podcasts/id', 'hidden_podcasts/id', 'podcast_follows/id'], podcasts);
  set(['podcastEpisodeId', 'episodeId', 'podcast_episodes/id'], episodes);
  set(['channelId', 'channels/id'], channels);
  set(['messageId', 'messages/id', 'parentId'], messages);
  set(['userId', 'users/id'], users);
  set(['domains/id'], await ids('domains'));
  set(['fantasyTeamId', 'fantasy_teams/id'], await ids('fantasy_teams'));
});

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

/** Whether a value can be written in a URL (a lone surrogate cannot be percent-encoded; bodies test it). */
function inUrl(value: Json): boolean {
  return (value === null || typeof value !== 'object') && !/[\ud800-\udfff]/.test(String(value));
}

function pathArbitrary(path: string, params: Parameter[], valid: boolean): fc.Arbitrary<string> {
  const inPath = params.filter((p) => p.in === 'path');
  const parts: Record<string, fc.Arbitrary<Json>> = {};
  for (const p of inPath) {
    const previous = path.split(`/{${p.name}}`)[0]?.split('/').pop();
    const real = poolFor(p.name, previous);
    const generated = baseArbitrary(resolve(p.schema), 0);
    parts[p.name] = valid
      ? real.length > 0
        ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 4 }, generated)
        : generated
      : fc.constantFrom(...invalidOf(p.schema).filter((v) => inUrl(v) && !validatorOf(p.schema, true)(v)));
  }
  return fc
    .record(parts)
    .map((values) =>
      path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name]))),
    );
}

function queryArbitrary(params: Parameter[]): fc.Arbitrary<Record<string, Json>> {
  const model: Record<string, fc.Arbitrary<Json>> = {};
  for (const p of params.filter((q) => q.in === 'query')) model[p.name] = arbitraryOf(p.schema, 1, p.name);
  const required = params.filter((q) => q.in === 'query' && q.required).map((q) => q.name);
  return fc.record(model, { requiredKeys: required });
}

function queryString(query: Record<string, Json>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
    else if (v !== null && typeof v !== 'object') search.append(k, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Whether every query value as sent (text) is valid for its schema (read as the server reads it). */
function queryIsValid(params: Parameter[], query: Record<string, Json>): boolean {
  return params
    .filter((p) => p.in === 'query')
    .every((p) => {
      const value = query[p.name];
      if (value === undefined) return !p.required;
      return !(typeof value === 'string' && (value.includes('\u0000') || /[\ud800-\udfff]/.test(value)));
    });
}

function identities(op: Operation, method: string): Identity['kind'][] {
  const out: Identity['kind'][] = ['visitor', 'member'];
  if (method === 'get' && op.security.some((s) => 'apiKey' in s)) out.push('apiKey');
  return out;
}

function generate(path: string, method: string, op: Operation): GeneratedRequest[] {
  const params = op.parameters ?? [];
  const bodySchema = op.requestBody?.content['application/json'].schema;
  const bodyValid = bodySchema ? validatorOf(bodySchema) : undefined;
  const who = fc.constantFrom(...identities(op, method));
  const seed =
    CONFORMANCE_SEED + [...`${method} ${path}`].reduce((a, c) => (a * 31 + c.charCodeAt(0)) | 0, 0);
  const validArb = fc
    .record({
      url: pathArbitrary(path, params, true),
      query: queryArbitrary(params),
      body: bodySchema ? arbitraryOf(bodySchema) : fc.constant(undefined as unknown as Json),
      identity: who,
    })
    .map((v) => ({ ...v, ok: (!bodyValid || bodyValid(v.body)) && queryIsValid(params, v.query) }));
  // Sampled, then kept when valid (a filter could loop for ever on a rare shape): bounded work.
  const valids = fc.sample(validArb, { seed, numRuns: VALID_RUNS * 10 }).filter((v) => v.ok);
  const out: GeneratedRequest[] = [];
  for (const v of valids.slice(0, VALID_RUNS)) {
    out.push({
      path,
      method,
      url: v.url + queryString(v.query),
      ...(bodySchema ? { payload: v.body } : {}),
      identity: v.identity,
      headers: {},
      valid: true,
      what: 'valid',
    });
  }
  // Invalid: one part broken at a time, the rest valid.
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query' && Object.keys(resolve(p.schema)).length > 1);
  const kinds: string[] = [];
  if (bodySchema) kinds.push('body-field', 'body-field', 'body-shape');
  if (pathParams.length > 0) kinds.push('path');
  if (queryParams.length > 0) kinds.push('query');
  if (method !== 'get') kinds.push('csrf', 'content-type');
  else kinds.push('bad-key');
  if (valids.length === 0) return out;
  const invalidArb = fc.record({
    base: fc.constantFrom(...valids),
    kind: fc.constantFrom(...kinds),
    pick: fc.nat(),
    badPath: pathParams.length > 0 ? pathArbitrary(path, params, false) : fc.constant(path),
  });
  for (const { base, kind, pick, badPath } of fc.sample(invalidArb, {
    seed: seed + 1,
    numRuns: INVALID_RUNS,
  })) {
    const request: GeneratedRequest = {
      path,
      method,
      url: base.url + queryString(base.query),
      ...(bodySchema ? { payload: base.body } : {}),
      identity: base.identity,
      headers: {},
      valid: false,
      what: kind,
    };
    if (kind === 'body-field' && bodySchema) {
      const target = resolve(bodySchema);
      const props = Object.entries((target.properties ?? {}) as Record<string, Schema>);
      const required = (target.required ?? []) as string[];
      const [name, prop] = props[pick % Math.max(1, props.length)] ?? ['body', {}];
      const candidates = [
        ...invalidOf(prop).map((value) => ({ name, value })),
        ...required.map((r) => ({ name: r, value: undefined })),
      ];
      const body = { ...(base.body as Record<string, Json>) };
      const choice = candidates.find((c, i) => {
        if (i < pick % candidates.length) return false;
        const next = { ...body };
        if (c.value === undefined) delete next[c.name];
        else next[c.name] = c.value;
        return bodyValid && !bodyValid(next);
      });
      if (!choice) continue;
      if (choice.value === undefined) delete body[choice.name];
      else body[choice.name] = choice.value;
      request.payload = body;
      request.what = `body ${choice.name}=${JSON.stringify(choice.value)?.slice(0, 30) ?? '(missing)'}`;
    } else if (kind === 'body-shape') {
      request.payload = ([[], 'text', 42, null] as Json[])[pick % 4] ?? null;
      if (bodyValid?.(request.payload)) continue;
      request.what = `body ${JSON.stringify(request.payload)}`;
    } else if (kind === 'path') {
      request.url = badPath + queryString(base.query);
      request.what = `path ${badPath}`;
    } else if (kind === 'query') {
      const p = queryParams[pick % queryParams.length] as Parameter;
      const refused = invalidOf(p.schema).filter(
        (v) => inUrl(v) && v !== null && !validatorOf(p.schema, true)(v),
      );
      const value = refused[pick % Math.max(1, refused.length)];
      if (value === undefined) continue; // free text: every value is valid (the server drops what it cannot store)
      request.url = base.url + queryString({ ...base.query, [p.name]: value });
      request.what = `query ${p.name}=${JSON.stringify(value)}`;
    } else if (kind === 'csrf') {
      request.headers['x-csrf-token'] = 'forged.token';
      request.what = 'csrf';
    } else if (kind === 'content-type') {
      request.headers['content-type'] = 'text/plain';
      request.payload = 'plain text';
      request.what = 'content-type';
    } else if (kind === 'bad-key') {
      request.identity = 'apiKey';
      request.headers.authorization = 'Bearer ss_not_a_key';
      request.what = 'bad-key';
    }
    out.push(request);
  }
  return out;
}

async function send(request: GeneratedRequest) {
  const jar = request.identity === 'visitor' ? visitor : member;
  const headers: Record<string, string> = { ...request.headers };
  if (request.identity === 'apiKey' && !headers.authorization) {
    if (++apiKeyUses > 55) await newApiKey();
    headers.authorization = `Bearer ${apiKeyToken}`;
  }
  const method = request.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  if (request.identity === 'apiKey') {
    return app.inject({ method, url: request.url, headers });
  }
  const payload =
    request.payload === undefined
      ? method === 'GET' || method === 'DELETE'
        ? undefined
        : {}
      : typeof request.payload === 'string' && headers['content-type']
        ? request.payload
        : JSON.stringify(request.payload);
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return jar.request(app, {
    method,
    url: request.url,
    ...(payload === undefined ? {} : { payload }),
    headers,
  });
}

describe('docs/openapi.json conformance (issue 47)', () => {
  it('answers every generated request as documented', async () => {
    const started = Date.now();
    const problems: string[] = [];
    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    let requests = 0;
    let operations = 0;
    const ordered = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    // Deletions last, so that they do not take away what the other operations read.
    ordered.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    for (const { path, method, op } of ordered) {
      if (process.env.CONFORMANCE_ONLY && !`${method} ${path}`.includes(process.env.CONFORMANCE_ONLY))
        continue;
      operations += 1;
      if (process.env.CONFORMANCE_DEBUG) console.error(`start ${method} ${path}`);
      for (const request of generate(path, method, op)) {
        requests += 1;
        if (process.env.CONFORMANCE_DEBUG)
          console.error(`  ${request.identity} ${request.what} ${request.url}`);
        const response = await Promise.race([
          send(request),
          new Promise<null>((done) => setTimeout(() => done(null), 10_000).unref()),
        ]);
        if (!response) {
          problems.push(
            `no answer in 10 s: ${method.toUpperCase()} ${request.url} [${request.identity}, ${request.what}]`,
          );
          continue;
        }
        const status = response.statusCode;
        const label = `${method.toUpperCase()} ${request.url.slice(0, 120)} [${request.identity}, ${request.what}] → ${status}`;
        count(`${request.valid ? 'valid' : 'invalid'} ${Math.floor(status / 100)}xx`);
        count(`status ${status}`);
        if (status === 429) count(`429 ${method.toUpperCase()} ${path}`);
        if (status >= 500) problems.push(`5xx: ${label} ${String(lastError?.stack).slice(0, 400)}`);
        const documented = op.responses[String(status)];
        if (!documented) problems.push(`undocumented: ${label} ${response.body.slice(0, 160)}`);
        if (request.valid && [400, 413, 414, 415].includes(status)) {
          problems.push(`valid input refused: ${label} ${response.body.slice(0, 160)}`);
        }
        if (!request.valid && status < 400) {
          problems.push(
            `invalid input accepted: ${label} ${JSON.stringify(request.payload)?.slice(0, 120) ?? ''}`,
          );
        }
        const schema = documented?.content?.['application/json']?.schema;
        const type = String(response.headers['content-type'] ?? '');
        if (schema && type.startsWith('application/json') && response.body.length > 0) {
          const validate = validatorOf(schema);
          if (!validate(response.json())) {
            problems.push(`body off schema: ${label} ${JSON.stringify(validate.errors).slice(0, 300)}`);
          }
        }
      }
    }
    // A method a path does not take: 405 with Allow (issue 47), never a 403 or a 404.
    for (const [path, item] of Object.entries(doc.paths)) {
      const taken = (m: string) =>
        Object.entries(doc.paths).some(
          ([other, ops]) =>
            m in ops && new RegExp(`^${other.replace(/\{[A-Za-z]+\}/g, '[^/]+')}$`).test(path),
        );
      const missing = ['get', 'post', 'put', 'patch', 'delete'].find((m) => !(m in item) && !taken(m));
      if (!missing) continue;
      requests += 1;
      const url = path.replace(/\{([A-Za-z]+)\}/g, (_, n: string) =>
        String(poolFor(n, path.split(`/{${n}}`)[0]?.split('/').pop())[0] ?? 1),
      );
      const response = await member.request(app, {
        method: missing.toUpperCase() as 'GET',
        url,
        payload: missing === 'get' ? undefined : {},
      });
      count(`other method ${response.statusCode}`);
      if (response.statusCode !== 405 || !response.headers.allow) {
        problems.push(`no 405: ${missing.toUpperCase()} ${url} → ${response.statusCode}`);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `openapi conformance: ${operations} operations, ${requests} requests in ${seconds.toFixed(1)} s (seed ${CONFORMANCE_SEED}); ` +
        JSON.stringify(Object.fromEntries([...outcomes].sort())),
    );
    if (problems.length > 0) console.log(problems.join('\n'));
    expect(problems).toEqual([]);
  }, 240_000);
});
