/**
 * The developer docs at `/developers/`: the folder `npm run docs` writes (typedoc's reference of the
 * packages with the guides of `docs/guides/`), served as static files when it has been built. Before a
 * build, `/developers` answers 404 with a page saying how to build it (or the JSON error list to a
 * client that does not ask for HTML), rather than the site's not-found page, so a deployment that forgot
 * the docs is told so.
 * @module
 */
import { existsSync } from 'node:fs';
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

/** Registers `/developers/` on `docsDir` (typedoc's output) when it holds an index.html. */
export async function registerDeveloperDocs(app: FastifyInstance, docsDir: string): Promise<void> {
  if (existsSync(join(docsDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: docsDir,
      prefix: `${DEVELOPER_DOCS_PREFIX}/`,
      redirect: true,
      decorateReply: false,
      cacheControl: false,
      setHeaders(res, path) {
        // Pages change with every docs build; their assets keep their names, so they revalidate hourly.
        res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      },
    });
    // typedoc's pages link relatively, so the bare prefix must become the folder (with its slash).
    app.get(DEVELOPER_DOCS_PREFIX, (_request, reply) => reply.redirect(`${DEVELOPER_DOCS_PREFIX}/`, 301));
    return;
  }
  const notBuilt = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(request.headers.accept ?? '').includes('text/html')) return sendErrors(reply, 404, NOT_FOUND);
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(NOT_BUILT);
  };
  app.get(DEVELOPER_DOCS_PREFIX, notBuilt);
  app.get(`${DEVELOPER_DOCS_PREFIX}/*`, notBuilt);
}
