/**
 * The built site at `/` with an index.html fallback for client-side routes, and the not-found handler:
 * 405 with Allow for a known path asked with another method, JSON 404 under /api and the other server
 * prefixes, the SPA for every other GET/HEAD, with status 404 when the path is no page of the site or
 * names nothing that exists (`site-path-status.ts`).
 * @module
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SitePages } from '../seo/site-pages.js';
import { NOT_FOUND, sendErrors } from './errors.js';
import { answerMethodNotAllowed } from './method-not-allowed.js';
import { sitePathStatus } from './site-path-status.js';

/** Path prefixes the server owns: never answered with the site's index.html. */
export const SERVER_PREFIXES = [
  '/api',
  '/cable',
  '/widgets',
  '/logos',
  '/rss',
  '/demo',
  '/healthz',
  // Crawlers' files (seo/seo-routes.ts).
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps',
] as const;

/** True when `path` is under one of {@link SERVER_PREFIXES}. */
export function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const MISSING_SITE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SportSpyder</title></head>
<body><h1>SportSpyder</h1><p>The site is not built yet. Run <code>npm run build</code>, then restart the server.</p>
<p>The API is up: <a href="/api/v1/sports">/api/v1/sports</a>.</p></body></html>
`;

/**
 * Registers static files of `siteDir` (when it exists) and the not-found handler; with `sitePages`
 * (seo/site-pages.ts) each page's index.html carries its own head.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  siteDir: string,
  sitePages?: SitePages | null,
): Promise<void> {
  const hasSite = existsSync(join(siteDir, 'index.html'));
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: siteDir,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      // The build writes `x.br` and `x.gz` beside each text file (scripts/precompress-assets.mjs): a client
      // that accepts them gets one, with the original's content type.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite fingerprints /assets/*: cache forever; everything else (index.html) revalidates.
        res.setHeader(
          'cache-control',
          path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // Which copy was sent depends on Accept-Encoding (@fastify/static does not say so itself).
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A site page first: a page's address may also be an API-like route for another method (the
    // one-click `POST /email/subscriber/unsubscribe/:id` of RFC 8058 beside its page), and opening the
    // page is a GET that must not meet the 405 below.
    if ((request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path)) {
      // The same page either way (the site shows its own not-found page); the status tells crawlers.
      const status = await sitePathStatus(app.db, path);
      reply.code(status);
      if (hasSite && sitePages) {
        const html = await sitePages.render(request, status);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
      }
      if (hasSite) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(MISSING_SITE);
    }
    // A known path asked with another method: 405 with Allow, not a 404 (http/method-not-allowed.ts).
    const notAllowed = answerMethodNotAllowed(app, request, reply);
    if (notAllowed) return notAllowed;
    return sendErrors(reply, 404, NOT_FOUND);
  });
}
