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

/** What a shared article or episode is about: its teams (each with its sport) and sports. */
export interface SharePlace {
  /** The teams (an article's, or the teams a podcast covers). */
  readonly teams?: readonly { readonly slug: string; readonly sportSlug: string }[];
  /** The sports (a podcast's, or the sport of the page). */
  readonly sports?: readonly { readonly slug: string }[];
}

/**
 * The channel scopes a share dialog offers first for a page (spec 3 §2, issue 48): the teams' channels,
 * then their sports' (and any other named sport's), each once; the general channels follow them.
 *
 * @example
 * ```ts
 * shareChannelScopes({ teams: [{ slug: 'green-bay-packers', sportSlug: 'nfl' }] });
 * // [{ teamId: 'green-bay-packers' }, { sportId: 'nfl' }]
 * ```
 */
export function shareChannelScopes(place: SharePlace): ChannelScope[] {
  const teams = [...new Set((place.teams ?? []).map((team) => team.slug))];
  const sports = [
    ...new Set([
      ...(place.teams ?? []).map((team) => team.sportSlug),
      ...(place.sports ?? []).map((s) => s.slug),
    ]),
  ];
  return [...teams.map((teamId) => ({ teamId })), ...sports.map((sportId) => ({ sportId }))];
}

/**
 * The channels a share dialog lists: those of `scopes` in their order, then the general ones, each
 * channel once. A page scope that cannot be read is left out (the general channels still come).
 *
 * @example
 * ```ts
 * const channels = await getShareChannels(client, shareChannelScopes({ teams: article.teams }));
 * ```
 */
export async function getShareChannels(
  client: Pick<SportSpyderClient, 'cache' | 'api'>,
  scopes: readonly ChannelScope[],
): Promise<readonly Channel[]> {
  const pageLists = await Promise.all(
    scopes.map((scope) => getChatChannels(client, scope).catch(() => [] as readonly Channel[])),
  );
  const general = await getChatChannels(client, GENERAL_CHANNELS);
  const seen = new Set<number>();
  return [...pageLists.flat(), ...general].filter((channel) => !seen.has(channel.id) && seen.add(channel.id));
}
