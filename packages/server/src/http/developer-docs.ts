/**
 * The developer docs at `/developers/`: the folder `npm run docs` writes (typedoc's reference of the
 * packages with the guides of `docs/guides/`), served as static files when it has been built. Before a
 * build, `/developers` answers 404 with a page saying how to build it (or the JSON error list to a
 * client that does not ask for HTML), rather than the site's not-found page, so a deployment that forgot
 * the docs is told so. typedoc's pages carry one small inline script (the theme, set before paint): its
 * sha256 joins the page's `script-src`, so the site's CSP stays strict without blocking it.
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND, sendErrors } from './errors.js';

/** Where the docs are served. */
export const DEVELOPER_DOCS_PREFIX = '/developers';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Developer docs - SportSpyder</title></head>
<body><main><h1>Developer docs</h1>
<p>The developer docs are not built on this server. Run <code>npm run docs</code>, then reload this page.</p>
<p>The API is described by <a href="/api/v1/sports">its endpoints</a> and the OpenAPI document in the repository
(<code>docs/openapi.json</code>).</p></main></body></html>
`;

/** The CSP source expressions (`'sha256-…'`) of the inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** `csp` with `sources` added to its `script-src` directive (unchanged when it has none). */
export function withScriptSources(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp;
  return csp.replace(/(^|;)(\s*script-src [^;]*)/, `$1$2 ${sources.join(' ')}`);
}

/**
 * Registers `/developers/` on `docsDir` (typedoc's output). Whether the docs are built is asked on every
 * request, not once at start: `npm start` builds them in the background when they are missing or stale
 * (scripts/start-docs.mjs), so they appear while the server runs and are served without a restart.
 */
export async function registerDeveloperDocs(app: FastifyInstance, docsDir: string): Promise<void> {
  const index = join(docsDir, 'index.html');
  const built = () => existsSync(index);
  // The folder the docs build writes; made now so the static files' root exists before the first build.
  try {
    mkdirSync(docsDir, { recursive: true });
  } catch {
    // A read-only deployment without docs: every request answers the not-built page.
  }
  // Every page of one typedoc build has the same inline script as its index; read again when a new
  // build replaces the index.
  let hashes = { mtimeMs: -1, sources: [] as string[] };
  const currentHashes = () => {
    const { mtimeMs } = statSync(index);
    if (mtimeMs !== hashes.mtimeMs)
      hashes = { mtimeMs, sources: inlineScriptHashes(readFileSync(index, 'utf8')) };
    return hashes.sources;
  };
  const notBuilt = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(request.headers.accept ?? '').includes('text/html')) return sendErrors(reply, 404, NOT_FOUND);
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(NOT_BUILT);
  };
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!built()) return notBuilt(request, reply);
    });
    await scope.register(fastifyStatic, {
      root: docsDir,
      prefix: `${DEVELOPER_DOCS_PREFIX}/`,
      redirect: true,
      decorateReply: false,
      cacheControl: false,
      setHeaders(res, path) {
        // Pages change with every docs build; their assets keep their names, so they revalidate hourly.
        res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
        const csp = res.getHeader('content-security-policy');
        if (path.endsWith('.html') && typeof csp === 'string') {
          res.setHeader('content-security-policy', withScriptSources(csp, currentHashes()));
        }
      },
    });
    // typedoc's pages link relatively, so the bare prefix must become the folder (with its slash).
    scope.get(DEVELOPER_DOCS_PREFIX, (_request, reply) => reply.redirect(`${DEVELOPER_DOCS_PREFIX}/`, 301));
  });
}
