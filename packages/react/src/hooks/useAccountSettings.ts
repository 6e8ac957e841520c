/**
 * The member's account settings as React state (spec 3 §2 "Settings"): read through the client's
 * resource cache under the key core's save updates, so every settings screen shows the saved values.
 * @module
 */
import type { AccountSettings } from '@sportspyder/contract';
import { ACCOUNT_SETTINGS_KEY, type ResourceSnapshot, readAccountSettings } from '@sportspyder/core';
import { useClient } from './useClient.js';
import { type UseResourceOptions, useResource } from './useResource.js';

/**
 * The signed-in member's account settings (`GET api/v1/profile/account`).
 *
 * @example
 * ```tsx
 * const settings = useAccountSettings();
 * return <p>{settings.data?.email}</p>;
 * ```
 */
export function useAccountSettings(options: UseResourceOptions = {}): ResourceSnapshot<AccountSettings> {
  const client = useClient();
  return useResource(ACCOUNT_SETTINGS_KEY, () => readAccountSettings(client), options);
}
