/**
 * Builds the OpenAPI 3.1 document of the API from the route registry. `npm run openapi` writes it
 * to `docs/openapi.json`; a test fails when that file no longer matches what this builds.
 * @module
 */
import type { TSchema } from '@sinclair/typebox';
import { CHAT_EMBED_EXCHANGE, CHAT_EMBED_FRAME_HEADER } from './chat-embed-constants.js';
import { ErrorList } from './errors.js';
import { type RouteDef, routes } from './routes.js';
import { schemaNames } from './schema-names.js';

/** A JSON value as the document holds it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The OpenAPI document: plain JSON. */
export type OpenApiDocument = { [key: string]: JsonValue };

/**
 * The pattern of every string the server stores or looks up: no NUL and no unpaired UTF-16 surrogate
 * (PostgreSQL can store neither; the server's input guard, `http/input-guard.ts`, refuses them with a
 * 422 naming the field, or a 404 in a path). Written so that it means the same with or without the
 * regular expression's `u` flag: a surrogate pair (an emoji) is one code point with it, two halves
 * that match the second alternative without it.
 */
export const STORABLE_TEXT_PATTERN = '^(?:[^\\u0000\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff])*$';

/** Query fields of free text, where the server drops such characters instead (input-guard.ts). */
const FREE_TEXT_QUERY_FIELDS = new Set(['q']);

/** How the API authenticates a request (components.securitySchemes). */
const securitySchemes: { [key: string]: JsonValue } = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sportspyder_session',
    description:
      'The session cookie set by signing in (`POST /api/v1/session`); `__Host-sportspyder_session` in ' +
      'production. httpOnly, SameSite=Lax.',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description:
      'Every POST, PUT, PATCH and DELETE echoes the value of the readable `sportspyder_csrf` cookie in ' +
      'this header. The token is bound to the session cookie (or, before signing in, to the ' +
      '`sportspyder_presession` cookie): every answer sets a fresh one when the held one does not fit. ' +
      'A missing or wrong token answers 403 `csrf_invalid`.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key of a member with API access (`Authorization: Bearer <token>`), for reads only: a ' +
      "GET acts as the key's member; any other method answers 403 `api_key_read_only`; an unknown " +
      'or revoked key answers 401 `invalid_api_key`. 60 requests a minute per key.',
  },
  chatEmbedFrame: {
    type: 'apiKey',
    in: 'header',
    name: CHAT_EMBED_FRAME_HEADER,
    description:
      "The chat embed's frame session (from `POST /api/v1/chat/embed_sessions`, which itself takes " +
      `the value \`${CHAT_EMBED_EXCHANGE}\`). A request with this header is authenticated by it ` +
      'alone (cookies and the CSRF token are ignored); it works on the session and chat calls only ' +
      '(403 `frame_scope` elsewhere), a bad one answers 401 `invalid_frame_session`.',
  },
};

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'];

/** What a route needs to know about itself to list its security and its answers. */
interface RouteFacts {
  read: boolean;
  /** It answers 401 to a visitor (it declares 401 itself). */
  signedIn: boolean;
  /** The chat embed's frame session may call it (server `embed/chat-embed-auth.ts`, FRAME_SCOPE). */
  frame: boolean;
  /** The frame-session exchange, authenticated by the frame header's constant value. */
  exchange: boolean;
  hasParams: boolean;
}

function factsOf(name: string, route: RouteDef): RouteFacts {
  const exchange = name === 'createChatEmbedSession';
  // Mirrors FRAME_SCOPE of the server's chat-embed-auth.ts: the session and every chat call but making codes.
  const frame =
    !exchange &&
    (name === 'getSession' ||
      name === 'updateSession' ||
      (route.tag === 'chat' && name !== 'createChatEmbedCode'));
  const { properties = {} } = (route.params ?? {}) as ObjectSchema;
  return {
    read: route.method === 'GET',
    signedIn: 401 in route.response,
    frame,
    exchange,
    hasParams: Object.keys(properties).length > 0,
  };
}

/** The security requirements of a route: alternatives, each a set of schemes used together. */
function securityOf(facts: RouteFacts): JsonValue[] {
  if (facts.exchange) return [{ chatEmbedFrame: [] }];
  const out: JsonValue[] = [];
  if (facts.read) {
    if (!facts.signedIn) out.push({});
    out.push({ session: [] }, { apiKey: [] });
  } else {
    if (!facts.signedIn) out.push({ csrf: [] });
    out.push({ session: [], csrf: [] });
  }
  if (facts.frame) out.push({ chatEmbedFrame: [] });
  return out;
}

