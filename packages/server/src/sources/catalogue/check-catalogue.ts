/**
 * `npm run cli -- sources check` (issue 44): fetches every catalogue entry once and reports its health, so an
 * operator with a network sees the dead entries to replace (`docs/decisions/real-world.md` says how). Polite:
 * a few fetches at once, at most two per host with the usual gap, and conditional: the validators and item
 * counts of the last check are kept in a small file, so a second check of an unchanged feed costs a 304.
 * It needs no database, so it runs beside a running server.
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fetchFeed } from '../../ingest/feeds/fetch-feed.js';
import { HostPoliteness } from '../../ingest/feeds/host-politeness.js';
import { parseFeed } from '../../ingest/feeds/parse-feed.js';
import type { CatalogueEntry } from './load-catalogue.js';

/** How many feeds are fetched at once (different hosts; one host's fetches also wait for their turn). */
export const CHECK_CONCURRENCY = 8;

/** The health of one entry. */
export interface CatalogueCheck {
  /** The feed. */
  url: string;
  /** Its title in the catalogue. */
  title: string;
  /** Its kind. */
  kind: CatalogueEntry['kind'];
  /** `ok`, `not-modified` (304: as at the last check) or `error`. */
  state: 'ok' | 'not-modified' | 'error';
  /** HTTP status, when an answer came. */
  status: number | null;
  /** Time to the answer (ms). */
  latencyMs: number;
  /** Items in the feed (for a 304, as counted at the last check). */
  items: number | null;
  /** The newest item's date (ISO), if any. */
  lastItemAt: string | null;
  /** What went wrong. */
  error: string | null;
  /** The URL it moved to, after a permanent redirect. */
  movedTo: string | null;
}

interface CachedCheck {
  etag: string | null;
  lastModified: string | null;
  items: number | null;
  lastItemAt: string | null;
}

/** Options of {@link checkCatalogue}. */
export interface CheckCatalogueOptions {
  /** The fetch to use (tests; the CLI passes the production-guarded one). */
  fetch?: typeof fetch;
  /** User-Agent. */
  userAgent?: string;
  /** A JSON file keeping the last check's validators, for conditional requests (none: not kept). */
  cacheFile?: string;
  /** Fetches at once (default {@link CHECK_CONCURRENCY}). */
  concurrency?: number;
  /** Time limit per fetch (ms). */
  timeoutMs?: number;
  /** Called as each entry is checked (progress). */
  onChecked?: (check: CatalogueCheck, done: number, total: number) => void;
  /** The gap between two fetches of one host (default HostPoliteness's). */
  hostGapMs?: number;
}

function readCache(file: string | undefined): Record<string, CachedCheck> {
  if (!file || !existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, CachedCheck>;
  } catch {
    return {};
  }
}

/**
 * Checks every entry, in catalogue order, and answers one line each.
 * @example
 * const checks = await checkCatalogue(loadCatalogue(), { cacheFile: '.data/catalogue-check.json' });
 */
export async function checkCatalogue(
  entries: readonly CatalogueEntry[],
  options: CheckCatalogueOptions = {},
): Promise<CatalogueCheck[]> {
  const cache = readCache(options.cacheFile);
  const politeness = new HostPoliteness(
    options.hostGapMs === undefined ? {} : { minGapMs: options.hostGapMs },
  );
  const results: CatalogueCheck[] = new Array(entries.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const entry = entries[index]!;
      const result = await checkOne(entry, cache[entry.url], politeness, options);
      results[index] = result.check;
      if (result.cache) cache[entry.url] = result.cache;
      options.onChecked?.(result.check, ++done, entries.length);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? CHECK_CONCURRENCY, entries.length) }, worker),
  );
  if (options.cacheFile) writeFileSync(options.cacheFile, `${JSON.stringify(cache)}\n`);
  return results;
}

async function checkOne(
  entry: CatalogueEntry,
  cached: CachedCheck | undefined,
  politeness: HostPoliteness,
  options: CheckCatalogueOptions,
): Promise<{ check: CatalogueCheck; cache?: CachedCheck }> {
  const started = performance.now();
  const fetched = await fetchFeed(entry.url, {
    politeness,
    etag: cached?.etag ?? null,
    lastModified: cached?.lastModified ?? null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const base = {
    url: entry.url,
    title: entry.title,
    kind: entry.kind,
    latencyMs: Math.round(performance.now() - started),
    movedTo: null,
  };
  if (fetched.kind === 'not-modified') {
    return {
      check: {
        ...base,
        state: 'not-modified',
        status: 304,
        items: cached?.items ?? null,
        lastItemAt: cached?.lastItemAt ?? null,
        error: null,
      },
    };
  }
  if (fetched.kind === 'error') {
    const status = /^http-(\d{3})$/.exec(fetched.code);
    return {
      check: {
        ...base,
        state: 'error',
        status: status ? Number(status[1]) : null,
        items: null,
        lastItemAt: null,
        error: `${fetched.code}: ${fetched.message}`,
      },
    };
  }
  const parsed = parseFeed(fetched.body, { baseUrl: fetched.finalUrl });
  const movedTo = fetched.permanentRedirect ? fetched.finalUrl : null;
  if (parsed.kind === 'error') {
    return {
      check: {
        ...base,
        movedTo,
        state: 'error',
        status: fetched.status,
        items: null,
        lastItemAt: null,
        error: `${parsed.code}: ${parsed.message}`,
      },
    };
  }
  const dated = parsed.feed.items.filter((i) => i.dateFlag === 'ok').map((i) => i.publishedAt.getTime());
  const lastItemAt = dated.length ? new Date(Math.max(...dated)).toISOString() : null;
  const items = parsed.feed.items.length;
  return {
    check: { ...base, movedTo, state: 'ok', status: fetched.status, items, lastItemAt, error: null },
    cache: { etag: fetched.etag, lastModified: fetched.lastModified, items, lastItemAt },
  };
}
