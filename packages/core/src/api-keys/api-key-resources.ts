/**
 * API keys as the settings screen runs them (spec 3 §7 "PRO, billing, API keys", §8): list, create
 * (the answer is the only time the whole token is shown) and delete, each success with the spec's
 * toast. Refusals reject with the `ApiError` for the screen's error box.
 * @module
 */
import type { ApiKey, ApiKeyList, ApiKeyResponse } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';

/** The part of the client the API key calls use. */
export type ApiKeyClient = Pick<SportSpyderClient, 'api' | 'toasts'>;

/** The toast after a key is made (spec 3 §8). */
export const API_KEY_CREATED_TOAST = 'API key created';
/** The toast after a key is deleted (spec 3 §8). */
export const API_KEY_DELETED_TOAST = 'Successfully deleted API key';

const KEYS = '/api/v1/profile/api_keys';

/** `GET api/v1/profile/api_keys`: the member's keys, newest first (tokens shortened to a prefix). */
export async function listApiKeys(client: ApiKeyClient): Promise<ApiKey[]> {
  const { apiKeys } = await client.api.get<ApiKeyList>(apiPath(KEYS), { handleNotFound: false });
  return apiKeys;
}

/** `POST api/v1/profile/api_keys`: makes a key (its whole token only in this answer); shows the toast. */
export async function createApiKey(client: ApiKeyClient, description?: string): Promise<ApiKey> {
  const trimmed = description?.trim();
  const { apiKey } = await client.api.post<ApiKeyResponse>(
    apiPath(KEYS),
    { apiKey: trimmed ? { description: trimmed } : {} },
    { handleNotFound: false },
  );
  client.toasts.show(API_KEY_CREATED_TOAST, 'success');
  return apiKey;
}

/** `DELETE api/v1/profile/api_keys/:id` (after the screen's confirmation); shows the toast. */
export async function deleteApiKey(client: ApiKeyClient, id: number): Promise<ApiKey> {
  const { apiKey } = await client.api.delete<ApiKeyResponse>(apiPath(`${KEYS}/${id}`), undefined, {
    handleNotFound: false,
  });
  client.toasts.show(API_KEY_DELETED_TOAST, 'success');
  return apiKey;
}

/** How a key's bearer header reads, for the screen's usage hint. */
export function bearerHeader(token: string): string {
  return `Authorization: Bearer ${token}`;
}