/** The description of an error status for a route (what the server can answer it for). */
function errorText(status: number, facts: RouteFacts): string | undefined {
  switch (status) {
    case 400:
      return 'Bad request (`bad_request`): a path parameter that cannot be decoded.';
    case 401:
      return [
        facts.signedIn ? 'Not signed in (`unauthorized`).' : '',
        facts.read ? 'An unknown or revoked API key (`invalid_api_key`).' : '',
        facts.frame || facts.exchange ? 'A bad chat embed frame session (`invalid_frame_session`).' : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 403:
      return facts.read
        ? 'Refused: not allowed (`forbidden`), or a chat embed frame session outside its calls (`frame_scope`).'
        : 'Refused: missing or wrong CSRF token (`csrf_invalid`), an API key on a write (`api_key_read_only`), ' +
            'not allowed (`forbidden`), or a chat embed frame session outside its calls (`frame_scope`).';
    case 404:
      return 'Not found (`not_found`).';
    case 409:
      return 'Conflict with the current state (`conflict`).';
    case 413:
      return 'The request body is too large (`too_long`, field `body`).';
    case 414:
      return 'A path segment is longer than any identifier (`uri_too_long`).';
    case 415:
      return 'The body is not JSON (`unsupported_media_type`).';
    case 422:
      return 'Invalid input: each error names its `field` and `code` (e.g. `blank`, `invalid`, `too_long`).';
    case 429:
      return 'Too many requests (`rate_limited`); see the Retry-After header.';
    case 502:
      return 'The outside host the call relays failed, refused or sent something else (`upstream_error`).';
    default:
      return undefined;
  }
}

/** Error statuses every route of its kind can answer, beyond those it declares (hooks shared by all routes). */
function implicitErrors(facts: RouteFacts): number[] {
  const out = [403, 422, 429]; // frame scope and forbidden; invalid input (query values too); the per-address limit
  if (facts.read || facts.signedIn || facts.frame || facts.exchange) out.push(401);
  if (!facts.read) out.push(413, 415); // every write has its body parsed as JSON, whatever its schema
  if (facts.hasParams) out.push(400, 404, 414); // undecodable, unknown or over-long path parameters
  return out;
}

// Copies a TypeBox schema into plain JSON (symbol keys such as Kind and Optional disappear), replaces
// nested named schemas with references to their components, and gives every free string the storable
// text pattern (`text: false` for free-text query fields, where the server drops those characters).
function toJson(value: unknown, names: Map<TSchema, string>, root: boolean, text = true): JsonValue {
  if (!root && typeof value === 'object' && value !== null) {
    const name = names.get(value as TSchema);
    if (name !== undefined) return { $ref: `#/components/schemas/${name}` };
  }
  if (Array.isArray(value)) return value.map((v) => toJson(v, names, false));
  if (typeof value === 'object' && value !== null) {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = toJson(v, names, false);
    }
    const free = out.type === 'string' && !('format' in out || 'enum' in out || 'const' in out);
    if (text && free) {
      if (out.pattern === undefined) out.pattern = STORABLE_TEXT_PATTERN;
      else out.allOf = [{ pattern: STORABLE_TEXT_PATTERN }];
    }
    return out;
  }
  return value as JsonValue;
}

interface ObjectSchema {
  properties?: Record<string, TSchema>;
  required?: string[];
}

function parameters(route: RouteDef, names: Map<TSchema, string>): JsonValue[] {
  const out: JsonValue[] = [];
  const add = (schema: TSchema | undefined, where: 'path' | 'query') => {
    const { properties = {}, required = [] } = (schema ?? {}) as ObjectSchema;
    for (const [name, prop] of Object.entries(properties)) {
      const param: { [key: string]: JsonValue } = {
        name,
        in: where,
        required: where === 'path' || required.includes(name),
      };
      const free = where === 'query' && FREE_TEXT_QUERY_FIELDS.has(name);
      const description = typeof prop.description === 'string' ? prop.description : undefined;
      if (free) {
        param.description = `${description ? `${description} ` : ''}NUL and unpaired surrogates are removed.`;
      } else if (description) param.description = description;
      param.schema = toJson(prop, names, false, !free);
      out.push(param);
    }
  };
  add(route.params, 'path');
  add(route.querystring, 'query');
  return out;
}

const successText: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };

