import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database } from '../../../db/database.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { createFeedFetcher } from '../feed-fetcher.js';
import { ingestSource } from '../ingest-source.js';
import { loadTagIndex } from '../load-tag-index.js';
import { loadSource } from '../source-row.js';
import { addSource, feedFixture, feedFixturePath, NOW } from './pipeline-fixtures.js';

let testDb: TestDatabase;
let db: Database;
let tagIndex: TagIndex;
let demoDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  tagIndex = await loadTagIndex(db);
  demoDir = mkdtempSync(join(tmpdir(), 'sportspyder-demo-'));
  mkdirSync(join(demoDir, 'feeds'));
  writeFileSync(join(demoDir, 'feeds', 'bullpen.xml'), feedFixture('podcast.xml'));
  writeFileSync(join(demoDir, 'secret.xml'), feedFixture('rss2.xml'));
});
afterAll(async () => {
  await testDb.dispose();
  rmSync(demoDir, { recursive: true, force: true });
});

describe('ingestSource with local feeds', () => {
  it('ingests a demo: feed, saves the fetch state, and answers 304 when the file is unchanged', async () => {
    const fetcher = createFeedFetcher({ demoDir });
    const source = await addSource(db, {
      host: 'bullpen.example',
      kind: 'podcast',
      feedUrl: 'demo:feeds/bullpen.xml',
    });
    const first = await ingestSource(db, source, { fetcher, tagIndex, now: NOW });
    expect(first.status).toBe('ok');
    expect(first.counts.inserted).toBe(5);
    const saved = (await loadSource(db, source.id))!;
    expect(saved.feedUrl).toBe('demo:feeds/bullpen.xml');
    expect(saved.etag).toBeTruthy();
    expect(saved.lastSuccessAt?.toISOString()).toBe(NOW.toISOString());
    expect(saved.nextFetchAt.getTime()).toBeGreaterThan(NOW.getTime());

    const second = await ingestSource(db, saved, { fetcher, tagIndex, now: NOW });
    expect(second.status).toBe('not-modified');
  });

  it('reads file: URLs', async () => {
    const fetcher = createFeedFetcher({ demoDir });
    const source = await addSource(db, {
      host: 'comets.example',
      feedUrl: `file://${feedFixturePath('atom.xml')}`,
    });
    const result = await ingestSource(db, source, { fetcher, tagIndex, now: NOW });
    expect(result.status).toBe('ok');
    expect(result.counts.inserted).toBeGreaterThan(0);
  });

  it('never reads outside the demo folder, and records the failure', async () => {
    const fetcher = createFeedFetcher({ demoDir: join(demoDir, 'feeds') });
    const source = await addSource(db, { host: 'sneaky.example', feedUrl: 'demo:../secret.xml' });
    const result = await ingestSource(db, source, { fetcher, tagIndex, now: NOW });
    expect(result.status).toBe('error');
    const saved = (await loadSource(db, source.id))!;
    expect(saved.failureCount).toBe(1);
    expect(saved.lastErrorCode).toBe('http-404');
  });

  it('records an unsupported URL as a failure', async () => {
    const source = await addSource(db, { host: 'ftp.example', feedUrl: 'ftp://ftp.example/feed.xml' });
    const result = await ingestSource(db, source, { fetcher: createFeedFetcher(), tagIndex, now: NOW });
    expect(result.error?.code).toBe('unsupported-url');
    expect((await loadSource(db, source.id))!.failureCount).toBe(1);
  });
});
