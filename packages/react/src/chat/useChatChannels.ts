/**
 * A channel list as React state (general, a sport's or a team's), read through the client's cache.
 * @module
 */
import type { Channel } from '@sportspyder/contract';
import {
  type ChannelScope,
  chatChannelsKey,
  fetchChatChannels,
  type ResourceSnapshot,
} from '@sportspyder/core';
import { useClient } from '../hooks/useClient.js';
import { type UseResourceOptions, useResource } from '../hooks/useResource.js';

/**
 * The channels of a scope; pick the one to open with core's `pickChannel`.
 *
 * @example
 * ```tsx
 * const channels = useChatChannels({ teamId: 'green-bay-packers' });
 * const open = pickChannel(channels.data ?? [], params.channelId);
 * ```
 */
export function useChatChannels(
  scope: ChannelScope,
  options: UseResourceOptions = {},
): ResourceSnapshot<readonly Channel[]> {
  const client = useClient();
  return useResource(chatChannelsKey(scope), () => fetchChatChannels(client, scope), options);
}
