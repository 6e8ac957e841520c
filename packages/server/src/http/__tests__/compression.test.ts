import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { seedContent } from '../../content/articles/__tests__/content-fixtures.js';
import {
  compressionStats,
  ifNoneMatchMatches,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from '../compression.js';
import { cachedResponse, ResponseCache } from '../response-cache.js';

const SPORTS = '/api/v1/sports?includes=teams';

/** The body of an injected answer as bytes (light-my-request decodes `body` as UTF-8). */
const bytesOf = (res: { rawPayload: Buffer }) => res.rawPayload;

describe('negotiateEncoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('deflate')).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0, *')).toBe('br');
  });
});

describe('ifNoneMatchMatches', () => {
  it('compares entity tags weakly, in lists, and matches *', () => {
    expect(ifNoneMatchMatches(undefined, '"a"')).toBe(false);
    expect(ifNoneMatchMatches('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchMatches('*', '"a"')).toBe(true);
  });
});

describe('ResponseCache.encoded', () => {
  it('compresses an answer once per encoding and counts the copies in the budget', () => {
    const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 1_000_000 });
    const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }));
    const answer = cachedResponse(body, 'application/json');
    cache.set('/x', answer);
    const before = cache.size;
    const start = compressionStats.compressions;
    const br = cache.encoded(answer, 'br');
    expect(cache.encoded(answer, 'br')).toBe(br);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    const gz = cache.encoded(answer, 'gzip');
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(compressionStats.compressions - start).toBe(2);
    expect(cache.size).toBe(before + br.length + gz.length);
    expect(cache.get('/x')?.encoded.br).toBe(br);
  });
});

