/**
 * The member's spoiler shields as React state (issue 49), read through the client's resource cache under
 * the key core's save updates.
 * @module
 */
import type { SpoilerShields } from '@sportspyder/contract';
import { type ResourceSnapshot, readSpoilerShields, SPOILER_SHIELDS_KEY } from '@sportspyder/core';
import { useClient } from './useClient.js';
import { type UseResourceOptions, useResource } from './useResource.js';

/**
 * The signed-in member's shields (`GET api/v1/profile/spoiler_shields`): one entry per followed team.
 *
 * @example
 * ```tsx
 * function ShieldCount() {
 *   const shields = useSpoilerShields();
 *   return <p>{shields.data?.teams.filter((team) => team.on).length ?? 0} teams shielded</p>;
 * }
 * ```
 */
export function useSpoilerShields(options: UseResourceOptions = {}): ResourceSnapshot<SpoilerShields> {
  const client = useClient();
  return useResource(SPOILER_SHIELDS_KEY, () => readSpoilerShields(client), options);
}
