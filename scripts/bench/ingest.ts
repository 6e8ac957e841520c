// Ingest benchmark (issue 3 "Ingest", issue 15): runs the real pipeline (parseFeed, then ingestFeeds:
// tagging, clustering and storing, many feeds per transaction) on PGlite over a corpus of at least 20,000 items
// made by the demo generator; each batch is followed by `notePlannerWrites`, as in the FeedBatcher, and the
// feeds of a source stored in an earlier window are first read for what is stored (`dropStoredItems`, as
// `ingest-source.ts` does before a feed joins a batch; nothing is, so that read is pure cost). The
// corpus is the demo (seed 42) generated for several successive 15-day windows ("now", now - 15 days,
// ...): same sources and feed files, different stories, so nothing is a duplicate. Mastodon sources (JSON statuses, not feed XML) are left out. Feeds are ingested oldest
// window first, as a server fetching them over time would.
//
// Phases are timed separately: parse (every body, warm: after an untimed first pass), tag alone (tagArticle on every parsed item, for the
// breakdown only), and the store (ingestFeeds, which tags again, de-duplicates, clusters and stores). The
// pipeline time is parse + store; MB/s counts the feed bytes over it. Each phase is also timed in the
// process's CPU time (`process.cpuUsage()`), and the share of the ceiling is given on both: on a busy
// machine the CPU-time share moves least. Single-threaded (PGlite runs in this thread),
// so figures are per core; server.ts runs it under `taskset -c 0`.
//
// Corpus (`--corpus`): `headline`, the demo's feeds as generated (about 1 KB of XML per item), or
// `full`, the same feeds with every team blog's items carrying the whole post (see full-content.ts).
//
// Batches (`--batch`, default the scheduler's 32 feeds, closed at 400 items as on PGlite): the parsed
// feeds are stored with `ingestFeeds` a batch at a time, as the scheduler's FeedBatcher stores the
// feeds fetched together;
// `--batch=1` stores one feed per transaction with ingestFeed, as before batching.
//
// `--batch-items=2000` closes batches as the PostgreSQL workers' batcher does.
//
// Usage: npx tsx scripts/bench/ingest.ts [--items=20000] [--corpus=headline|full] [--batch=32]
//          [--batch-items=400] [--dir=.data-bench/ingest]
// Prints a report and, as the last line, `RESULT <json>` (see IngestResult) for server.ts.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFeed as feedsmithParse } from 'feedsmith';
import type { Queryable } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { PGliteDatabase } from '../../packages/server/src/db/pglite-database.js';
import { notePlannerWrites } from '../../packages/server/src/db/planner-statistics.js';
import { generateDemo } from '../../packages/server/src/demo/generate-demo.js';
import { DEMO_FEED_PREFIX, prepareDemo } from '../../packages/server/src/demo/prepare-demo.js';
import { type ParsedFeed, parseFeed } from '../../packages/server/src/ingest/feeds/parse-feed.js';
import {
  batchLength,
  DEFAULT_BATCH_FEEDS,
  PGLITE_BATCH_ITEMS,
} from '../../packages/server/src/ingest/pipeline/feed-batcher.js';
import type { IngestCounts } from '../../packages/server/src/ingest/pipeline/ingest-counts.js';
import {
  type FeedToStore,
  type IngestSource,
  ingestFeed,
} from '../../packages/server/src/ingest/pipeline/ingest-feed.js';
import { ingestFeeds } from '../../packages/server/src/ingest/pipeline/ingest-feeds.js';
import { loadTagIndex } from '../../packages/server/src/ingest/pipeline/load-tag-index.js';
import { loadSourceContext } from '../../packages/server/src/ingest/pipeline/source-context.js';
import { dropStoredItems } from '../../packages/server/src/ingest/pipeline/unstored-items.js';
import { tagArticle } from '../../packages/server/src/ingest/tagging/tag-article.js';
import { seed } from '../../packages/server/src/seed/seed.js';
import { withFullContent } from './full-content.js';

/** The corpus: the demo's feeds as generated, or with full posts in the team blogs' feeds. */
export type IngestCorpus = 'headline' | 'full';

