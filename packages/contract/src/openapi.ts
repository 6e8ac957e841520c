/**
 * Builds the OpenAPI 3.1 document of the API from the route registry. `npm run openapi` writes it
 * to `docs/openapi.json`; a test fails when that file no longer matches what this builds.
 * @module
 */
import type { TSchema } from '@sinclair/typebox';
import { type RouteDef, routes } from './routes.js';
import { schemaNames } from './schema-names.js';

/** A JSON value as the document holds it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The OpenAPI document: plain JSON. */
export type OpenApiDocument = { [key: string]: JsonValue };

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  401: 'Not signed in (`unauthorized`).',
  403: 'Refused: missing or wrong CSRF token (`csrf_invalid`) or not allowed (`forbidden`).',
  404: 'Not found (`not_found`).',
  422: 'Invalid input: each error names its `field` and `code` (e.g. `blank`, `invalid`, `too_long`).',
  429: 'Too many requests (`rate_limited`); see the Retry-After header.',
};

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'];

// Copies a TypeBox schema into plain JSON (symbol keys such as Kind and Optional disappear) and
// replaces nested named schemas with references to their components.
function toJson(value: unknown, names: Map<TSchema, string>, root: boolean): JsonValue {
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
      if (typeof prop.description === 'string') param.description = prop.description;
      param.schema = toJson(prop, names, false);
      out.push(param);
    }
  };
  add(route.params, 'path');
  add(route.querystring, 'query');
  return out;
}

function operation(name: string, route: RouteDef, names: Map<TSchema, string>): JsonValue {
  const op: { [key: string]: JsonValue } = { operationId: name, tags: [route.tag], summary: route.summary };
  const params = parameters(route, names);
  if (params.length > 0) op.parameters = params;
  if (route.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: toJson(route.body, names, false) } },
    };
  }
  const responses: { [key: string]: JsonValue } = {};
  for (const status of Object.keys(route.response).sort()) {
    const schema = route.response[Number(status)];
    const response: { [key: string]: JsonValue } = {
      description: statusText[Number(status)] ?? 'Response',
      content: {
        [Number(status) < 300 && route.produces ? route.produces : 'application/json']: {
          schema: toJson(schema, names, false),
        },
      },
    };
    if (status === '429') {
      response.headers = {
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
      };
    }
    responses[status] = response;
  }
  op.responses = responses;
  return op;
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
  const schemas: { [key: string]: JsonValue } = {};
  for (const [schema, name] of [...names.entries()].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    schemas[name] = toJson(schema, names, true);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SportSpyder API',
      version,
      description:
        'The api/v1 calls of SportSpyder. Lists answer `{ <plural>: [...], meta: { pagination } }`; ' +
        'errors answer `{ errors: [{ title, code, field? }] }`. Every POST, PUT, PATCH and DELETE must ' +
        'send the `sportspyder_csrf` cookie value in the `X-CSRF-Token` header.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sportspyder_session' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      },
    },
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
