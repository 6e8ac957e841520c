// The demo video thumbnails are drawn by the server, so the Videos tabs show pictures with no network.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { demoAssetRoutes } from '../demo-asset-routes.js';

describe('demo thumbnails', () => {
  it('serves a cacheable 16:9 SVG per video id, the same picture for the same id', async () => {
    const app = Fastify();
    await app.register(demoAssetRoutes, { dataDir: `/tmp/ss-demo-thumb-${process.pid}` });
    const first = await app.inject({ method: 'GET', url: '/demo/thumbnails/Ab3_x-9QwEr.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(first.headers['cache-control']).toContain('max-age=31536000');
    expect(first.body).toContain('viewBox="0 0 480 270"');
    const again = await app.inject({ method: 'GET', url: '/demo/thumbnails/Ab3_x-9QwEr.svg' });
    expect(again.body).toBe(first.body);
    const other = await app.inject({ method: 'GET', url: '/demo/thumbnails/Zz9_y-1PoIu.svg' });
    expect(other.body).not.toBe(first.body);
    const bad = await app.inject({ method: 'GET', url: '/demo/thumbnails/..%2Fsecret.svg' });
    expect(bad.statusCode).toBe(404);
    await app.close();
  });
});
