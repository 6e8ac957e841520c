/**
 * The embeds at `/widgets/` (the built `packages/widgets/dist`) and the cross-origin rules they need:
 * publisher pages on other sites load the script and call the public headline list.
 * @module
 */
import { existsSync } from 'node:fs';
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

/** True for a fingerprinted file name such as `headline.3f9a1c2b.js`. */
function isVersioned(path: string): boolean {
  return /\.[0-9a-f]{8,}\.js$/.test(path);
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
  await app.register(fastifyStatic, {
    root: widgetsDir,
    prefix: '/widgets/',
    decorateReply: false,
    cacheControl: false,
    setHeaders(res, path) {
      // Pasted snippets use the unversioned URL, so it must update within a day; the versioned copy
      // (named in manifest.json) never changes.
      res.setHeader(
        'cache-control',
        isVersioned(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      );
      // Helmet's same-origin default would stop publisher pages on other sites from running the script.
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
      res.setHeader('access-control-allow-origin', '*');
    },
  });
}
