/**
 * Alert routes (issue 49, Web Push): the VAPID public key, the browser's push subscriptions and the
 * member's alert choices with quiet hours.
 * @module
 */

import { Type } from '@sinclair/typebox';
import {
  AlertSettings,
  PushPublicKeyResponse,
  PushSubscriptionBody,
  PushSubscriptionDeleteBody,
  PushSubscriptionResponse,
} from '../alerts.js';
import { errorResponses, type RouteDef } from '../route-def.js';

/** Routes of push subscriptions and alert choices. */
export const alertRoutes = {
  getPushPublicKey: {
    method: 'GET',
    url: '/api/v1/push/public_key',
    tag: 'alerts',
    summary:
      "Reads the server's VAPID public key (base64url), the `applicationServerKey` of a push subscription.",
    response: { 200: PushPublicKeyResponse },
  },
  createPushSubscription: {
    method: 'POST',
    url: '/api/v1/profile/push_subscriptions',
    tag: 'alerts',
    summary:
      "Stores this browser's push subscription for the member: 201 when new; the same endpoint again updates its keys and answers 200 with the same id.",
    body: PushSubscriptionBody,
    response: {
      200: PushSubscriptionResponse,
      201: PushSubscriptionResponse,
      ...errorResponses(401, 403, 422),
    },
  },
  deletePushSubscription: {
    method: 'DELETE',
    url: '/api/v1/profile/push_subscriptions',
    tag: 'alerts',
    summary: "Forgets this browser's push subscription (by endpoint); 204 whether or not it was known.",
    body: PushSubscriptionDeleteBody,
    response: { 204: Type.Null({ description: 'No content.' }), ...errorResponses(401, 403, 422) },
  },
  getAlerts: {
    method: 'GET',
    url: '/api/v1/profile/alerts',
    tag: 'alerts',
    summary:
      "Reads the member's alert choices: one entry per followed team and followed podcast (all off by default) and the quiet hours.",
    response: { 200: AlertSettings, ...errorResponses(401) },
  },
  updateAlerts: {
    method: 'PUT',
    url: '/api/v1/profile/alerts',
    tag: 'alerts',
    summary:
      'Saves alert choices and quiet hours and answers the stored result; 422 naming the field for a team or podcast not followed, a bad time or time zone.',
    body: AlertSettings,
    response: { 200: AlertSettings, ...errorResponses(401, 403, 422) },
  },
} as const satisfies Record<string, RouteDef>;
