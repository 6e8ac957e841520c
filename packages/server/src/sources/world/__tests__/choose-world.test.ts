// Which world a database serves (issue 44): chosen once, kept on later starts, switched only by an explicit
// SOURCES=, and the switch removes the other world's sources so the two never mix on a page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import { chooseWorld, SourcesSettingError, sourcesSettingOf, switchWorld } from '../choose-world.js';
import { probeHosts, probeOrigins } from '../probe-hosts.js';
import { readWorld } from '../world-setting.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.dispose());
afterEach(async () => {
  await t.db.query('DELETE FROM app_settings');
  await t.db.query('DELETE FROM sources');
});

const reached = async (origins: readonly string[]) => ({
  reached: 1,
  asked: origins.length,
  first: origins[0]!,
  ms: 40,
});
const silent = async (origins: readonly string[]) => ({
  reached: 0,
  asked: origins.length,
  first: null,
  ms: 2500,
});
const urls = ['https://a.example/feed', 'https://b.example/rss'];

async function addSource(origin: 'demo' | 'catalogue' | 'admin', url: string): Promise<void> {
  const domain = await t.db.query<{ id: number }>(
    'INSERT INTO domains (host, name) VALUES ($1, $1) ON CONFLICT (host) DO UPDATE SET name = EXCLUDED.name RETURNING id',
    [new URL(url.replace(/^demo:/, 'http://demo.local/')).hostname],
  );
  await t.db.query(
    'INSERT INTO sources (domain_id, kind, feed_url, title, origin) VALUES ($1, $2, $3, $4, $5)',
    [domain.rows[0]!.id, 'news', url, url, origin],
  );
}

describe('SOURCES', () => {
  it('is auto by default and refuses anything but auto, real or demo', () => {
    expect(sourcesSettingOf({})).toBe('auto');
    expect(sourcesSettingOf({ SOURCES: ' Real ' })).toBe('real');
    expect(() => sourcesSettingOf({ SOURCES: 'live' })).toThrow(SourcesSettingError);
  });
});

describe('chooseWorld', () => {
  it('chooses the real world when a catalogue host answers, and keeps it on later starts', async () => {
    const first = await chooseWorld(t.db, { env: {}, catalogueUrls: urls, probe: reached });
    expect(first.world.mode).toBe('real');
    expect(first.world.reason).toMatch(/1 of 2 catalogue hosts answered/);
    // Offline later: the data stays in the world it was made in.
    const again = await chooseWorld(t.db, { env: {}, catalogueUrls: urls, probe: silent });
    expect(again).toEqual({ world: first.world, switchedFrom: null });
  });

  it('chooses the demo when no host answers, saying so', async () => {
    const { world } = await chooseWorld(t.db, { env: {}, catalogueUrls: urls, probe: silent });
    expect(world).toMatchObject({
      mode: 'demo',
      reason: expect.stringMatching(/none of 2 catalogue hosts answered/),
    });
    expect(await readWorld(t.db)).toEqual(world);
  });

  it('never probes in a test or CI run, nor for data made with the demo before the switch', async () => {
    const probe = async () => {
      throw new Error('probed');
    };
    const { world } = await chooseWorld(t.db, { env: { CI: 'true' }, catalogueUrls: urls, probe });
    expect(world.mode).toBe('demo');
    await t.db.query('DELETE FROM app_settings');
    await addSource('demo', 'demo:feeds/a.xml');
    const old = await chooseWorld(t.db, { env: {}, catalogueUrls: urls, probe });
    expect(old.world.reason).toMatch(/made with the demo before the world switch/);
  });

  it('switches only on an explicit SOURCES=, removing the other world so pages never mix them', async () => {
    await chooseWorld(t.db, { env: { SOURCES: 'demo' }, catalogueUrls: urls });
    await addSource('demo', 'demo:feeds/a.xml');
    await addSource('demo', 'demo:feeds/b.xml');
    const choice = await chooseWorld(t.db, { env: { SOURCES: 'real' }, catalogueUrls: urls });
    expect(choice).toMatchObject({ world: { mode: 'real' }, switchedFrom: 'demo' });
    expect(choice.world.reason).toBe('SOURCES=real: switched from the demo world');
    const result = await switchWorld(t.db, 'demo', 'real');
    expect(result.message).toBe(
      'Switched from the demo world to the real world: removed the 2 demo sources and their 0 articles.',
    );
    const { rows } = await t.db.query('SELECT 1 FROM sources');
    expect(rows).toHaveLength(0);
    // Back to the demo: the catalogue's and the admin's sources go, after being saved.
    await addSource('catalogue', 'https://a.example/feed');
    await addSource('admin', 'https://c.example/feed');
    const back = await switchWorld(t.db, 'real', 'demo', '/data/sources-before-demo.opml');
    expect(back.message).toMatch(
      /removed the 2 real \(catalogue and admin\) sources .*saved first to \/data\/sources-before-demo\.opml/,
    );
  });
});

describe('probeHosts', () => {
  let answering: Server;
  let hanging: Server;
  beforeAll(async () => {
    answering = createServer((_req, res) => res.writeHead(405).end());
    // Accepts the connection and never answers: what a black-holed network looks like.
    hanging = createServer(() => undefined);
    await Promise.all([
      new Promise<void>((r) => answering.listen(0, '127.0.0.1', r)),
      new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r)),
    ]);
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    answering.close();
    hanging.close();
  });
  const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

  it('counts any HTTP answer as reaching the web', async () => {
    const result = await probeHosts([origin(hanging), origin(answering)], { timeoutMs: 2000 });
    expect(result).toMatchObject({ reached: 1, asked: 2, first: origin(answering) });
    expect(result.ms).toBeLessThan(1500);
  });

  it('gives up at the deadline when nothing answers', async () => {
    const result = await probeHosts([origin(hanging)], { timeoutMs: 300 });
    expect(result.reached).toBe(0);
    expect(result.ms).toBeGreaterThanOrEqual(250);
    expect(result.ms).toBeLessThan(1000);
  });

  it('spreads its probes over distinct hosts of the catalogue', () => {
    const list = Array.from({ length: 20 }, (_, i) => `https://h${i % 10}.example/feed${i}`);
    const origins = probeOrigins(list, 5);
    expect(origins).toHaveLength(5);
    expect(new Set(origins).size).toBe(5);
  });
});
