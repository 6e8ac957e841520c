import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredMessage } from '../cable/broadcaster.js';
import { USER_VERSIONS_STREAM } from '../cable/channels/user-versions-channel.js';
import { MemoryBroadcaster } from '../cable/memory-broadcaster.js';
import { type RunningServer, startServer } from '../index.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
let server: RunningServer;
// Stands for the broadcaster that several processes share (Redis): what this process announces there.
const shared = new MemoryBroadcaster();
const announced: DeliveredMessage[] = [];
shared.subscribe(USER_VERSIONS_STREAM, (message) => announced.push(message));

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startServer({
    env: { DEMO: 'off', INGEST: 'off' },
    db: testDb.db,
    config: { port: 0, host: '127.0.0.1', siteDir: '/nonexistent-site', version: '2.4.0+deploy-7' },
    logger: false,
    broadcaster: shared,
  });
});
afterAll(async () => {
  await server?.close();
  await testDb?.dispose();
});

describe('startServer', () => {
  it('serves the API and the health check on a real port', async () => {
    expect(server.url).toBe(`http://localhost:${server.port}`);
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    // Under the tests the world is the demo, and /healthz says why (issue 44).
    expect(await health.json()).toEqual({
      status: 'ok',
      db: 'ok',
      ingest: { pending: 0 },
      sources: { mode: 'demo', reason: 'a test or CI run (CI or VITEST is set) never probes the network' },
    });
    expect(server.world?.mode).toBe('demo');
    const sports = await fetch(`http://127.0.0.1:${server.port}/api/v1/sports?includes=teams`);
    const body = (await sports.json()) as { sports: { divisions?: unknown[]; conferences?: unknown[] }[] };
    expect(body.sports).toHaveLength(9);
    expect(body.sports.every((s) => (s.divisions ?? s.conferences ?? []).length > 0)).toBe(true);
  });

  it('announces its version to open pages through the shared broadcaster once it listens', () => {
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ version: '2.4.0+deploy-7' });
  });

  it('stops listening after close', async () => {
    const port = server.port;
    await server.close();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
