/**
 * The signed-in member's follows and hides of spec 2 §4 and §7 "Follow and hide": followed teams,
 * custom feeds, source and podcast follows, hidden sources and podcasts. Every mutation waits for
 * the server (nothing is optimistic), then invalidates the cache keys whose answers changed: a team
 * follow refetches the session user (its `followingTeams` stars the teams), a source follow the
 * follow lists and the source lists carrying `following`, a hide the team's feeds. Follow lists
 * are only read when signed in (spec 2 §6).
 * @module
 */
import type {
  CustomFeedList,
  CustomFeedResponse,
  FollowingTeamList,
  FollowingTeamResponse,
  HiddenPodcastList,
  HiddenPodcastResponse,
  HiddenSourceList,
  HiddenSourceResponse,
  PodcastFollowList,
  PodcastFollowResponse,
  SourceFollowList,
  SourceFollowResponse,
} from '@sportspyder/contract';
import { apiPath, type ContentClient, cachedGet, invalidateAll, type PathValue } from './resource-path.js';

const FOLLOWING_TEAMS = '/api/v1/profile/following_teams';
const CUSTOM_FEEDS = '/api/v1/profile/custom_feeds';
const SOURCE_FOLLOWS = '/api/v1/profile/source_follows';
const HIDDEN_SOURCES = '/api/v1/profile/hidden_sources';
const PODCAST_FOLLOWS = '/api/v1/profile/podcast_follows';
const HIDDEN_PODCASTS = '/api/v1/profile/hidden_podcasts';

/** Where a mutation came from: the team page whose cached feeds it changes (slug and/or id). */
export interface TeamScope {
  /** The team's slug as the team page's calls use it, e.g. `dallas-cowboys`. */
  teamSlug?: string | undefined;
}

// Cache-key prefixes of everything a team page reads (feeds, articles, videos, sources, podcasts).
function teamPrefixes(...keys: (PathValue | undefined)[]): string[] {
  return keys
    .filter((k) => k !== undefined && k !== '')
    .map((k) => `${apiPath('/api/v1/teams/:id', { id: k as PathValue })}/`);
}

// ---- Followed teams ----

/** `GET api/v1/profile/following_teams`: the member's followed teams in the member's order. */
export function listFollowingTeams(client: ContentClient): Promise<FollowingTeamList> {
  return cachedGet(client, FOLLOWING_TEAMS);
}

// A followed-team change stars or unstars teams (session user), reorders the list, and changes the
// member's combined news and custom feeds.
async function afterTeamFollowChange(client: ContentClient): Promise<void> {
  await Promise.all([
    client.session.refetch().catch(() => undefined),
    invalidateAll(client, [apiPath(FOLLOWING_TEAMS), apiPath(CUSTOM_FEEDS), 'api/v1/users/']),
  ]);
}

/** `POST api/v1/profile/following_teams`: follows a team, then refetches the session user. */
export async function createFollowingTeam(
  client: ContentClient,
  params: { teamId: number },
): Promise<FollowingTeamResponse> {
  const answer = await client.api.post<FollowingTeamResponse>(apiPath(FOLLOWING_TEAMS), {
    teamId: params.teamId,
  });
  await afterTeamFollowChange(client);
  return answer;
}

/** `DELETE api/v1/profile/following_teams/:id` (the following id): stops following, then refetches the user. */
export async function deleteFollowingTeam(
  client: ContentClient,
  params: { followingId: number },
): Promise<FollowingTeamResponse> {
  const answer = await client.api.delete<FollowingTeamResponse>(
    apiPath(`${FOLLOWING_TEAMS}/:id`, { id: params.followingId }),
  );
  await afterTeamFollowChange(client);
  return answer;
}

/** `PUT api/v1/profile/following_teams` with `faveIds` (team ids in the new order). */
export async function reorderFollowingTeams(
  client: ContentClient,
  params: { faveIds: readonly number[] },
): Promise<FollowingTeamList> {
  const answer = await client.api.put<FollowingTeamList>(apiPath(FOLLOWING_TEAMS), {
    faveIds: [...params.faveIds],
  });
  client.cache.set(apiPath(FOLLOWING_TEAMS), answer);
  await afterTeamFollowChange(client);
  return answer;
}

