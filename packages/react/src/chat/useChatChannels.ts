/**
 * A channel list as React state (general, a sport's or a team's), read through the client's cache, and
 * the share dialog's list (the page's channels first, then the general ones).
 * @module
 */
import type { Channel } from '@sportspyder/contract';
import {
  type ChannelScope,
  chatChannelsKey,
  fetchChatChannels,
  getShareChannels,
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

/**
 * The channels a share dialog offers: the page's own scopes first (core's `shareChannelScopes`), then
 * the general channels, each once (core's `getShareChannels`).
 *
 * @example
 * ```tsx
 * const channels = useShareChannels(shareChannelScopes({ teams: article.teams }));
 * ```
 */
export function useShareChannels(scopes: readonly ChannelScope[]): ResourceSnapshot<readonly Channel[]> {
  const client = useClient();
  const key = `chat-share:${scopes.map(chatChannelsKey).join('|')}`;
  return useResource(key, () => getShareChannels(client, scopes));
}
