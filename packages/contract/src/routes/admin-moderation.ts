/**
 * The admin's moderation queue (issue 48): the reported messages and comments, and the action on one
 * (delete, dismiss, ban its author from chat for some days). 401 signed out, 403 for a member.
 * @module
 */
import { ModerationActionBody, ModerationActionResponse, ModerationQueue } from '../admin-moderation.js';
import { errorResponses, idParams, type RouteDef } from '../route-def.js';

/** Routes under `/api/v1/admin/reports`. */
export const adminModerationRoutes = {
  listModerationQueue: {
    method: 'GET',
    url: '/api/v1/admin/reports',
    tag: 'admin',
    summary:
      'Lists the reported messages and comments nobody acted on yet, the most recently reported first, with their reports and context (admins only).',
    response: { 200: ModerationQueue, ...errorResponses(401, 403) },
  },
  actOnReport: {
    method: 'POST',
    url: '/api/v1/admin/reports/:messageId/actions',
    tag: 'admin',
    summary:
      "Deletes a reported message, dismisses its reports, or bans its author from chat for `banDays` days (the message is deleted too); recorded with the admin's id and the time (admins only).",
    params: idParams('messageId'),
    body: ModerationActionBody,
    response: { 200: ModerationActionResponse, ...errorResponses(401, 403, 404, 422) },
  },
} as const satisfies Record<string, RouteDef>;