describe('compressed answers (issue 46)', () => {
  let testDb: TestDatabase;
  let cached: SportSpyderApp;
  let uncached: SportSpyderApp;
  let off: SportSpyderApp;
  let files: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedContent(testDb.db);
    files = mkdtempSync(join(tmpdir(), 'compression-test-'));
    // A built site and built embeds, with the copies the build writes beside each file.
    const site = join(files, 'site');
    mkdirSync(join(site, 'assets'), { recursive: true });
    const page = `<!doctype html><html><head><title>SportSpyder</title></head><body><div id="root"></div>${'<!-- page -->'.repeat(200)}</body></html>`;
    writeFileSync(join(site, 'index.html'), page);
    writeFileSync(join(site, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(join(site, 'index.html.gz'), gzipSync(page));
    const script = `console.log(${JSON.stringify('SportSpyder '.repeat(400))});`;
    writeFileSync(join(site, 'assets', 'index-AbC123.js'), script);
    writeFileSync(join(site, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(join(site, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
    const widgets = join(files, 'widgets');
    mkdirSync(widgets);
    for (const name of ['headline.js', 'headline.0123456789.js']) {
      writeFileSync(join(widgets, name), script);
      writeFileSync(join(widgets, `${name}.br`), brotliCompressSync(script));
      writeFileSync(join(widgets, `${name}.gz`), gzipSync(script));
    }
    writeFileSync(
      join(widgets, 'integrity.json'),
      JSON.stringify({ version: '9.9.9', files: { 'headline.js': 'sha384-x' } }),
    );
    const dirs = { siteDir: site, widgetsDir: widgets };
    cached = await buildTestApp(testDb.db, { ...dirs, rateLimitMax: 10_000, responseCacheTtlMs: 60_000 });
    uncached = await buildTestApp(testDb.db, { ...dirs, rateLimitMax: 10_000 });
    off = await buildTestApp(testDb.db, {
      rateLimitMax: 10_000,
      responseCacheTtlMs: 60_000,
      compression: false,
    });
    await Promise.all([cached.ready(), uncached.ready(), off.ready()]);
  }, 60_000);

  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
    await off?.close();
    await testDb?.dispose();
    rmSync(files, { recursive: true, force: true });
  });

  it('sends a cached answer over 1 KB as br or gzip to clients that accept it, the same bytes once decoded', async () => {
    cached.responseCache.invalidateAll();
    const plain = await cached.inject({ method: 'GET', url: SPORTS });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-cache']).toBe('miss');
    // A client without Accept-Encoding gets the answer as it is.
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const identity = bytesOf(plain);
    expect(identity.length).toBeGreaterThan(MIN_COMPRESS_BYTES);

    const br = await cached.inject({
      method: 'GET',
      url: SPORTS,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(Number(br.headers['content-length'])).toBe(bytesOf(br).length);
    expect(bytesOf(br).length).toBeLessThan(identity.length / 3);
    expect(brotliDecompressSync(bytesOf(br)).equals(identity)).toBe(true);

    const gzip = await cached.inject({ method: 'GET', url: SPORTS, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(bytesOf(gzip)).equals(identity)).toBe(true);
  });

  it('compresses the answer of a miss too, and keeps it: the next hits compress nothing', async () => {
    cached.responseCache.invalidateAll();
    const before = compressionStats.compressions;
    const miss = await cached.inject({ method: 'GET', url: SPORTS, headers: { 'accept-encoding': 'br' } });
    expect(miss.headers['x-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(compressionStats.compressions - before).toBe(1);
    for (let i = 0; i < 3; i++) {
      const hit = await cached.inject({ method: 'GET', url: SPORTS, headers: { 'accept-encoding': 'br' } });
      expect(hit.headers['x-cache']).toBe('hit');
      expect(hit.headers['content-encoding']).toBe('br');
      expect(bytesOf(hit).equals(bytesOf(miss))).toBe(true);
    }
    expect(compressionStats.compressions - before).toBe(1);
    // gzip is compressed once, on its first request, then kept too.
    await cached.inject({ method: 'GET', url: SPORTS, headers: { 'accept-encoding': 'gzip' } });
    await cached.inject({ method: 'GET', url: SPORTS, headers: { 'accept-encoding': 'gzip' } });
    expect(compressionStats.compressions - before).toBe(2);
  });

  it('tags the reference data and answers 304 without a body to a client that holds it', async () => {
    cached.responseCache.invalidateAll();
    for (const url of ['/api/v1/sports', SPORTS, '/api/v1/teams', '/api/v1/topics']) {
      const first = await cached.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      // The same tag from the cache, and a 304 for it, fresh from the cache or computed (miss).
      const again = await cached.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
      cached.responseCache.invalidateAll();
      const recomputed = await cached.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(recomputed.headers['x-cache'], url).toBe('miss');
      expect(recomputed.statusCode, url).toBe(304);
      expect(recomputed.rawPayload.length, url).toBe(0);
    }
    // A compressed copy carries the same hash, weak; either tag revalidates it.
    const br = await cached.inject({ method: 'GET', url: SPORTS, headers: { 'accept-encoding': 'br' } });
    const weak = br.headers.etag as string;
    expect(weak).toMatch(/^W\/"[\w-]+"$/);
    const revalidated = await cached.inject({
      method: 'GET',
      url: SPORTS,
      headers: { 'accept-encoding': 'br', 'if-none-match': weak },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
    // Another tag: the whole answer.
    const changed = await cached.inject({
      method: 'GET',
      url: SPORTS,
      headers: { 'if-none-match': '"old"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBeGreaterThan(MIN_COMPRESS_BYTES);
  });

  it('keeps answers under 1 KB uncompressed, cached or not', async () => {
    for (const url of ['/api/v1/teams/green-bay-packers', '/api/v1/session']) {
      const res = await cached.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeLessThan(MIN_COMPRESS_BYTES);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('compresses answers that are not cached (no page cache, RSS) through @fastify/compress', async () => {
    const plain = await uncached.inject({ method: 'GET', url: SPORTS });
    expect(plain.headers['x-cache']).toBeUndefined();
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await uncached.inject({
        method: 'GET',
        url: SPORTS,
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const decoded = encoding === 'br' ? brotliDecompressSync(bytesOf(res)) : gunzipSync(bytesOf(res));
      expect(decoded.equals(bytesOf(plain))).toBe(true);
    }
    const rss = await uncached.inject({
      method: 'GET',
      url: '/rss/sports/nfl.xml',
      headers: { 'accept-encoding': 'gzip', host: 'sportspyder.test' },
    });
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toMatch(/rss\+xml/);
    const rssPlain = await uncached.inject({
      method: 'GET',
      url: '/rss/sports/nfl.xml',
      headers: { host: 'sportspyder.test' },
    });
    expect(rssPlain.rawPayload.length).toBeGreaterThan(MIN_COMPRESS_BYTES);
    expect(rss.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(bytesOf(rss)).toString()).toBe(rssPlain.body);
  });

  it('answers HEAD as before', async () => {
    for (const app of [cached, uncached]) {
      const res = await app.inject({ method: 'HEAD', url: SPORTS, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it('sends everything as it is with COMPRESSION=off', async () => {
    const res = await off.inject({ method: 'GET', url: SPORTS, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toHaveProperty('sports');
  });

  it("sends the build's .br copy of a site asset, with the asset's content type and a year's cache", async () => {
    const url = '/assets/index-AbC123.js';
    const plain = await cached.inject({ method: 'GET', url });
    const br = await cached.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(bytesOf(br)).equals(bytesOf(plain))).toBe(true);
    const gz = await cached.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(bytesOf(gz)).equals(bytesOf(plain))).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("sends the site's pages (the not-found handler's index.html) compressed", async () => {
    const res = await cached.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(bytesOf(res)).toString()).toContain('<div id="root">');
    const plain = await cached.inject({ method: 'GET', url: '/about' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it("sends the build's .br copy of an embed at its versioned URL, cached for good", async () => {
    const versioned = await cached.inject({
      method: 'GET',
      url: '/widgets/v9.9.9/headline.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['content-encoding']).toBe('br');
    expect(versioned.headers['content-type']).toMatch(/javascript/);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers.vary).toMatch(/accept-encoding/i);
    expect(versioned.headers['access-control-allow-origin']).toBe('*');
    const hashed = await cached.inject({
      method: 'GET',
      url: '/widgets/headline.0123456789.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(hashed.headers['content-encoding']).toBe('br');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const moving = await cached.inject({
      method: 'GET',
      url: '/widgets/headline.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(moving.headers['content-encoding']).toBe('gzip');
    expect(moving.headers['cache-control']).toBe('public, max-age=86400');
  });
});
