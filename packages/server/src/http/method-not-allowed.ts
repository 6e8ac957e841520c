/**
 * 405 Method Not Allowed (RFC 9110 §15.5.6, issue 47): a request whose path names a route but whose
 * method is not one of it answers 405 with `Allow` listing the methods the path takes, in the contract's
 * error envelope, instead of the 404 of an unknown path. It runs from the not-found handler, that is
 * after routing, so the CSRF check (http/csrf.ts, which skips requests no route took) never turns it
 * into a 403: `DELETE /api/v1/sports` is a 405.
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendErrors } from './errors.js';

/** The methods a path can be asked for, in the order `Allow` lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The 405 body. */
export const METHOD_NOT_ALLOWED = {
  errors: [{ code: 'method_not_allowed', title: 'This address does not take this method' }],
};

/**
 * Whether the router can read every segment of `path`: for a segment it cannot decode, or one longer than
 * its limit, the router's lookup answers its own refusal for any method, which is no route here.
 */
function isReadable(path: string, maxParamLength: number): boolean {
  return path.split('/').every((segment) => {
    if (segment.length > maxParamLength) return false;
    try {
      decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The methods routes of `app` take at `path` (a concrete path, `/api/v1/sports/nfl`). Catch-all routes
 * (`/*` of the static site and the widgets) are left out: they serve files, not this path's resource.
 *
 * @example
 * ```ts
 * allowedMethods(app, '/api/v1/sports'); // ['GET', 'HEAD']
 * ```
 */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  if (!isReadable(path, app.initialConfig.routerOptions?.maxParamLength ?? 100)) return [];
  return METHODS.filter((method) => {
    const found = app.findRoute({ method, url: path });
    return found !== null && !('*' in ((found.params as Record<string, unknown> | undefined) ?? {}));
  });
}

/**
 * Answers 405 with `Allow` when `request`'s path is a route for other methods; false when it is no
 * route at all (the caller answers 404).
 *
 * @example
 * ```ts
 * app.setNotFoundHandler((request, reply) => answerMethodNotAllowed(app, request, reply) || sendErrors(reply, 404, NOT_FOUND));
 * ```
 */
export function answerMethodNotAllowed(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | false {
  const path = request.url.split('?')[0] ?? '/';
  const allowed = allowedMethods(app, path);
  if (allowed.length === 0 || allowed.includes(request.method)) return false;
  reply.header('allow', allowed.join(', '));
  return sendErrors(reply, 405, METHOD_NOT_ALLOWED);
}