/** What the ingest benchmark measured. */
export interface IngestResult {
  corpus: IngestCorpus;
  /** Average feed XML per stored item. */
  bytesPerItem: number;
  feeds: number;
  windows: number;
  bytes: number;
  parsedItems: number;
  inserted: number;
  duplicates: number;
  parseMs: number;
  tagMs: number;
  ingestMs: number;
  itemsPerSecond: number;
  mbPerSecond: number;
  /** feedsmith alone on the same bodies (warm, after each window's pipeline): the parser under parseFeed. */
  feedsmithMs: number;
  /** PGlite alone storing the stored rows again (see storeFloor), per stored item: all windows together. */
  storeFloorUsPerItem: number;
  /** Each window's floor, µs per stored item, in the order they ran. */
  storeFloorRunsUs: number[];
  /** Most feeds stored per transaction (batches also close at 400 items). */
  batchFeeds: number;
  /** Items after which a batch closes. */
  batchItems: number;
  /** Transactions the store took. */
  batches: number;
  /** Both ceilings together: parse at feedsmith's speed, then store at the floor (MB/s). */
  ceilingMbPerSecond: number;
  /** The pipeline's MB/s over that ceiling, measured in the same run (less sensitive to machine load). */
  ofCeiling: number;
  /** The same ratio on the process's CPU time (user + system) instead of wall time: least sensitive to load. */
  ofCeilingCpu: number;
  /** CPU time of the phases: parse, ingest, feedsmith alone, the store floor for the stored items. */
  cpuMs: { parse: number; ingest: number; feedsmith: number; storeFloor: number };
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  wasmHeapMb: number | null;
}

const DAY_MS = 86_400_000;

/** CPU time of this process so far (user + system), in ms. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function option(name: string, fallback: string): string {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}

async function readReference(db: Queryable) {
  const sports = await db.query<{ slug: string; name: string; isCollege: boolean }>(
    'SELECT slug, name, is_college AS "isCollege" FROM sports ORDER BY position, id',
  );
  const teams = await db.query<{
    slug: string;
    sportSlug: string;
    name: string;
    fullName: string;
    shortName: string;
    location: string;
  }>(
    `SELECT t.slug, s.slug AS "sportSlug", t.name, t.full_name AS "fullName", t.short_name AS "shortName",
            t.location FROM teams t JOIN sports s ON s.id = t.sport_id ORDER BY t.id`,
  );
  const topics = await db.query<{ slug: string; name: string }>(
    'SELECT slug, name FROM topics ORDER BY position, id',
  );
  return { sports: sports.rows, teams: teams.rows, topics: topics.rows };
}

/** One feed body of the corpus and the source it is read for. */
export interface CorpusFeed {
  source: IngestSource;
  body: string;
}

/**
 * The corpus on a database with the demo prepared (`prepareDemo`): the demo (seed 42) generated for
 * successive 15-day windows back from `now` until there are `items` items, oldest window first, each
 * window one body per non-Mastodon source (with full posts in the team blogs' feeds for `full`).
 * `extraWindows` more windows, older still, come first: a benchmark ingests them untimed to warm up.
 */
export async function buildCorpus(
  db: Queryable,
  options: { now: Date; items: number; corpus: IngestCorpus; extraWindows?: number },
): Promise<{ sources: IngestSource[]; windows: CorpusFeed[][] }> {
  const { rows: sources } = await db.query<IngestSource>(
    `SELECT id, domain_id AS "domainId", kind, feed_url AS "feedUrl", title, sport_id AS "sportId",
            topic_id AS "topicId" FROM sources`,
  );
  const byFile = new Map(sources.map((s) => [s.feedUrl.slice(DEMO_FEED_PREFIX.length), s]));
  const reference = await readReference(db);
  const windows: CorpusFeed[][] = [];
  let items = 0;
  let extra = 0;
  for (let k = 0; items < options.items || extra < (options.extraWindows ?? 0); k++) {
    if (items >= options.items) extra++;
    const demo = generateDemo({
      now: new Date(options.now.getTime() - k * 15 * DAY_MS),
      seed: 42,
      ...reference,
    });
    const feeds: CorpusFeed[] = [];
    for (const s of demo.sources) {
      const source = byFile.get(s.feedFile);
      if (s.kind === 'mastodon' || !source) continue;
      feeds.push({ source, body: options.corpus === 'full' ? withFullContent(s, 42 + k) : s.body });
      items += s.itemCount;
    }
    windows.unshift(feeds);
  }
  return { sources, windows };
}

/** The tables the floor writes (and vacuums after each window's floor). */
const FLOOR_TABLES = ['articles', 'article_teams', 'article_sports', 'article_topics', 'article_players'];

/**
 * How long PGlite alone takes to store the articles of one window again (those with an id above
 * `afterId`) with their tag rows: one `INSERT ... SELECT` per table (same columns, indexes, unique keys
 * and foreign keys as the pipeline's inserts, new ids and guids), in a transaction that is rolled back.
 * It is the cost of the rows themselves, the least any pipeline storing them in PGlite can spend.
 */
