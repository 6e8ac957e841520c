/**
 * The demo's made-up publications, served by the server itself. Demo articles link to `*.example` hosts
 * (a reserved TLD that never resolves), so with no network every article link was dead. Links of demo
 * articles leave the server as `<public origin>/demo/publishers/<host>/<path>` ({@link demoPublisherUrl},
 * applied once where articles are loaded), and {@link demoPublisherRoutes} renders a plain, readable
 * article page for them from the stored article. Real sources keep linking to their publishers. Demo
 * videos play the server's own player page (`demo-video-page.ts`).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.js';
import { DEMO_VIDEO_PATH } from './asset-urls.js';
import {
  DEMO_VIDEO_PLAYER_SCRIPT_PATH,
  type DemoVideoRow,
  demoVideoPage,
  demoVideoPlayerScript,
} from './demo-video-page.js';
import { DEMO_FEED_PREFIX } from './prepare-demo.js';

/** The site path under which the demo publications' article pages are served. */
export const DEMO_PUBLISHER_PATH = '/demo/publishers/';

/** SQL for "this article came from a demo feed", for a query that has the article as `a`. */
export const DEMO_ARTICLE_SQL = `EXISTS (SELECT 1 FROM sources ds WHERE ds.id = a.source_id AND ds.feed_url LIKE '${DEMO_FEED_PREFIX}%')`;

// The public origin the links are made absolute with (the headline embed shows them on other sites).
// Set once by the routes' registration; empty means site-relative links.
let publicOrigin = '';

/** Sets the origin demo publisher links are made absolute with (the configured public origin). */
export function setDemoPublisherOrigin(origin: string): void {
  publicOrigin = origin.replace(/\/+$/, '');
}

/**
 * Where a stored article link should point: a demo article on a `.example` host goes to the server's own
 * copy of the publication; anything else is returned unchanged.
 *
 * @example
 * demoPublisherUrl('https://gridiron-ledger.example/2026/11/a', true);
 * // 'https://sportspyder.example.org/demo/publishers/gridiron-ledger.example/2026/11/a'
 */
export function demoPublisherUrl(url: string, demo: boolean): string {
  if (!demo) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  // A demo channel's video names a YouTube id that does not exist: it plays the server's own page.
  const videoId =
    parsed.hostname.replace(/^www\./, '') === 'youtube.com' ? parsed.searchParams.get('v') : null;
  if (videoId && VIDEO_ID.test(videoId)) return `${publicOrigin}${DEMO_VIDEO_PATH}${videoId}`;
  if (!parsed.hostname.endsWith('.example') || parsed.protocol !== 'https:') return url;
  return `${publicOrigin}${DEMO_PUBLISHER_PATH}${parsed.hostname}${parsed.pathname}${parsed.search}`;
}

// A YouTube-style video id (letters, digits, - and _).
const VIDEO_ID = /^[\w-]{6,20}$/;

interface PublisherRow {
  title: string;
  summary: string | null;
  author: string | null;
  published_at: Date | string;
  publication: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * The HTML page of one demo article: publication, headline, author, date and the summary as its body,
 * with a note that the publication is made up and a link back to SportSpyder. No script and no inline
 * style attribute, so it fits the server's Content-Security-Policy.
 *
 * @example
 * demoPublisherPage({ title: 'Packers win', summary: '...', author: null, published_at: new Date(), publication: 'Ledger' });
 */
export function demoPublisherPage(row: PublisherRow): string {
  const date = new Date(row.published_at);
  const day = date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const byline = row.author ? `By ${escapeHtml(row.author)} · ` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(row.title)} | ${escapeHtml(row.publication)}</title>
<style>
body{margin:0;font:18px/1.6 Georgia,serif;color:#1d1d1f;background:#fafaf7}
header,main,footer{max-width:42rem;margin:0 auto;padding:1rem 1.25rem}
header{border-bottom:2px solid #1d1d1f}
.masthead{font:700 1.4rem/1.2 system-ui,sans-serif;margin:0}
h1{font-size:2rem;line-height:1.2;margin:1rem 0 .5rem}
.meta{color:#4a4a4a;font:.95rem system-ui,sans-serif}
.note{background:#fff6d6;border:1px solid #c9a400;padding:.75rem 1rem;font:.95rem system-ui,sans-serif}
a{color:#0645ad}
</style>
</head>
<body>
<header><p class="masthead">${escapeHtml(row.publication)}</p></header>
<main>
<article>
<h1>${escapeHtml(row.title)}</h1>
<p class="meta">${byline}<time datetime="${date.toISOString()}">${day}</time></p>
${row.summary ? `<p>${escapeHtml(row.summary)}</p>` : ''}
</article>
<p class="note" role="note">${escapeHtml(row.publication)} is a made-up publication of the SportSpyder demo: this page is served by SportSpyder itself so the demo works with no network.</p>
</main>
<footer><p><a href="/">Back to SportSpyder</a></p></footer>
</body>
</html>
`;
}

/** Options of {@link demoPublisherRoutes}. */
export interface DemoPublisherRoutesOptions {
  db: Queryable;
  /** The configured public origin, for the absolute links {@link demoPublisherUrl} makes. */
  publicOrigin: string;
}

/**
 * Fastify plugin serving `GET /demo/publishers/<host>/<path>`: the page of the demo article stored as
 * `https://<host>/<path>`, 404 for anything else (a real source, a host outside `.example`).
 *
 * @example
 * await app.register(demoPublisherRoutes, { db, publicOrigin: config.publicOrigin });
 */
export async function demoPublisherRoutes(
  app: FastifyInstance,
  options: DemoPublisherRoutesOptions,
): Promise<void> {
  setDemoPublisherOrigin(options.publicOrigin);
  app.get<{ Params: { host: string; '*': string } }>(
    `${DEMO_PUBLISHER_PATH}:host/*`,
    async (request, reply) => {
      const { host } = request.params;
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const notFound = () => reply.code(404).type('text/plain').send('Not found');
      if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*\.example$/i.test(host)) return notFound();
      const { rows } = await options.db.query<PublisherRow>(
        `SELECT a.title, a.summary, a.author, a.published_at, d.name AS publication
       FROM articles a JOIN domains d ON d.id = a.domain_id
       WHERE a.url = $1 AND ${DEMO_ARTICLE_SQL}
       LIMIT 1`,
        [`https://${host}/${request.params['*']}${query}`],
      );
      const row = rows[0];
      if (!row) return notFound();
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/html; charset=utf-8')
        .send(demoPublisherPage(row));
    },
  );
  app.get<{ Params: { id: string } }>(`${DEMO_VIDEO_PATH}:id`, async (request, reply) => {
    const { id } = request.params;
    const notFound = () => reply.code(404).type('text/plain').send('Not found');
    if (!VIDEO_ID.test(id)) return notFound();
    const { rows } = await options.db.query<DemoVideoRow>(
      `SELECT a.title, s.title AS channel, a.image_url, a.duration
       FROM articles a JOIN sources s ON s.id = a.source_id
       WHERE a.url = $1 AND ${DEMO_ARTICLE_SQL}
       LIMIT 1`,
      [`https://www.youtube.com/watch?v=${id}`],
    );
    const row = rows[0];
    if (!row) return notFound();
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/html; charset=utf-8')
      .send(demoVideoPage(row));
  });
  app.get(DEMO_VIDEO_PLAYER_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(demoVideoPlayerScript()),
  );
}
