/**
 * The admin's source management (issue 44): the health table, preview and add by URL, edit, enable and
 * disable, remove, fetch now, and OPML import and export (a file download). Every call answers 401
 * signed out and 403 for a member who is not an admin.
 * @module
 */
import { Type } from '@sinclair/typebox';
import {
  AdminOpmlImportBody,
  AdminOpmlImportResult,
  AdminSourceCreateBody,
  AdminSourceDeleteQuery,
  AdminSourceDetail,
  AdminSourceList,
  AdminSourcePreview,
  AdminSourcePreviewBody,
  AdminSourceQuery,
  AdminSourceUpdateBody,
} from '../admin-source.js';
import { errorResponses, idParams, type RouteDef } from '../route-def.js';

/** Routes under `/api/v1/admin/sources`. */
export const adminSourceRoutes = {
  listAdminSources: {
    method: 'GET',
    url: '/api/v1/admin/sources',
    tag: 'admin',
    summary: 'Lists every source with its health, paged, filtered and sorted (admins only).',
    querystring: AdminSourceQuery,
    response: { 200: AdminSourceList, ...errorResponses(401, 403, 422) },
  },
  getAdminSource: {
    method: 'GET',
    url: '/api/v1/admin/sources/:id',
    tag: 'admin',
    summary: 'Reads one source with its health and its latest stored items (admins only).',
    params: idParams('id'),
    response: { 200: AdminSourceDetail, ...errorResponses(401, 403, 404, 422) },
  },
  previewAdminSource: {
    method: 'POST',
    url: '/api/v1/admin/sources/preview',
    tag: 'admin',
    summary:
      "Finds the feed of a URL (the feed itself, a page's <link rel=alternate>, the usual feed paths, a YouTube channel), reads its first items and suggests the sport and teams (admins only).",
    body: AdminSourcePreviewBody,
    response: { 200: AdminSourcePreview, ...errorResponses(401, 403, 422, 429) },
  },
  createAdminSource: {
    method: 'POST',
    url: '/api/v1/admin/sources',
    tag: 'admin',
    summary: 'Adds a source; it is fetched at once (admins only).',
    body: AdminSourceCreateBody,
    response: { 201: AdminSourceDetail, ...errorResponses(401, 403, 422) },
  },
  updateAdminSource: {
    method: 'PATCH',
    url: '/api/v1/admin/sources/:id',
    tag: 'admin',
    summary: 'Enables or disables a source, renames it or changes its sport and teams (admins only).',
    params: idParams('id'),
    body: AdminSourceUpdateBody,
    response: { 200: AdminSourceDetail, ...errorResponses(401, 403, 404, 422) },
  },
  deleteAdminSource: {
    method: 'DELETE',
    url: '/api/v1/admin/sources/:id',
    tag: 'admin',
    summary:
      'Removes a source; `articles=keep` keeps its articles on the site (the source is retired), `articles=delete` removes them with it (admins only).',
    params: idParams('id'),
    querystring: AdminSourceDeleteQuery,
    response: {
      200: Type.Object({ removedArticles: Type.Integer({ minimum: 0 }) }),
      ...errorResponses(401, 403, 404, 422),
    },
  },
  fetchAdminSource: {
    method: 'POST',
    url: '/api/v1/admin/sources/:id/fetch',
    tag: 'admin',
    summary: 'Makes a source due now, so the scheduler fetches it within seconds (admins only).',
    params: idParams('id'),
    response: { 200: AdminSourceDetail, ...errorResponses(401, 403, 404, 422) },
  },
  importAdminSourcesOpml: {
    method: 'POST',
    url: '/api/v1/admin/sources/opml',
    tag: 'admin',
    summary:
      'Imports an OPML document: every outline with an xmlUrl becomes a source, with the teams and sport its categories and enclosing outlines name (admins only).',
    body: AdminOpmlImportBody,
    response: { 200: AdminOpmlImportResult, ...errorResponses(401, 403, 422) },
  },
  exportAdminSourcesOpml: {
    method: 'GET',
    url: '/api/v1/admin/sources.opml',
    tag: 'admin',
    summary:
      'Exports every source as an OPML file (sportspyder-sources.opml): one folder per sport, each outline with its feed and site URLs, and its sport and teams in `category`, as the import reads them (admins only).',
    produces: 'text/x-opml',
    response: { 200: Type.String({ description: 'An OPML 2.0 document.' }), ...errorResponses(401, 403) },
  },
} as const satisfies Record<string, RouteDef>;