async function storeFloor(
  db: PGliteDatabase,
  afterId: number,
): Promise<{ items: number; ms: number; cpuMs: number }> {
  const shift = '1000000000000';
  const columns =
    'source_id, domain_id, kind, url, title, summary, author, image_url, published_at, spyder_at, ' +
    'youtube_id, duration, paywall, cluster_id, is_lead';
  await db.exec('BEGIN');
  try {
    const start = performance.now();
    const cpuStart = cpuMs();
    const { rows } = await db.query<{ n: number | string }>(
      `WITH copied AS (
         INSERT INTO articles (id, guid, canonical_url, ${columns})
         SELECT id + ${shift}, guid || '#floor', canonical_url || '#floor', ${columns} FROM articles
          WHERE id > ${afterId} RETURNING 1)
       SELECT count(*) AS n FROM copied`,
    );
    for (const [table, tag, extra] of [
      ['article_teams', 'team_id', ', kind, is_lead, source_id'],
      ['article_sports', 'sport_id', ', kind, is_lead'],
      ['article_topics', 'topic_id', ''],
      ['article_players', 'player_id', ''],
    ] as const) {
      await db.query(
        `INSERT INTO ${table} (article_id, ${tag}, published_at${extra})
         SELECT article_id + ${shift}, ${tag}, published_at${extra} FROM ${table} WHERE article_id > ${afterId}`,
      );
    }
    return { items: Number(rows[0]?.n ?? 0), ms: performance.now() - start, cpuMs: cpuMs() - cpuStart };
  } finally {
    await db.exec('ROLLBACK');
  }
}

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

