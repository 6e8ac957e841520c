/**
 * PRO billing and API key routes (spec 3 §7 "PRO, billing, API keys"). API keys need the
 * member's `api` flag (403 otherwise).
 * @module
 */
import {
  ApiKeyCreateBody,
  ApiKeyResponse,
  BillingCreateBody,
  BillingResponse,
  BillingUpdateBody,
} from '../billing.js';
import { ApiKeyList } from '../lists.js';
import { errorResponses, idParams, type RouteDef } from '../route-def.js';

/** Routes under `/api/v1/profile/billing` and `/api/v1/profile/api_keys`. */
export const billingRoutes = {
  getBilling: {
    method: 'GET',
    url: '/api/v1/profile/billing',
    tag: 'billing',
    summary: "Reads the member's billing record (plan, renewal date, card on file).",
    response: { 200: BillingResponse, ...errorResponses(401) },
  },
  createBilling: {
    method: 'POST',
    url: '/api/v1/profile/billing',
    tag: 'billing',
    summary:
      'Subscribes to PRO with a plan and a card token; card errors answer 422 with the provider message.',
    body: BillingCreateBody,
    response: { 201: BillingResponse, ...errorResponses(401, 403, 422) },
  },
  updateBilling: {
    method: 'PUT',
    url: '/api/v1/profile/billing',
    tag: 'billing',
    summary: 'Replaces the card on file (new token) and/or changes the plan.',
    body: BillingUpdateBody,
    response: { 200: BillingResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deleteBilling: {
    method: 'DELETE',
    url: '/api/v1/profile/billing',
    tag: 'billing',
    summary: 'Cancels the PRO subscription (it runs to the end of the paid period).',
    response: { 200: BillingResponse, ...errorResponses(401, 403, 404) },
  },
  listApiKeys: {
    method: 'GET',
    url: '/api/v1/profile/api_keys',
    tag: 'billing',
    summary: "Lists the member's API keys.",
    response: { 200: ApiKeyList, ...errorResponses(401, 403) },
  },
  createApiKey: {
    method: 'POST',
    url: '/api/v1/profile/api_keys',
    tag: 'billing',
    summary: 'Creates an API key (body `{ apiKey: {} }`).',
    body: ApiKeyCreateBody,
    response: { 201: ApiKeyResponse, ...errorResponses(401, 403, 422) },
  },
  deleteApiKey: {
    method: 'DELETE',
    url: '/api/v1/profile/api_keys/:id',
    tag: 'billing',
    summary: 'Deletes an API key.',
    params: idParams('id'),
    response: { 200: ApiKeyResponse, ...errorResponses(401, 403, 404) },
  },
} as const satisfies Record<string, RouteDef>;
