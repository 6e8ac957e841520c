/**
 * The chat embed's pages (issue 14): `/embed/chat`, the page inside the iframe that `chat.js` mounts on
 * partner pages, and `/embed/chat/signin`, the popup where a member signs in for it. Both load the
 * embed's Preact bundle (`chat-frame.js`, built with the other embeds) and read their options from
 * their own URL; nothing of the request is written into the HTML.
 *
 * Framing: only this page may be framed, and only by the product itself and the partner origins of
 * CHAT_EMBED_ORIGINS (`frame-ancestors`); every other page keeps `frame-ancestors 'self'` and
 * X-Frame-Options. A `parent` that is not one of those origins gets a refusal page (the loader shows
 * its fallback). The popup drops Cross-Origin-Opener-Policy: with `same-origin` the browser would cut
 * its link to the frame that opened it (a cross-origin top-level page), and the code could not reach it.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { type CspConfig, cspDirectives } from '../http/security.js';

/** Path of the page inside the iframe. */
export const CHAT_EMBED_PATH = '/embed/chat';
/** Path of the sign-in popup. */
export const CHAT_EMBED_SIGNIN_PATH = '/embed/chat/signin';
/** The frame bundle's unversioned name in the widgets folder. */
export const CHAT_FRAME_BUNDLE = 'chat-frame.js';

/** Options of {@link chatEmbedPageRoutes}. */
export interface ChatEmbedPageOptions {
  config: CspConfig & Pick<ServerConfig, 'chatEmbedOrigins' | 'publicOrigin' | 'widgetsDir'>;
}

/** `fetchSrc` → `fetch-src`. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A Content-Security-Policy header value from directives (null ones left out). */
function serializeCsp(directives: Record<string, string[] | null>): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join(';');
}

/**
 * The policy of the iframe page: the product's own, with the partner origins added to
 * `frame-ancestors`.
 *
 * @example
 * ```ts
 * chatEmbedCsp({ production: false }, ['https://partner.example']); // "...;frame-ancestors 'self' https://partner.example;..."
 * ```
 */
export function chatEmbedCsp(config: CspConfig, origins: readonly string[]): string {
  return serializeCsp({ ...cspDirectives(config), frameAncestors: ["'self'", ...origins] });
}

/** The bundle's URL: the fingerprinted copy named in manifest.json when built, else the plain name. */
function bundleUrl(widgetsDir: string): string {
  const manifest = join(widgetsDir, 'manifest.json');
  if (existsSync(manifest)) {
    try {
      const names = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
      if (names[CHAT_FRAME_BUNDLE]) return `/widgets/${names[CHAT_FRAME_BUNDLE]}`;
    } catch {
      // A half-written manifest during a build: the plain name works too.
    }
  }
  return `/widgets/${CHAT_FRAME_BUNDLE}`;
}

function page(title: string, script: string | null, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${script ? `<script src="${script}" defer></script>\n` : ''}</head>
<body>
${body}
</body>
</html>
`;
}

/** The origin a parameter names, or null when it is not an http(s) origin. */
function originOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** Registers the two pages. */
export async function chatEmbedPageRoutes(
  app: FastifyInstance,
  options: ChatEmbedPageOptions,
): Promise<void> {
  const { config } = options;
  const csp = chatEmbedCsp(config, config.chatEmbedOrigins);
  let script: string | undefined;

  const send = (reply: FastifyReply, status: number, html: string) => {
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    return reply.send(html);
  };

  app.get(
    CHAT_EMBED_PATH,
    async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply) => {
      // The security headers were set on the raw response in onRequest; this route overrides them.
      reply.raw.setHeader('content-security-policy', csp);
      reply.raw.removeHeader('x-frame-options');
      const parent = originOf(request.query.parent);
      const own = `${request.protocol}://${request.host}`;
      const allowed =
        parent !== null &&
        (parent === own || parent === config.publicOrigin || config.chatEmbedOrigins.includes(parent));
      if (!allowed) {
        return send(
          reply,
          403,
          page('SportSpyder chat', null, '<main><h1>This site may not embed SportSpyder chat.</h1></main>'),
        );
      }
      script ??= bundleUrl(config.widgetsDir);
      return send(reply, 200, page('SportSpyder chat', script, '<div id="sportspyder-chat"></div>'));
    },
  );

  app.get(CHAT_EMBED_SIGNIN_PATH, async (_request, reply) => {
    reply.raw.removeHeader('cross-origin-opener-policy');
    script ??= bundleUrl(config.widgetsDir);
    return send(
      reply,
      200,
      page('Sign in to chat · SportSpyder', script, '<div id="sportspyder-chat"></div>'),
    );
  });
}