/** Runs the ingest benchmark in a fresh PGlite folder under `dir`. */
export async function benchIngest(options: {
  dir: string;
  items: number;
  corpus?: IngestCorpus;
  /** Feeds stored per transaction (default: the scheduler's batch size; 1: one feed at a time). */
  batchFeeds?: number;
  /** Items after which a batch closes (default: PGlite's 400; PostgreSQL's batcher uses 2,000). */
  batchItems?: number;
}): Promise<IngestResult> {
  const dir = resolve(options.dir);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'pglite'), { recursive: true });
  // No vacuum rounds: a round (every minute on a server) would land by chance in the store's or the floor's
  // timing and move the share. The WAL checkpoints stay: they are part of what storing costs.
  const db = await PGliteDatabase.open({ dataDir: join(dir, 'pglite'), housekeeping: { vacuums: false } });
  try {
    await migrate(db);
    await seed(db);
    const now = new Date();
    await prepareDemo(db, { dataDir: dir, now });
    const { sources, windows } = await buildCorpus(db, {
      now,
      items: options.items,
      corpus: options.corpus ?? 'headline',
    });
    const tagIndex = await loadTagIndex(db);
    const corpus = windows.flat();
    const bytes = corpus.reduce((sum, f) => sum + Buffer.byteLength(f.body), 0);

    // Parsed once before the timed pass: a server parses feeds all day, and the ceiling below times
    // feedsmith warm, so the timed parse is warm too (cold, the first pass took about twice as long,
    // mostly compiling fast-xml-parser's and our code). That pass also feeds the tagging figure.
    const parsedOf = (feeds: CorpusFeed[]) => {
      const parsed: { source: IngestSource; feed: ParsedFeed }[] = [];
      for (const { source, body } of feeds) {
        const result = parseFeed(body, { baseUrl: source.feedUrl, now });
        if (result.kind === 'ok') parsed.push({ source, feed: result.feed });
      }
      return parsed;
    };
    const allParsed = parsedOf(corpus);
    const parsedItems = allParsed.reduce((sum, p) => sum + p.feed.items.length, 0);

    const contexts = new Map<number, Awaited<ReturnType<typeof loadSourceContext>>>();
    for (const s of sources) contexts.set(s.id, await loadSourceContext(db, s));
    const tagStart = performance.now();
    for (const { source, feed } of allParsed) {
      const context = contexts.get(source.id);
      for (const item of feed.items) {
        tagArticle(tagIndex, {
          title: item.title,
          summary: item.summary,
          sourceDefaultTeamIds: context?.defaultTeamIds ?? [],
          sourceSportSlug: context?.sportSlug ?? null,
        });
      }
    }
    const tagMs = performance.now() - tagStart;

    // The pipeline and its two ceilings, window by window: each window is parsed and stored, then
    // feedsmith parses the same bodies and PGlite stores the same rows again (the floor), so each part of
    // the share is timed within a minute of the other. Timed in turn over the whole run (pipeline, then
    // ceilings), the machine's speed moved between them: on one 2-core cloud machine, runs of the same
    // code gave shares from 36% to 62%, and feedsmith alone took from 2.1 to 3.0 s on the same bodies.
    // The floor's rolled-back rows are vacuumed away after each window (untimed), as a server's vacuum
    // rounds would, so the next window is stored into tables without them.
    let inserted = 0;
    let duplicates = 0;
    const batchFeeds = Math.max(1, options.batchFeeds ?? DEFAULT_BATCH_FEEDS);
    const batchItems = Math.max(1, options.batchItems ?? PGLITE_BATCH_ITEMS);
    let batches = 0;
    const timing = {
      parseMs: 0,
      parseCpuMs: 0,
      ingestMs: 0,
      ingestCpuMs: 0,
      feedsmithMs: 0,
      feedsmithCpuMs: 0,
    };
    const floors: Awaited<ReturnType<typeof storeFloor>>[] = [];
    const storedBefore = new Set<number>();
    for (const window of windows) {
      const parseStart = performance.now();
      const parseCpuStart = cpuMs();
      const parsed = parsedOf(window);
      timing.parseMs += performance.now() - parseStart;
      timing.parseCpuMs += cpuMs() - parseCpuStart;

      const { rows: before } = await db.query<{ id: number | string | null }>(
        'SELECT max(id) AS id FROM articles',
      );
      const afterId = Number(before[0]?.id ?? 0);
      const ingestStart = performance.now();
      const ingestCpuStart = cpuMs();
      // As the server does before a feed joins a batch (ingest-source.ts): a source that stored a feed
      // before first has what it stored dropped by a read (unstored-items.ts). Every item of the corpus is
      // new, so here that read is pure cost, and timed with the store.
      const toStore: FeedToStore[] = [];
      for (const { source, feed } of parsed) {
        if (!storedBefore.has(source.id)) toStore.push({ source, content: feed });
        else {
          const left = await dropStoredItems(db, { source, content: feed, now });
          duplicates += left.counts.duplicates;
          if (left.feed) toStore.push(left.feed);
        }
      }
      for (const { source } of parsed) storedBefore.add(source.id);
      for (let at = 0; at < toStore.length; ) {
        // Batches close as the server's batcher closes them on PGlite: 32 feeds or 400 items.
        const length = batchLength(toStore.slice(at, at + batchFeeds), batchFeeds, batchItems);
        const batch = toStore.slice(at, at + length);
        at += length;
        batches++;
        let stored: IngestCounts[];
        if (batchFeeds === 1) {
          // One feed per transaction, as before batching (for comparison: --batch=1).
          const { source, content } = batch[0]!;
          stored = [await ingestFeed(db, source, content, { tagIndex, now })];
        } else {
          const outcomes = await ingestFeeds(db, batch, { tagIndex, now });
          for (const o of outcomes) if (o.error) throw o.error;
          stored = outcomes.map((o) => o.counts);
        }
        const batchInserted = stored.reduce((sum, c) => sum + c.inserted, 0);
        await notePlannerWrites(db, batchInserted);
        inserted += batchInserted;
        duplicates += stored.reduce((sum, c) => sum + c.duplicates, 0);
      }
      timing.ingestMs += performance.now() - ingestStart;
      timing.ingestCpuMs += cpuMs() - ingestCpuStart;

      // Ceilings, to read the result against: the maintained parser with nothing of ours around it, and
      // the database with no round trip, de-duplication, clustering or JavaScript around it.
      const feedsmithStart = performance.now();
      const feedsmithCpuStart = cpuMs();
      for (const { body } of window) {
        try {
          feedsmithParse(body);
        } catch {
          // Counted like parseFeed's error values: the time is what matters here.
        }
      }
      timing.feedsmithMs += performance.now() - feedsmithStart;
      timing.feedsmithCpuMs += cpuMs() - feedsmithCpuStart;
      floors.push(await storeFloor(db, afterId));
      await db.exec(`VACUUM ${FLOOR_TABLES.join(', ')}`);
    }
    const { parseMs, parseCpuMs, ingestMs, ingestCpuMs, feedsmithMs, feedsmithCpuMs } = timing;
    const usPerItem = (f: { ms: number; items: number }) => Math.round((f.ms * 1000) / Math.max(1, f.items));
    const storeFloorRunsUs = floors.map(usPerItem);
    const floor = {
      items: floors.reduce((sum, f) => sum + f.items, 0),
      ms: floors.reduce((sum, f) => sum + f.ms, 0),
      cpuMs: floors.reduce((sum, f) => sum + f.cpuMs, 0),
    };

    const memory = process.memoryUsage();
    const heap = (db.pglite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.length;
    const totalSeconds = (parseMs + ingestMs) / 1000;
    const floorSeconds = (floor.ms / Math.max(1, floor.items)) * inserted;
    const ceilingMbPerSecond = bytes / 1_048_576 / ((feedsmithMs + floorSeconds) / 1000);
    const mbPerSecond = bytes / 1_048_576 / totalSeconds;
    // The same ratio on CPU time: the process's own seconds, not the seconds it waited for a core.
    const floorCpu = (floor.cpuMs / Math.max(1, floor.items)) * inserted;
    const ofCeilingCpu = (feedsmithCpuMs + floorCpu) / (parseCpuMs + ingestCpuMs);
    return {
      corpus: options.corpus ?? 'headline',
      bytesPerItem: Math.round(bytes / Math.max(1, inserted)),
      feeds: corpus.length,
      windows: windows.length,
      bytes,
      parsedItems,
      inserted,
      duplicates,
      parseMs: Math.round(parseMs),
      tagMs: Math.round(tagMs),
      ingestMs: Math.round(ingestMs),
      feedsmithMs: Math.round(feedsmithMs),
      storeFloorUsPerItem: usPerItem(floor),
      storeFloorRunsUs,
      itemsPerSecond: Math.round(inserted / totalSeconds),
      mbPerSecond: Math.round(mbPerSecond * 100) / 100,
      batchFeeds,
      batchItems,
      batches,
      ceilingMbPerSecond: Math.round(ceilingMbPerSecond * 100) / 100,
      ofCeiling: Math.round((mbPerSecond / ceilingMbPerSecond) * 100) / 100,
      ofCeilingCpu: Math.round(ofCeilingCpu * 100) / 100,
      cpuMs: {
        parse: Math.round(parseCpuMs),
        ingest: Math.round(ingestCpuMs),
        feedsmith: Math.round(feedsmithCpuMs),
        storeFloor: Math.round(floorCpu),
      },
      rssMb: mb(memory.rss),
      heapUsedMb: mb(memory.heapUsed),
      externalMb: mb(memory.external),
      wasmHeapMb: heap === undefined ? null : mb(heap),
    };
  } finally {
    await db.close();
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'));
if (isMain) {
  const result = await benchIngest({
    dir: option('dir', '.data-bench/ingest'),
    items: Number(option('items', '20000')),
    corpus: option('corpus', 'headline') === 'full' ? 'full' : 'headline',
    batchFeeds: Number(option('batch', String(DEFAULT_BATCH_FEEDS))),
    batchItems: Number(option('batch-items', String(PGLITE_BATCH_ITEMS))),
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `Ingest: ${result.feeds} feeds (${result.windows} windows), ${mb(result.bytes)} MB, ` +
      `${result.parsedItems} items parsed, ${result.inserted} stored (${result.duplicates} duplicates), ` +
      `corpus ${result.corpus}, ${result.bytesPerItem} bytes of XML per item`,
  );
  console.log(
    `parse ${s(result.parseMs)}, tag alone ${s(result.tagMs)}, store (ingestFeeds: tag+cluster+store) ${s(result.ingestMs)}`,
  );
  const ceiling = (mbPerSecond: number) => `${mbPerSecond.toFixed(1)} MB/s`;
  console.log(
    `ceilings: feedsmith alone ${ceiling(result.bytes / 1_048_576 / (result.feedsmithMs / 1000))}, ` +
      `PGlite storing the rows alone ${result.storeFloorUsPerItem} µs/item (windows: ${result.storeFloorRunsUs.join(', ')}) = ` +
      ceiling(result.bytesPerItem / 1_048_576 / (result.storeFloorUsPerItem / 1e6)),
  );
  console.log(
    `=> ${result.itemsPerSecond} items/s, ${result.mbPerSecond} MB/s of feed XML per core ` +
      `(${result.batches} transactions of up to ${result.batchFeeds} feeds and ${result.batchItems} items), ${Math.round(result.ofCeiling * 100)}% of the ` +
      `ceiling of both together (${result.ceilingMbPerSecond} MB/s); on CPU time ` +
      `${Math.round(result.ofCeilingCpu * 100)}%`,
  );
  console.log(`RESULT ${JSON.stringify(result)}`);
}
