/**
 * The chat channel lists (spec 3 §7): the general channels, a sport's and a team's, each with its
 * moderators and the `selected` default. Read through the client's resource cache, under keys a
 * React hook can watch; which channel opens first is decided here.
 * @module
 */
import type { Channel, ChannelList } from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath, type PathValue } from '../content/resource-path.js';

/** Which list: the general channels, a sport's (id or slug) or a team's (id or slug). */
export type ChannelScope =
  | { readonly general: true }
  | { readonly sportId: PathValue }
  | { readonly teamId: PathValue };

/** The general channels' scope. */
export const GENERAL_CHANNELS: ChannelScope = Object.freeze({ general: true });

/** The API path (and cache key) of a scope's channel list. */
export function chatChannelsKey(scope: ChannelScope): string {
  if ('sportId' in scope) return apiPath('/api/v1/sports/:sportId/channels', { sportId: scope.sportId });
  if ('teamId' in scope) return apiPath('/api/v1/teams/:teamId/channels', { teamId: scope.teamId });
  return apiPath('/api/v1/chat/channels');
}

/** `GET` a scope's channels, uncached (the fetcher of {@link chatChannelsKey}). */
export async function fetchChatChannels(
  client: Pick<SportSpyderClient, 'api'>,
  scope: ChannelScope,
): Promise<readonly Channel[]> {
  const { channels } = await client.api.get<ChannelList>(chatChannelsKey(scope));
  return channels;
}

/**
 * A scope's channels through the cache (shared in-flight requests with every other reader).
 *
 * @example
 * ```ts
 * const channels = await getChatChannels(client, { teamId: 'green-bay-packers' });
 * const open = pickChannel(channels, routeChannelId);
 * ```
 */
export function getChatChannels(
  client: Pick<SportSpyderClient, 'cache' | 'api'>,
  scope: ChannelScope,
): Promise<readonly Channel[]> {
  return client.cache.query(chatChannelsKey(scope), () => fetchChatChannels(client, scope));
}

/** The API path (and cache key) of one channel read by id (a message link knows only the id). */
export function chatChannelKey(channelId: number): string {
  return apiPath('/api/v1/channels/:channelId', { channelId });
}

/** `GET` one channel with its real name and moderators (the fetcher of {@link chatChannelKey}). */
export async function fetchChatChannel(
  client: Pick<SportSpyderClient, 'api'>,
  channelId: number,
): Promise<Channel> {
  const { channel } = await client.api.get<{ channel: Channel }>(chatChannelKey(channelId), {
    handleNotFound: false,
  });
  return channel;
}

/**
 * The channel to open: the one named by the route when listed, else the list's `selected` one,
 * else the first; null for an empty list.
 */
export function pickChannel(channels: readonly Channel[], wantedId?: number | string | null): Channel | null {
  const wanted = wantedId == null || wantedId === '' ? null : Number(wantedId);
  return (
    (wanted !== null ? channels.find((c) => c.id === wanted) : undefined) ??
    channels.find((c) => c.selected) ??
    channels[0] ??
    null
  );
}
