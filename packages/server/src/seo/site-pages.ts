/**
 * The site's index.html with each page's own head (issue 46): what the not-found handler of
 * `http/static-site.ts` and the home route send for every page of the site. The body stays the
 * client-rendered shell; only the head is the server's, with the page's preloads (its code and its
 * first screen's API reads, `page-preloads.ts`). Rendered pages are kept in memory for
 * {@link HEAD_TTL_MS} per origin, path and status; the file is read again when its mtime changes.
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Queryable } from '../db/database.js';
import { cachedResponse, ResponseCache } from '../http/response-cache.js';
import { matchSitePath } from '../http/site-path-status.js';
import { describePage, notFoundHead } from './describe-page.js';
import { firstScreenReads } from './first-screen-reads.js';
import { injectHead, type PageHead } from './page-head.js';
import {
  injectPreloads,
  type PagePreloads,
  type RoutePreloadTable,
  readRoutePreloads,
  renderPreloadTags,
} from './page-preloads.js';
import { cachedAnswer, siteOrigin } from './seo-cache.js';

/** How long a page's head is reused, in ms (titles change when an entity is renamed, rarely). */
export const HEAD_TTL_MS = 60_000;

/** Memory for rendered pages (each is the index.html plus a head, about 2 KB). */
const HEAD_CACHE_BYTES = 8 * 1024 * 1024;

/** How often the file's mtime is checked, in ms. */
const FILE_CHECK_MS = 2_000;

/** Renders the site's pages with their heads. */
export class SitePages {
  private readonly cache = new ResponseCache({ ttlMs: HEAD_TTL_MS, maxBytes: HEAD_CACHE_BYTES });
  private file: { html: string; mtimeMs: number; checkedAt: number } | null = null;
  /** The build's code preloads per route, read with each new index.html (one build writes both). */
  private routeFiles: RoutePreloadTable = {};

  constructor(
    private readonly db: Queryable,
    private readonly config: ServerConfig,
    private readonly siteDir: string,
  ) {}

  /** The index.html, read again when it changed on disk (a new build). */
  private async indexHtml(): Promise<string> {
    const now = Date.now();
    if (this.file && now - this.file.checkedAt < FILE_CHECK_MS) return this.file.html;
    const path = join(this.siteDir, 'index.html');
    const { mtimeMs } = await stat(path);
    if (this.file && this.file.mtimeMs === mtimeMs) {
      this.file.checkedAt = now;
      return this.file.html;
    }
    const html = await readFile(path, 'utf8');
    this.routeFiles = await readRoutePreloads(this.siteDir);
    if (this.file) this.cache.invalidateAll();
    this.file = { html, mtimeMs, checkedAt: now };
    return html;
  }

  /**
   * The page at the request's path as HTML, for `status` (from `sitePathStatus`): a 404 gets the
   * generic not-found head, and so does a page whose row vanished between the two reads.
   */
  async render(request: FastifyRequest, status: number): Promise<Buffer> {
    const html = await this.indexHtml();
    const origin = siteOrigin(this.config, request);
    const mark = request.url.indexOf('?');
    const path = mark === -1 ? request.url : request.url.slice(0, mark);
    const search = mark === -1 ? '' : request.url.slice(mark + 1);
    const query = new URLSearchParams(search);
    const q = path.toLowerCase().startsWith('/search') ? (query.get('q') ?? '') : '';
    const key = `${origin} ${status} ${path}${q ? `?q=${q}` : ''}`;
    const page = (head: PageHead, preloads?: PagePreloads) =>
      Buffer.from(
        injectHead(preloads ? injectPreloads(html, renderPreloadTags(preloads)) : html, head, origin),
        'utf8',
      );
    try {
      const answer = await cachedAnswer(this.cache, key, async () => {
        const head = status === 200 ? await describePage(this.db, path, query, origin) : null;
        if (!head) return cachedResponse(page(notFoundHead(path)), 'text/html; charset=utf-8');
        return cachedResponse(page(head, this.preloads(path, query, head)), 'text/html; charset=utf-8');
      });
      return answer.body;
    } catch {
      // The database failed: the page still goes out (as sitePathStatus lets it), with the product's
      // title, and nothing is cached.
      return page({ title: null, description: '', canonicalPath: '/', type: 'website', noindex: true });
    }
  }

  /**
   * What a page that exists preloads: its route's code, and its first screen's reads when the site
   * renders the page at this very path. A path the site redirects (another case, a renamed team, a
   * team under another sport) would read other URLs, and a preload nobody uses is a wasted request.
   */
  private preloads(path: string, query: URLSearchParams, head: PageHead): PagePreloads | undefined {
    const match = matchSitePath(path);
    if (!match) return undefined;
    const files = this.routeFiles[match.route] ?? { js: [], css: [] };
    const canonical = head.canonicalPath.split('?')[0];
    const reads = canonical === path ? firstScreenReads(match.route, match.params, query) : [];
    return { files, reads };
  }
}
