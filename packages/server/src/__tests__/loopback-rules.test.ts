// Outside production the development aids answer this machine only (issue 47): `/dev/mail` (reset and
// verification links) and `X-Skip-Limit` without the secret work from loopback addresses, not from a
// network, nor through a proxy on this machine for a client elsewhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { isLoopbackAddress } from '../http/loopback.js';
import { buildTestApp } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
const apps: SportSpyderApp[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb?.dispose();
});

async function appWith(rateLimitMax: number, trustProxy = false): Promise<SportSpyderApp> {
  const app = await buildTestApp(testDb.db, { rateLimitMax, trustProxy });
  apps.push(app);
  return app;
}

async function statuses(app: SportSpyderApp, times: number, remoteAddress: string, headers = {}) {
  const found: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const res = await app.inject({ method: 'GET', url: '/api/v1/topics', remoteAddress, headers });
    found.push(res.statusCode);
  }
  return found;
}

describe('isLoopbackAddress', () => {
  it('knows IPv4, IPv6 and IPv4-mapped loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a)).toBe(true);
    for (const a of [
      '10.0.0.1',
      '192.168.1.5',
      '::ffff:10.0.0.1',
      '203.0.113.7',
      '',
      undefined,
      '127.0.0.1.evil',
    ]) {
      expect(isLoopbackAddress(a)).toBe(false);
    }
  });
});

describe('/dev/mail outside production', () => {
  it('answers loopback and is a 404 for any other address', async () => {
    const app = await appWith(100_000);
    const local = await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('Outbox');
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '::ffff:10.1.2.3']) {
      const res = await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.body).not.toContain('Outbox');
      const one = await app.inject({ method: 'GET', url: '/dev/mail/1', remoteAddress });
      expect(one.statusCode).toBe(404);
    }
  });

  it('is a 404 for a client a proxy on this machine forwards, even one that claims to be loopback', async () => {
    const app = await appWith(100_000, true);
    for (const forwarded of ['203.0.113.7', '127.0.0.1, 203.0.113.7']) {
      const res = await app.inject({
        method: 'GET',
        url: '/dev/mail',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(res.statusCode, forwarded).toBe(404);
    }
    const local = await app.inject({
      method: 'GET',
      url: '/dev/mail',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.statusCode).toBe(200);
  });
});

describe('X-Skip-Limit outside production', () => {
  it('lifts the limit for loopback only', async () => {
    const app = await appWith(2);
    expect(await statuses(app, 4, '127.0.0.1', { 'x-skip-limit': '1' })).toEqual([200, 200, 200, 200]);
    expect(await statuses(app, 4, '::1', { 'x-skip-limit': '1' })).toEqual([200, 200, 200, 200]);
    expect(await statuses(app, 3, '203.0.113.7', { 'x-skip-limit': '1' })).toEqual([200, 200, 429]);
  });

  it('does not lift it for a forwarded client behind a trusted proxy on this machine', async () => {
    const app = await appWith(2, true);
    const headers = { 'x-skip-limit': '1', 'x-forwarded-for': '127.0.0.1, 198.51.100.4' };
    expect(await statuses(app, 3, '127.0.0.1', headers)).toEqual([200, 200, 429]);
  });
});