// ---- Custom feeds ----

/** `GET api/v1/profile/custom_feeds`: the custom feed configuration of every followed team. */
export function listCustomFeeds(client: ContentClient): Promise<CustomFeedList> {
  return cachedGet(client, CUSTOM_FEEDS);
}

/** `GET api/v1/profile/custom_feeds/:id`: the Configure screen's data of a team or sport (by slug). */
export function getCustomFeed(
  client: ContentClient,
  params: { id: PathValue; type?: 'sources' | 'podcasts' },
): Promise<CustomFeedResponse> {
  return cachedGet(client, `${CUSTOM_FEEDS}/:id`, { id: params.id }, { type: params.type });
}

// ---- Source follows ----

/** `GET api/v1/profile/source_follows`: the member's source follows. */
export function listSourceFollows(client: ContentClient): Promise<SourceFollowList> {
  return cachedGet(client, SOURCE_FOLLOWS);
}

// Sources carry `following`: the follow lists, My Sources, the source lists and search refresh.
function afterSourceFollowChange(client: ContentClient, sourceId: number, scope: TeamScope): Promise<void> {
  return invalidateAll(client, [
    apiPath(SOURCE_FOLLOWS),
    'api/v1/profile/sources',
    'api/v1/profile/source_articles',
    'api/v1/sources',
    'api/v1/search/sources',
    `api/v1/sources/${sourceId}`,
    ...teamPrefixes(scope.teamSlug),
  ]);
}

/** `POST api/v1/profile/source_follows`: subscribes to a source. */
export async function createSourceFollow(
  client: ContentClient,
  params: { sourceId: number } & TeamScope,
): Promise<SourceFollowResponse> {
  const answer = await client.api.post<SourceFollowResponse>(apiPath(SOURCE_FOLLOWS), {
    sourceFollow: { sourceId: params.sourceId },
  });
  await afterSourceFollowChange(client, params.sourceId, params);
  return answer;
}

/** `DELETE api/v1/profile/source_follows/x` with the same body: unsubscribes from a source. */
export async function deleteSourceFollow(
  client: ContentClient,
  params: { sourceId: number } & TeamScope,
): Promise<SourceFollowResponse> {
  const answer = await client.api.delete<SourceFollowResponse>(apiPath(`${SOURCE_FOLLOWS}/x`), {
    sourceFollow: { sourceId: params.sourceId },
  });
  await afterSourceFollowChange(client, params.sourceId, params);
  return answer;
}

// ---- Hidden sources ----

/** `GET api/v1/profile/hidden_sources`: the sources the member hid from team feeds. */
export function listHiddenSources(client: ContentClient): Promise<HiddenSourceList> {
  return cachedGet(client, HIDDEN_SOURCES);
}

// A hide changes the team's feeds (by id and by slug), the Configure screen and the combined news.
function afterHideChange(
  client: ContentClient,
  list: string,
  teamId: number,
  scope: TeamScope,
): Promise<void> {
  return invalidateAll(client, [
    apiPath(list),
    apiPath(CUSTOM_FEEDS),
    'api/v1/users/',
    ...teamPrefixes(teamId, scope.teamSlug),
  ]);
}

/** `POST api/v1/profile/hidden_sources`: hides a source (`eggId`) from a team's feed. */
export async function createHiddenSource(
  client: ContentClient,
  params: { eggId: number; teamId: number } & TeamScope,
): Promise<HiddenSourceResponse> {
  const answer = await client.api.post<HiddenSourceResponse>(apiPath(HIDDEN_SOURCES), {
    hiddenSource: { eggId: params.eggId, teamId: params.teamId },
  });
  await afterHideChange(client, HIDDEN_SOURCES, params.teamId, params);
  return answer;
}

