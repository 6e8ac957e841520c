import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Database } from '../../../db/database.js';
import { HostPoliteness } from '../../feeds/host-politeness.js';
import {
  addSource,
  feedFixture,
  gatedDatabase,
  rssFeed,
} from '../../pipeline/__tests__/pipeline-fixtures.js';
import { httpFeedFetcher } from '../../pipeline/feed-fetcher.js';
import type { IngestSourceResult } from '../../pipeline/ingest-source.js';
import { loadTagIndex } from '../../pipeline/load-tag-index.js';
import type { TagIndex } from '../../tagging/build-index.js';
import { leaseDueSources } from '../source-lease.js';
import { startIngestScheduler } from '../start-ingest-scheduler.js';

let testDb: TestDatabase;
let db: Database;
let tagIndex: TagIndex;
let server: Server;
let base: string;
// The same answers from a second loopback host: another host for the per-host lease cap.
let otherServer: Server;
let otherBase: string;
const hits = new Map<string, number>();
// Every path asked for, in order (both hosts).
const hitOrder: string[] = [];
// Slow answers being written now, and the most at once since the last reset.
let slowInFlight = 0;
let slowMostAtOnce = 0;

function teamFeed(n: number): string {
  return rssFeed(`Feed ${n}`, [
    {
      title: `Story ${n} from the wire`,
      link: `https://wire${n}.example/story`,
      date: new Date(Date.now() - 3600_000),
    },
  ]);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  tagIndex = await loadTagIndex(db);
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    hitOrder.push(path);
    const send = (body: string) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
    if (path === '/loop') return void res.writeHead(302, { location: '/loop2' }).end();
    if (path === '/loop2') return void res.writeHead(302, { location: '/loop' }).end();
    if (path === '/good.xml') return send(feedFixture('rss2.xml'));
    if (path === '/not-xml') return send(feedFixture('not-xml.txt'));
    if (path === '/truncated.xml') return send(feedFixture('truncated.xml'));
    if (path === '/xxe.xml') return send(feedFixture('xxe.xml'));
    const slow = /^\/slow\/(\d+)$/.exec(path);
    // Slow answers keep ingests in flight while the other scheduler looks for work.
    if (slow) {
      slowInFlight++;
      slowMostAtOnce = Math.max(slowMostAtOnce, slowInFlight);
      return void setTimeout(() => {
        slowInFlight--;
        send(teamFeed(Number(slow[1])));
      }, 40);
    }
    res.writeHead(404).end();
  };
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  otherServer = createServer(answer);
  await new Promise<void>((resolve) => otherServer.listen(0, '127.0.0.2', resolve));
  otherBase = `http://127.0.0.2:${(otherServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of [server, otherServer]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await testDb.dispose();
});

beforeEach(async () => {
  // Only this test's sources are due.
  await db.query('UPDATE sources SET enabled = false');
  hits.clear();
  hitOrder.length = 0;
  slowMostAtOnce = 0;
});

function collect(expected: number) {
  const results: IngestSourceResult[] = [];
  let resolve!: () => void;
  const done = new Promise<void>((r) => {
    resolve = r;
  });
  return {
    results,
    done,
    onResult: (result: IngestSourceResult) => {
      results.push(result);
      if (results.length >= expected) resolve();
    },
  };
}

describe('ingest scheduler', () => {
  it('records bad feeds as failures on their sources and still stores the good one', async () => {
    const sources = {
      good: await addSource(db, { host: 'good.example', feedUrl: `${base}/good.xml` }),
      notXml: await addSource(db, { host: 'notxml.example', feedUrl: `${base}/not-xml` }),
      truncated: await addSource(db, { host: 'truncated.example', feedUrl: `${base}/truncated.xml` }),
      xxe: await addSource(db, { host: 'xxe.example', feedUrl: `${base}/xxe.xml` }),
      loop: await addSource(db, { host: 'loop.example', feedUrl: `${base}/loop` }),
    };
    const collector = collect(5);
    const scheduler = startIngestScheduler({
      db,
      fetcher: httpFeedFetcher(),
      politeness: new HostPoliteness({ minGapMs: 0 }),
      tagIndex,
      leaseOwner: 'test-a',
      intervalMs: 20,
      onResult: collector.onResult,
    });
    await collector.done;
    await scheduler.stop();

    const { rows } = await db.query<{
      id: number;
      failureCount: number;
      lastError: string | null;
      lastErrorCode: string | null;
    }>(
      `SELECT id, failure_count AS "failureCount", last_error AS "lastError", last_error_code AS "lastErrorCode"
         FROM sources WHERE id = ANY($1::int[])`,
      [Object.values(sources).map((s) => s.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(sources.good.id)).toMatchObject({ failureCount: 0, lastError: null });
    for (const bad of [sources.notXml, sources.truncated, sources.xxe, sources.loop]) {
      expect(byId.get(bad.id)!.failureCount).toBe(1);
      expect(byId.get(bad.id)!.lastError).toBeTruthy();
    }
    expect(byId.get(sources.loop.id)!.lastErrorCode).toBe('redirect-loop');
    expect(byId.get(sources.xxe.id)!.lastErrorCode).toBe('doctype-forbidden');
    expect(byId.get(sources.truncated.id)!.lastErrorCode).toBe('truncated');
    const stored = await db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM articles WHERE source_id = $1',
      [sources.good.id],
    );
    expect(Number(stored.rows[0]!.n)).toBeGreaterThan(0);
    // Failed sources are due again later, with a backoff, and no lease is left behind.
    const leases = await db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM sources WHERE lease_owner IS NOT NULL OR next_fetch_at <= now()',
    );
    expect(Number(leases.rows[0]!.n)).toBe(0);
  });

  it('never lets two schedulers ingest the same source for one due time', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 8; n++) {
      ids.push((await addSource(db, { host: `wire${n}.example`, feedUrl: `${base}/slow/${n}` })).id);
    }
    const collector = collect(8);
    const common = {
      db,
      fetcher: httpFeedFetcher(),
      politeness: new HostPoliteness({ minGapMs: 0 }),
      tagIndex,
      intervalMs: 10,
      concurrency: 2,
      onResult: collector.onResult,
    };
    const a = startIngestScheduler({ ...common, leaseOwner: 'worker-a' });
    const b = startIngestScheduler({ ...common, leaseOwner: 'worker-b' });
    await collector.done;
    // Give both loops time to (wrongly) pick a source again.
    await new Promise((r) => setTimeout(r, 150));
    await Promise.all([a.stop(), b.stop()]);

    expect(collector.results).toHaveLength(8);
    expect(new Set(collector.results.map((r) => r.sourceId))).toEqual(new Set(ids));
    for (let n = 0; n < 8; n++) expect(hits.get(`/slow/${n}`)).toBe(1);
    const articles = await db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM articles WHERE source_id = ANY($1::int[])',
      [ids],
    );
    expect(Number(articles.rows[0]!.n)).toBe(8);
  });

  it('starts one source at a time while the event loop has no headroom, a few at a time when it has', async () => {
    const ids: number[] = [];
    for (let n = 60; n < 66; n++)
      ids.push((await addSource(db, { host: `wire${n}.example`, feedUrl: `${base}/slow/${n}` })).id);
    const run = async (roomy: boolean) => {
      // Only these six are due: earlier tests' sources (failing ones among them) would take leases too.
      await db.query(
        `UPDATE sources SET next_fetch_at = CASE WHEN id = ANY($1::int[]) THEN now() - interval '1 minute'
           ELSE now() + interval '1 day' END`,
        [ids],
      );
      slowMostAtOnce = 0;
      const collector = collect(6);
      const scheduler = startIngestScheduler({
        db,
        fetcher: httpFeedFetcher(),
        // All six answer from one loopback host: its politeness must not be what caps them.
        politeness: new HostPoliteness({ minGapMs: 0, maxPerHost: 6 }),
        tagIndex,
        // Only the start and each source's end look for work: each look's lease is what is measured.
        intervalMs: 60_000,
        concurrency: 6,
        headroom: { wait: async () => roomy },
        onResult: collector.onResult,
      });
      await collector.done;
      await scheduler.stop();
      return slowMostAtOnce;
    };
    // A busy loop: the gate gave up waiting, so one source fetching at a time.
    expect(await run(false)).toBe(1);
    // Room on the loop: a few per look (the lease step), not every free slot at once.
    const roomy = await run(true);
    expect(roomy).toBeGreaterThanOrEqual(3);
    expect(roomy).toBeLessThan(6);
  });

  it('on PostgreSQL fetches the next sources while a batch is being stored, at most one batch ahead', async () => {
    // PGlite keeps one batch's feeds in flight: its one connection serves the web requests too, and
    // parsing between a batch's statements would hold them longer.
    for (const [kind, first, ahead] of [
      ['postgres', 10, 3],
      ['pglite', 30, 1],
    ] as const) {
      hits.clear();
      const ids: number[] = [];
      for (let n = first; n < first + 6; n++) {
        ids.push((await addSource(db, { host: `wire${n}.example`, feedUrl: `${base}/slow/${n}` })).id);
      }
      // The store waits until the test opens the gate: every batch is held while the loop goes on.
      let open!: () => void;
      const gate = new Promise<void>((r) => {
        open = r;
      });
      const collector = collect(6);
      const scheduler = startIngestScheduler({
        db: gatedDatabase(db, gate, kind),
        fetcher: httpFeedFetcher(),
        politeness: new HostPoliteness({ minGapMs: 0 }),
        tagIndex,
        intervalMs: 10,
        concurrency: 1,
        batchFeeds: 2,
        onResult: collector.onResult,
      });
      const fetched = () => [...hits.keys()].filter((path) => path.startsWith('/slow/')).length;
      // One fetch at a time, yet on PostgreSQL a parsed feed waiting for its batch frees the slot: 3
      // sources (the one fetched last and `batchFeeds` waiting) are fetched while nothing could be
      // stored, and no more.
      for (let i = 0; i < 100 && fetched() < ahead; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 150));
      expect(fetched()).toBe(ahead);
      expect(collector.results).toHaveLength(0);
      open();
      await collector.done;
      await scheduler.stop();
      expect(new Set(collector.results.map((r) => r.sourceId))).toEqual(new Set(ids));
      expect(collector.results.every((r) => r.status === 'ok')).toBe(true);
      const articles = await db.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM articles WHERE source_id = ANY($1::int[])',
        [ids],
      );
      expect(Number(articles.rows[0]!.n)).toBe(6);
    }
  });

  it('leases at most the number of sources asked for, the most overdue first', async () => {
    const ids: number[] = [];
    for (let n = 20; n < 28; n++) {
      ids.push((await addSource(db, { host: `wire${n}.example`, feedUrl: `${base}/slow/${n}` })).id);
    }
    const now = new Date(Date.now() + 1000);
    const taken: number[] = [];
    for (const limit of [1, 2, 1, 3]) {
      const leased = await leaseDueSources(db, { owner: 'one', limit, now, leaseMs: 60_000 });
      expect(leased).toHaveLength(limit);
      taken.push(...leased.map((s) => s.id));
    }
    expect(taken).toEqual(ids.slice(0, 7));
    expect(
      (await leaseDueSources(db, { owner: 'two', limit: 5, now, leaseMs: 60_000 })).map((s) => s.id),
    ).toEqual([ids[7]]);
  });

  it('leases no more sources of one host than asked for, counting those already in flight', async () => {
    const now = new Date(Date.now() + 1000);
    const at = (ms: number) => new Date(now.getTime() - 10_000 + ms);
    const add = (host: string, feedUrl: string, ms: number) =>
      addSource(db, { host, feedUrl, nextFetchAt: at(ms) }).then((s) => s.id);
    const a = [
      await add('busy.example', 'https://Busy.example/1.xml', 0),
      await add('busy.example', 'https://busy.example/2.xml', 1),
      await add('busy.example', 'https://busy.example/3.xml', 2),
    ];
    const b = [
      await add('other.example', 'http://other.example:8080/1.xml', 3),
      await add('other.example', 'http://other.example:8080/2.xml', 4),
    ];
    const local = await add('local.example', 'demo:feeds/capped-never.xml', 5);
    const first = await leaseDueSources(db, {
      owner: 'one',
      limit: 10,
      now,
      leaseMs: 60_000,
      perHost: 2,
      busyHosts: new Map([['other.example', 1]]),
    });
    // Two of the busy host (its third waits), one more of the host with one in flight, and local files uncapped.
    expect(first.map((s) => s.id)).toEqual([a[0], a[1], b[0], local]);
    const second = await leaseDueSources(db, { owner: 'one', limit: 10, now, leaseMs: 60_000, perHost: 2 });
    expect(second.map((s) => s.id)).toEqual([a[2], b[1]]);
  });

  it("leases a host's backlog ahead of a lone feed due as early, but not ahead of one overdue by longer than the backlog's gaps", async () => {
    const now = new Date(Date.now() + 1000);
    const at = (ms: number) => new Date(now.getTime() - 60_000 + ms);
    const add = (host: string, path: string, ms: number) =>
      addSource(db, { host, feedUrl: `https://${host}/${path}`, nextFetchAt: at(ms) }).then((s) => s.id);
    const lone = await add('lone.example', 'feed.xml', 0);
    const queue = [
      await add('queue.example', '1.xml', 1),
      await add('queue.example', '2.xml', 2),
      await add('queue.example', '3.xml', 3),
      await add('queue.example', '4.xml', 4),
    ];
    const early = await add('early.example', 'feed.xml', -5_000);
    const options = { limit: 2, now, leaseMs: 60_000, perHost: 1, hostGapMs: 1000 } as const;
    // The queue's first feed would wait 3 gaps behind itself; the lone feed due 1 ms before it can wait;
    // the feed overdue by 5 s (more than the 3 s of gaps) cannot.
    const first = await leaseDueSources(db, { ...options, owner: 'one' });
    expect(first.map((s) => s.id)).toEqual([early, queue[0]]);
    // By due time alone (no gap given) the lone feed goes before the queue.
    const second = await leaseDueSources(db, {
      ...options,
      owner: 'one',
      hostGapMs: 0,
      busyHosts: new Map([['queue.example', 1]]),
    });
    expect(second.map((s) => s.id)).toEqual([lone]);
  });

  it("fetches other hosts' feeds while a host's own feeds wait for their turn", async () => {
    // Four feeds of one host, due first, and one of another host due last; the politeness lets one
    // request per host run. Leasing by due time alone filled every slot with the first host's feeds.
    const busy = [];
    for (let n = 40; n < 44; n++) {
      busy.push(
        await addSource(db, {
          host: `wire${n}.example`,
          feedUrl: `${base}/slow/${n}`,
          nextFetchAt: new Date(Date.now() - 60_000 + n),
        }),
      );
    }
    const other = await addSource(db, { host: 'wire50.example', feedUrl: `${otherBase}/slow/50` });
    const collector = collect(5);
    const scheduler = startIngestScheduler({
      db,
      fetcher: httpFeedFetcher(),
      politeness: new HostPoliteness({ minGapMs: 0, maxPerHost: 1 }),
      tagIndex,
      concurrency: 3,
      leaseOwner: 'test-hosts',
      intervalMs: 20,
      onResult: collector.onResult,
    });
    await collector.done;
    await scheduler.stop();
    // The other host's feed is asked for among the first two requests (not after the busy host's queue);
    // the order of the results depends on how the stored batches fell (PostgreSQL), the requests' does not.
    expect(hitOrder.slice(0, 2)).toContain('/slow/50');
    expect(new Set(collector.results.map((r) => r.sourceId))).toEqual(
      new Set([...busy.map((s) => s.id), other.id]),
    );
  });

  it('leases a source to one owner until the lease expires', async () => {
    const source = await addSource(db, { host: 'lease.example', feedUrl: `${base}/good.xml?lease` });
    const now = new Date(Date.now() + 1000);
    const first = await leaseDueSources(db, { owner: 'one', limit: 10, now, leaseMs: 60_000 });
    expect(first.map((s) => s.id)).toEqual([source.id]);
    expect(await leaseDueSources(db, { owner: 'two', limit: 10, now, leaseMs: 60_000 })).toEqual([]);
    const later = new Date(now.getTime() + 61_000);
    const taken = await leaseDueSources(db, { owner: 'two', limit: 10, now: later, leaseMs: 60_000 });
    expect(taken.map((s) => s.id)).toEqual([source.id]);
  });
});
