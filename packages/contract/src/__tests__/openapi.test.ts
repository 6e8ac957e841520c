// docs/openapi.json is generated from the contract; this test keeps it from drifting.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, STORABLE_TEXT_PATTERN, serializeOpenApiDocument } from '../openapi.js';
import { routes } from '../routes.js';

const root = (p: string) => fileURLToPath(new URL(`../../../../${p}`, import.meta.url));
const { version } = JSON.parse(readFileSync(root('packages/contract/package.json'), 'utf8')) as {
  version: string;
};

describe('docs/openapi.json', () => {
  it('matches the document built from the contract', () => {
    const expected = serializeOpenApiDocument(buildOpenApiDocument(version));
    let actual = '';
    try {
      actual = readFileSync(root('docs/openapi.json'), 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (actual !== expected) throw new Error('docs/openapi.json is stale: run npm run openapi');
  });
});

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument('9.9.9') as {
    openapi: string;
    info: { title: string; version: string };
    paths: Record<
      string,
      Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>
    >;
    components: { schemas: Record<string, unknown> };
  };

  it('describes the API as OpenAPI 3.1 with the given version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'SportSpyder API', version: '9.9.9' });
  });

  it('has one operation per route, with `{param}` paths and path parameters', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(Object.keys(routes).length);
    const getSport = doc.paths['/api/v1/sports/{id}']?.get;
    expect(getSport?.operationId).toBe('getSport');
    expect(getSport?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    expect(Object.keys(doc.paths).some((p) => p.includes(':'))).toBe(false);
  });

  it('references named schemas as components and every reference resolves', () => {
    const json = JSON.stringify(doc);
    expect(json).toContain('"$ref":"#/components/schemas/Session"');
    const refs = [...json.matchAll(/#\/components\/schemas\/([A-Za-z0-9]+)/g)].map((m) => m[1] ?? '');
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty(ref);
  });

  it('declares the security and the refusals of every operation (issue 47)', () => {
    const ops = Object.values(doc.paths).flatMap((item) =>
      Object.entries(item).map(([method, op]) => ({
        method,
        ...(op as unknown as { security?: Record<string, string[]>[]; responses: Record<string, unknown> }),
      })),
    );
    for (const op of ops) {
      expect(op.security?.length, JSON.stringify(op)).toBeGreaterThan(0);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['403', '422', '429']));
      if (op.method !== 'get') {
        // Writes need the CSRF header unless a chat embed frame session makes them.
        for (const alternative of op.security ?? []) {
          expect(Object.keys(alternative).some((s) => s === 'csrf' || s === 'chatEmbedFrame')).toBe(true);
        }
      }
    }
    const schemes = (doc.components as { securitySchemes?: Record<string, unknown> }).securitySchemes;
    expect(Object.keys(schemes ?? {}).sort()).toEqual(['apiKey', 'chatEmbedFrame', 'csrf', 'session']);
  });

  it('refuses NUL and unpaired surrogates in strings, keeping emoji', () => {
    const json = JSON.stringify(doc);
    expect(json).toContain(JSON.stringify(STORABLE_TEXT_PATTERN));
    const pattern = new RegExp(STORABLE_TEXT_PATTERN, 'u');
    const plain = new RegExp(STORABLE_TEXT_PATTERN);
    for (const re of [pattern, plain]) {
      expect(re.test('Go team 😀')).toBe(true);
      expect(re.test('a\u0000b')).toBe(false);
      expect(re.test('a\ud800')).toBe(false);
      expect(re.test('\udc00b')).toBe(false);
    }
  });

  it('is deterministic', () => {
    expect(serializeOpenApiDocument(buildOpenApiDocument('1.0.0'))).toBe(
      serializeOpenApiDocument(buildOpenApiDocument('1.0.0')),
    );
  });
});