function operation(name: string, route: RouteDef, names: Map<TSchema, string>): JsonValue {
  const facts = factsOf(name, route);
  const op: { [key: string]: JsonValue } = {
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    security: securityOf(facts),
  };
  const params = parameters(route, names);
  if (params.length > 0) op.parameters = params;
  if (route.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: toJson(route.body, names, false) } },
    };
  }
  const declared = Object.keys(route.response).map(Number);
  const statuses = [...new Set([...declared, ...implicitErrors(facts), ...(facts.read ? [304] : [])])];
  const errorList = toJson(ErrorList, names, false);
  const responses: { [key: string]: JsonValue } = {};
  for (const status of statuses.sort((a, b) => a - b)) {
    const schema = route.response[status];
    if (status === 304) {
      responses[status] = {
        description: 'Not modified: `If-None-Match` names the entity tag of the current answer.',
      };
      continue;
    }
    if (status === 204) {
      responses[status] = { description: 'No content' };
      continue;
    }
    const response: { [key: string]: JsonValue } = {
      description: successText[status] ?? errorText(status, facts) ?? 'Response',
      content: {
        [status < 300 && route.produces ? route.produces : 'application/json']: {
          schema: schema ? toJson(schema, names, false) : errorList,
        },
      },
    };
    if (status === 429) {
      response.headers = {
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
      };
    }
    responses[status] = response;
  }
  op.responses = responses;
  return op;
}

/** The names of the components `value` references, directly or through other components. */
function referencedComponents(value: JsonValue, schemas: { [key: string]: JsonValue }): Set<string> {
  const found = new Set<string>();
  const visit = (v: JsonValue): void => {
    if (Array.isArray(v)) {
      for (const item of v) visit(item);
    } else if (typeof v === 'object' && v !== null) {
      const ref = v.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
        const name = ref.slice('#/components/schemas/'.length);
        if (!found.has(name)) {
          found.add(name);
          const target = schemas[name];
          if (target !== undefined) visit(target);
        }
      }
      for (const child of Object.values(v)) visit(child);
    }
  };
  visit(value);
  return found;
}

/**
 * Builds the OpenAPI 3.1 document of every route in {@link routes}, with the contract's named
 * schemas as components. The result is deterministic (sorted paths and components).
 *
 * @param version - The contract package version, written as `info.version`.
 * @example
 * ```ts
 * const doc = buildOpenApiDocument('0.1.0');
 * writeFileSync('docs/openapi.json', serializeOpenApiDocument(doc));
 * ```
 */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const names = schemaNames();
  const byPath = new Map<string, [string, string, RouteDef][]>();
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const list = byPath.get(path) ?? [];
    list.push([route.method.toLowerCase(), name, route]);
    byPath.set(path, list);
  }
  const paths: { [key: string]: JsonValue } = {};
  for (const path of [...byPath.keys()].sort()) {
    const ops = (byPath.get(path) ?? []).sort(([a], [b]) => methodOrder.indexOf(a) - methodOrder.indexOf(b));
    const item: { [key: string]: JsonValue } = {};
    for (const [method, name, route] of ops) item[method] = operation(name, route, names);
    paths[path] = item;
  }
  const all: { [key: string]: JsonValue } = {};
  for (const [schema, name] of names.entries()) all[name] = toJson(schema, names, true);
  // Only what the calls use: the realtime messages (cable.ts) have their own guide and reference.
  const used = referencedComponents(paths, all);
  const schemas: { [key: string]: JsonValue } = {};
  for (const name of [...used].sort()) schemas[name] = all[name] ?? null;
  return {
    openapi: '3.1.0',
    info: {
      title: 'SportSpyder API',
      version,
      description:
        'The api/v1 calls of SportSpyder. Lists answer `{ <plural>: [...], meta: { pagination } }`; ' +
        'errors answer `{ errors: [{ title, code, field? }] }`. Every POST, PUT, PATCH and DELETE must ' +
        'send the `sportspyder_csrf` cookie value in the `X-CSRF-Token` header (the `csrf` scheme). ' +
        'JSON bodies are validated as they are (a wrong type answers 422 naming the field); query and ' +
        'path values are read as the numbers or booleans their schema says. A method a path does not ' +
        'take answers 405 `method_not_allowed` with an `Allow` header listing the ones it does.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'The origin serving the site (the API is under /api/v1).' }],
    paths,
    components: { schemas, securitySchemes },
  };
}

/**
 * Serializes the document as `docs/openapi.json` holds it: 2-space JSON with a trailing newline.
 *
 * @example
 * ```ts
 * serializeOpenApiDocument(buildOpenApiDocument('0.1.0'));
 * ```
 */
export function serializeOpenApiDocument(doc: OpenApiDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