/** `DELETE api/v1/profile/hidden_sources/x` with the same body: shows the source again (Undo, "Add to feed"). */
export async function deleteHiddenSource(
  client: ContentClient,
  params: { eggId: number; teamId: number } & TeamScope,
): Promise<HiddenSourceResponse> {
  const answer = await client.api.delete<HiddenSourceResponse>(apiPath(`${HIDDEN_SOURCES}/x`), {
    hiddenSource: { eggId: params.eggId, teamId: params.teamId },
  });
  await afterHideChange(client, HIDDEN_SOURCES, params.teamId, params);
  return answer;
}

// ---- Podcast follows ----

/** `GET api/v1/profile/podcast_follows`: the member's podcast follows. */
export function listPodcastFollows(client: ContentClient): Promise<PodcastFollowList> {
  return cachedGet(client, PODCAST_FOLLOWS);
}

// Podcasts carry `following`: the follow lists, My Podcasts, the podcast and the podcast lists refresh.
function afterPodcastFollowChange(client: ContentClient, podcastId: number, scope: TeamScope): Promise<void> {
  return invalidateAll(client, [
    apiPath(PODCAST_FOLLOWS),
    'api/v1/profile/podcasts',
    'api/v1/profile/podcast_episodes',
    `api/v1/podcasts/${podcastId}`,
    'api/v1/search/podcasts',
    ...teamPrefixes(scope.teamSlug),
  ]);
}

/** `POST api/v1/profile/podcast_follows`: follows (subscribes to) a podcast. */
export async function createPodcastFollow(
  client: ContentClient,
  params: { podcastId: number } & TeamScope,
): Promise<PodcastFollowResponse> {
  const answer = await client.api.post<PodcastFollowResponse>(apiPath(PODCAST_FOLLOWS), {
    podcastFollow: { podcastId: params.podcastId },
  });
  await afterPodcastFollowChange(client, params.podcastId, params);
  return answer;
}

/** `DELETE api/v1/profile/podcast_follows/x` with the same body: unfollows a podcast. */
export async function deletePodcastFollow(
  client: ContentClient,
  params: { podcastId: number } & TeamScope,
): Promise<PodcastFollowResponse> {
  const answer = await client.api.delete<PodcastFollowResponse>(apiPath(`${PODCAST_FOLLOWS}/x`), {
    podcastFollow: { podcastId: params.podcastId },
  });
  await afterPodcastFollowChange(client, params.podcastId, params);
  return answer;
}

// ---- Hidden podcasts ----

/** `GET api/v1/profile/hidden_podcasts`: the podcasts the member hid from team feeds. */
export function listHiddenPodcasts(client: ContentClient): Promise<HiddenPodcastList> {
  return cachedGet(client, HIDDEN_PODCASTS);
}

/** `POST api/v1/profile/hidden_podcasts`: hides a podcast from a team's feed. */
export async function createHiddenPodcast(
  client: ContentClient,
  params: { podcastId: number; teamId: number } & TeamScope,
): Promise<HiddenPodcastResponse> {
  const answer = await client.api.post<HiddenPodcastResponse>(apiPath(HIDDEN_PODCASTS), {
    hiddenPodcast: { podcastId: params.podcastId, teamId: params.teamId },
  });
  await afterHideChange(client, HIDDEN_PODCASTS, params.teamId, params);
  return answer;
}

/** `DELETE api/v1/profile/hidden_podcasts/x` with the same body: shows the podcast again. */
export async function deleteHiddenPodcast(
  client: ContentClient,
  params: { podcastId: number; teamId: number } & TeamScope,
): Promise<HiddenPodcastResponse> {
  const answer = await client.api.delete<HiddenPodcastResponse>(apiPath(`${HIDDEN_PODCASTS}/x`), {
    hiddenPodcast: { podcastId: params.podcastId, teamId: params.teamId },
  });
  await afterHideChange(client, HIDDEN_PODCASTS, params.teamId, params);
  return answer;
}
