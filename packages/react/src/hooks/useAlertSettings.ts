/**
 * The member's alert choices as React state (issue 49): read through the client's resource cache under
 * the key core's save updates, so /settings/alerts shows the stored choices after a save.
 * @module
 */
import type { AlertSettings } from '@sportspyder/contract';
import { ALERT_SETTINGS_KEY, type ResourceSnapshot, readAlertSettings } from '@sportspyder/core';
import { useClient } from './useClient.js';
import { type UseResourceOptions, useResource } from './useResource.js';

/**
 * The signed-in member's alert choices (`GET api/v1/profile/alerts`).
 *
 * @example
 * ```tsx
 * const alerts = useAlertSettings();
 * return <p>{alerts.data?.teams.filter((t) => t.finalScore).length} teams send final scores</p>;
 * ```
 */
export function useAlertSettings(options: UseResourceOptions = {}): ResourceSnapshot<AlertSettings> {
  const client = useClient();
  return useResource(ALERT_SETTINGS_KEY, () => readAlertSettings(client), options);
}
