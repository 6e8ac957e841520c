/**
 * The embeds at `/widgets/` (the built `packages/widgets/dist`) and the cross-origin rules they need:
 * publisher pages on other sites load the script and call the public headline list. Each embed is at a
 * moving URL (`/widgets/headline.js`, cached for a day) and at its release's immutable one
 * (`/widgets/v{version}/headline.js`, cached for a year; its sha384 is in the widgets README and in
 * `/widgets/integrity.json`, which the site's embed configurator reads).
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Public, credential-free calls the embeds make from other origins. Only these answer CORS, and with
 * `*` (never with credentials), so a third-party page can read headlines and episodes but nothing of a
 * member: a team's articles (headline.js), one episode and one podcast (player.js).
 */
const EMBED_API = /^\/api\/v1\/(teams\/[^/?]+\/articles|podcast_episodes\/\d+|podcasts\/\d+)(\?|$)/;

/**
 * Files a publisher page loads from the product as media or images (the player embed's demo audio and
 * artwork): helmet's same-origin resource policy would block them there.
 */
const EMBED_MEDIA = /^\/(demo\/audio|logos)\//;

/** A release's files never change, so browsers and CDNs may keep them for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the widgets build writes in `dist/integrity.json`: the package version and each embed's sha384. */
export interface WidgetsIntegrity {
  version: string;
  files: Record<string, string>;
}

/** The built embeds' version and hashes, or undefined before a build wrote them (or mid-build). */
export function readWidgetsIntegrity(widgetsDir: string): WidgetsIntegrity | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(widgetsDir, 'integrity.json'), 'utf8')) as WidgetsIntegrity;
    return typeof parsed.version === 'string' && parsed.files ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True for a fingerprinted file name such as `headline.3f9a1c2b.js`, or its compressed copy
 * (`headline.3f9a1c2b.js.br`, `.gz`), which is what `setHeaders` is given when that copy is sent.
 */
function isVersioned(path: string): boolean {
  return /\.[0-9a-f]{8,}\.js(\.br|\.gz)?$/.test(path);
}

/**
 * The moving files' cache: a day for the embeds; five minutes for `integrity.json`, which the site's
 * embed configurator reads to write snippets naming the current release (a stale copy would name the
 * previous one, still served by CDNs but no longer by this server).
 */
function widgetsCacheControl(path: string): string {
  if (isVersioned(path)) return IMMUTABLE;
  return /\/integrity\.json(\.br|\.gz)?$/.test(path) ? 'public, max-age=300' : 'public, max-age=86400';
}

/** Serves the embeds from `widgetsDir` (when built) and opens the embed API to other origins. */
export async function registerWidgets(app: FastifyInstance, widgetsDir: string): Promise<void> {
  // onSend runs for error replies too (404 "Team not found", 429): the embed must be able to read them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && EMBED_API.test(request.url)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    } else if (request.method === 'GET' && EMBED_MEDIA.test(request.url)) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    return payload;
  });

  if (!existsSync(widgetsDir)) return;
  await registerVersionedWidgets(app, widgetsDir);
  await app.register(fastifyStatic, {
    root: widgetsDir,
    prefix: '/widgets/',
    decorateReply: false,
    cacheControl: false,
    // The build writes `x.br` and `x.gz` beside each file (scripts/precompress-assets.mjs).
    preCompressed: true,
    setHeaders(res, path) {
      // Pasted snippets use the unversioned URL, so it must update within a day; the versioned copy
      // (named in manifest.json) never changes.
      res.setHeader('cache-control', widgetsCacheControl(path));
      res.setHeader('vary', 'Accept-Encoding');
      // Helmet's same-origin default would stop publisher pages on other sites from running the script.
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
      res.setHeader('access-control-allow-origin', '*');
    },
  });
}

/**
 * `/widgets/v{version}/{file}`: the release's embeds (headline.js, player.js, chat.js, ...) under the
 * version of the built package, cached for good. Only the files named in `integrity.json` are served
 * there, the ones whose sha384 the package README lists for that version; other versions answer 404
 * (the server carries one release of the embeds).
 */
async function registerVersionedWidgets(app: FastifyInstance, widgetsDir: string): Promise<void> {
  const integrity = readWidgetsIntegrity(widgetsDir);
  if (!integrity) return;
  const files = new Set(Object.keys(integrity.files));
  await app.register(fastifyStatic, {
    root: widgetsDir,
    prefix: `/widgets/v${integrity.version}/`,
    decorateReply: false,
    cacheControl: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => files.has(pathName.replace(/^\//, '')),
    setHeaders(res) {
      res.setHeader('cache-control', IMMUTABLE);
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
      // Also what lets a page check the `integrity` attribute: SRI on a cross-origin script needs CORS.
      res.setHeader('access-control-allow-origin', '*');
    },
  });
}
